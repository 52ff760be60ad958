import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { TAGS_PER_CARD, displayTag } from '@neuralbeat/common/contracts/browser';
import type { NewsArticle, NewsSummary } from '@neuralbeat/common/contracts';
import { formatDate } from '../../lib/format';
import { Badge, Card, Clamp, Skeleton } from '../ui';
import { theme } from '../../app/theme';
import { FallbackImage } from '../FallbackImage';
import { ImagePlaceholder } from '../brand';

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

/**
 * A news card. Every text row has a fixed height (titles and excerpts are
 * clamped, tags and credit take one line), so a card is exactly as tall as its
 * skeleton and nothing moves when the feed arrives.
 */
export function NewsCard({ article }: { article: NewsSummary }) {
  const extra = article.tags.length - TAGS_PER_CARD;
  return (
    <Card>
      <ImageLink to={`/news/${article.slug}`} tabIndex={-1} aria-hidden="true">
        <FallbackImage src={article.imageUrl} loading="lazy" fallback={<ImagePlaceholder />} />
      </ImageLink>
      <Body>
        <Meta>
          <Link to={tagPath(article.category)}>
            <Badge $color={categoryColor(article.category)}>{article.category}</Badge>
          </Link>
          <time dateTime={article.publishDate}>{formatDate(article.publishDate)}</time>
        </Meta>
        <Title title={article.title}>
          <Link to={`/news/${article.slug}`}>{article.title}</Link>
        </Title>
        <Excerpt $lines={EXCERPT_LINES}>{article.excerpt}</Excerpt>
        <Tags aria-label={article.tags.length ? 'Tags' : undefined}>
          {article.tags.slice(0, TAGS_PER_CARD).map((t) => (
            <Link key={t} to={tagPath(t)}>
              #{displayTag(t)}
            </Link>
          ))}
          {extra > 0 && <span>+{extra} more</span>}
        </Tags>
        <CreditRow>
          <SourceCredit article={article} />
        </CreditRow>
      </Body>
    </Card>
  );
}

/** A news card while the feed loads: the same rows, each the height of the real one. */
export function NewsCardSkeleton() {
  return (
    <Card aria-hidden="true" data-testid="news-skeleton">
      <ImageSlot>
        <Skeleton $height="100%" style={{ borderRadius: 0 }} />
      </ImageSlot>
      <Body>
        <Meta>
          <Skeleton $width="6rem" $height="1.25rem" />
          <Skeleton $width="5rem" $height="0.9rem" />
        </Meta>
        <Title as="div">
          <Skeleton $height="1.1rem" style={{ margin: '0.1rem 0 0.4rem' }} />
          <Skeleton $height="1.1rem" $width="70%" />
        </Title>
        <Excerpt as="div" $lines={EXCERPT_LINES}>
          <Skeleton $height="0.9rem" style={{ margin: '0.35rem 0' }} />
          <Skeleton $height="0.9rem" style={{ margin: '0.35rem 0' }} />
          <Skeleton $height="0.9rem" $width="60%" style={{ margin: '0.35rem 0' }} />
        </Excerpt>
        <Tags>
          <Skeleton $width="40%" $height="0.8rem" />
        </Tags>
        <CreditRow />
      </Body>
    </Card>
  );
}

const EXCERPT_LINES = 3;
const TITLE_LINES = 3;

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
const ImageSlot = styled.div`
  aspect-ratio: 16 / 9;
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
  height: 1.5rem;
  font-size: 0.8rem;
  color: ${(p) => p.theme.colors.muted};
  a {
    text-decoration: none;
  }
`;
const Title = styled.h3`
  margin: 0;
  font-size: 1.1rem;
  line-height: 1.25;
  height: ${TITLE_LINES * 1.25}em;
  display: -webkit-box;
  -webkit-line-clamp: ${TITLE_LINES};
  -webkit-box-orient: vertical;
  overflow: hidden;
  a {
    color: ${(p) => p.theme.colors.text};
    text-decoration: none;
  }
  a:hover {
    color: ${(p) => p.theme.colors.primary};
  }
`;
const Excerpt = styled(Clamp)`
  line-height: 1.6;
  height: ${EXCERPT_LINES * 1.6}em;
`;
/** One line, whatever the number of tags. */
const Tags = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  height: 1.6em;
  overflow: hidden;
  white-space: nowrap;
  font-size: 0.8rem;
  a {
    text-decoration: none;
  }
  span {
    color: ${(p) => p.theme.colors.muted};
  }
`;
const CreditRow = styled.div`
  height: 1.6em;
  font-size: 0.8rem;
  margin-top: auto;
  p {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;
const Credit = styled.p`
  font-size: 0.8rem;
  margin-top: auto !important;
  a {
    color: inherit;
  }
`;
