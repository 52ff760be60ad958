import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { TAGS_PER_CARD, displayTag, proxiedImage } from '@neuralbeat/common/contracts/browser';
import type { NewsArticle } from '@neuralbeat/common/contracts';
import { formatDate } from '../../lib/format';
import { Badge, Card, Clamp, Skeleton } from '../ui';
import { theme } from '../../app/theme';

export const tagPath = (tag: string) => `/news/tag/${encodeURIComponent(tag.toLowerCase())}`;
export const categoryColor = (category: string) => theme.colors.category[category] ?? theme.colors.primary;

/** Credits the outlet the story came from and the provider that rewrote it. */
export function SourceCredit({ article }: { article: Pick<NewsArticle, 'sourceName' | 'sourceUrl' | 'aiProvider'> }) {
  if (!article.sourceName && !article.aiProvider) return null;
  return (
    <Credit>
      {article.sourceName &&
        (article.sourceUrl ? (
          <>
            Source:{' '}
            <a href={article.sourceUrl} target="_blank" rel="noopener noreferrer">
              {article.sourceName}
            </a>
          </>
        ) : (
          <>Source: {article.sourceName}</>
        ))}
      {article.aiProvider && <span> · Rewritten by {providerLabel(article.aiProvider)}</span>}
    </Credit>
  );
}

const PROVIDER_LABELS: Record<string, string> = { openai: 'OpenAI', gemini: 'Google Gemini', local: 'NeuralBeat (extractive)' };
export const providerLabel = (id: string) => PROVIDER_LABELS[id] ?? id;

export function NewsCard({ article }: { article: NewsArticle }) {
  const extra = article.tags.length - TAGS_PER_CARD;
  return (
    <Card>
      <ImageLink to={`/news/${article.slug}`} tabIndex={-1} aria-hidden="true">
        {article.imageUrl ? <img src={proxiedImage(article.imageUrl)} alt="" loading="lazy" /> : <Placeholder>🤖</Placeholder>}
      </ImageLink>
      <Body>
        <Meta>
          <Link to={tagPath(article.category)}>
            <Badge $color={categoryColor(article.category)}>{article.category}</Badge>
          </Link>
          <time dateTime={article.publishDate}>{formatDate(article.publishDate)}</time>
        </Meta>
        <Title>
          <Link to={`/news/${article.slug}`}>{article.title}</Link>
        </Title>
        <Clamp $lines={3}>{article.excerpt}</Clamp>
        {article.tags.length > 0 && (
          <Tags aria-label="Tags">
            {article.tags.slice(0, TAGS_PER_CARD).map((t) => (
              <Link key={t} to={tagPath(t)}>
                #{displayTag(t)}
              </Link>
            ))}
            {extra > 0 && <span>+{extra} more</span>}
          </Tags>
        )}
        <SourceCredit article={article} />
      </Body>
    </Card>
  );
}

export function NewsCardSkeleton() {
  return (
    <Card aria-hidden="true" data-testid="news-skeleton">
      <Skeleton $height="auto" style={{ aspectRatio: '16 / 9', borderRadius: 0 }} />
      <Body>
        <Skeleton $width="40%" />
        <Skeleton $height="1.4rem" />
        <Skeleton $height="3.5rem" />
      </Body>
    </Card>
  );
}

const ImageLink = styled(Link)`
  display: block;
  aspect-ratio: 16 / 9;
  background: ${(p) => p.theme.colors.surfaceAlt};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;
const Placeholder = styled.div`
  width: 100%;
  height: 100%;
  display: grid;
  place-items: center;
  font-size: 3rem;
`;
const Body = styled.div`
  padding: 1rem 1.25rem 1.25rem;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  flex: 1;
  p {
    margin: 0;
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Meta = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  font-size: 0.8rem;
  color: ${(p) => p.theme.colors.muted};
  a {
    text-decoration: none;
  }
`;
const Title = styled.h3`
  margin: 0;
  font-size: 1.1rem;
  a {
    color: ${(p) => p.theme.colors.text};
    text-decoration: none;
  }
  a:hover {
    color: ${(p) => p.theme.colors.primary};
  }
`;
const Tags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  font-size: 0.8rem;
  a {
    text-decoration: none;
  }
  span {
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Credit = styled.p`
  font-size: 0.8rem;
  margin-top: auto !important;
  a {
    color: inherit;
  }
`;
