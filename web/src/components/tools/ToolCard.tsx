import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { ToolSummary } from '@neuralbeat/common/contracts';
import { Badge, Card, Clamp, LogoTile, Skeleton } from '../ui';
import { FallbackImage } from '../FallbackImage';

/** A directory card; its rows have fixed heights so that it is exactly as tall as its skeleton. */
export function ToolCard({ tool }: { tool: ToolSummary }) {
  return (
    <Box>
      <Body>
        <Head>
          <LogoTile aria-hidden="true">
            <FallbackImage src={tool.logoUrl} loading="lazy" fallback={tool.name.charAt(0)} />
          </LogoTile>
          <div>
            <Name title={tool.name}>
              <Link to={`/directory/${tool.slug}`}>{tool.name}</Link>
            </Name>
            <small>{tool.category}</small>
          </div>
        </Head>
        <Description>{tool.shortDescription}</Description>
        <Footer>
          <TagRow>
            {tool.tags.slice(0, 3).map((t) => (
              <Badge key={t}>{t}</Badge>
            ))}
          </TagRow>
          {tool.pricing && <Pricing>{tool.pricing}</Pricing>}
        </Footer>
      </Body>
    </Box>
  );
}

export function ToolCardSkeleton() {
  return (
    <Card aria-hidden="true" data-testid="tool-skeleton">
      <Body>
        <Head>
          <LogoTile />
          <div style={{ flex: 1 }}>
            <Skeleton $height="1.05rem" $width="60%" style={{ marginBottom: '0.4rem' }} />
            <Skeleton $height="0.8rem" $width="40%" />
          </div>
        </Head>
        <Description as="div">
          <Skeleton $height="0.9rem" style={{ margin: '0.35rem 0' }} />
          <Skeleton $height="0.9rem" $width="70%" style={{ margin: '0.35rem 0' }} />
        </Description>
        <Footer>
          <Skeleton $width="50%" $height="1.2rem" />
        </Footer>
      </Body>
    </Card>
  );
}

/** Padding, logo row, two-line description, tag row and the gaps between them: the height inside the card's border. */
const CARD_HEIGHT = 'calc(2 * 1.25rem + 2.75rem + 0.75rem + 3.2rem + 0.75rem + 1.5rem)';

/**
 * Cards off screen are laid out only when scrolled near, so a long directory
 * costs a phone no layout at load; the size they reserve is their real one.
 */
const Box = styled(Card)`
  content-visibility: auto;
  contain-intrinsic-block-size: ${CARD_HEIGHT};
`;
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
  height: 2.75rem;
  min-width: 0;
  > div:last-child {
    min-width: 0;
  }
  small {
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Name = styled.h3`
  margin: 0;
  font-size: 1.05rem;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
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
const Description = styled(Clamp)`
  line-height: 1.6;
  height: 3.2em;
`;
const Footer = styled.div`
  margin-top: auto;
  height: 1.5rem;
  overflow: hidden;
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 0.5rem;
`;
const TagRow = styled.div`
  display: flex;
  gap: 0.35rem;
  min-width: 0;
  overflow: hidden;
  white-space: nowrap;
`;
const Pricing = styled.span`
  font-size: 0.8rem;
  font-weight: 600;
  color: ${(p) => p.theme.colors.success};
`;
