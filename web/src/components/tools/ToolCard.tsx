import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Tool } from '@neuralbeat/common/contracts';
import { proxiedImage } from '@neuralbeat/common/contracts/browser';
import { Badge, Card, Clamp, LogoTile, Skeleton } from '../ui';

export function ToolCard({ tool }: { tool: Tool }) {
  return (
    <Card>
      <Body>
        <Head>
          <LogoTile aria-hidden="true">{tool.logoUrl ? <img src={proxiedImage(tool.logoUrl)} alt="" loading="lazy" /> : tool.name.charAt(0)}</LogoTile>
          <div>
            <Name>
              <Link to={`/directory/${tool.slug}`}>{tool.name}</Link>
            </Name>
            <small>{tool.category}</small>
          </div>
        </Head>
        <Clamp>{tool.shortDescription}</Clamp>
        <Footer>
          <TagRow>
            {tool.tags.slice(0, 3).map((t) => (
              <Badge key={t}>{t}</Badge>
            ))}
          </TagRow>
          {tool.pricing && <Pricing>{tool.pricing}</Pricing>}
        </Footer>
      </Body>
    </Card>
  );
}

export function ToolCardSkeleton() {
  return (
    <Card aria-hidden="true" data-testid="tool-skeleton">
      <Body>
        <Skeleton $height="2.5rem" $width="60%" />
        <Skeleton $height="2.8rem" />
        <Skeleton $width="50%" />
      </Body>
    </Card>
  );
}

const Body = styled.div`
  padding: 1.25rem;
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  height: 100%;
  p {
    margin: 0;
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Head = styled.div`
  display: flex;
  gap: 0.75rem;
  align-items: center;
  small {
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Name = styled.h3`
  margin: 0;
  font-size: 1.05rem;
  a {
    color: ${(p) => p.theme.colors.text};
    text-decoration: none;
  }
  a::after {
    content: '';
    position: absolute;
    inset: 0;
  }
`;
const Footer = styled.div`
  margin-top: auto;
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 0.5rem;
`;
const TagRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.35rem;
`;
const Pricing = styled.span`
  font-size: 0.8rem;
  font-weight: 600;
  color: ${(p) => p.theme.colors.success};
`;
