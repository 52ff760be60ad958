import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { X } from 'lucide-react';
import { NEWS_PAGE_SIZE, STATIC_PAGES, displayTag, pagedListKey, screenApi } from '@neuralbeat/common/contracts/browser';
import type { NewsListResponse, TagSummary } from '@neuralbeat/common/contracts';
import { apiGet } from '../../api/client';
import { Seo } from '../../seo/Seo';
import { Badge, Button, Chip, Container, EmptyState, Grid, Muted, PageHeading, Skeleton } from '../../components/ui';
import { NewsCard, NewsCardSkeleton, tagPath } from '../../components/news/NewsCard';

/** /news and /news/tag/{tag}: the feed with popular-tag chips and infinite scroll. */
export default function NewsListPage() {
  const { tag: rawTag } = useParams();
  const tag = rawTag?.toLowerCase();
  const navigate = useNavigate();
  const feed = screenApi.newsFeed(tag);

  const tags = useQuery<{ tags: TagSummary[] }>({ queryKey: [screenApi.newsTags] });
  const news = useInfiniteQuery({
    queryKey: pagedListKey(feed),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => apiGet<NewsListResponse>(screenApi.newsFeedPage(feed, pageParam), signal),
    getNextPageParam: (last, pages) => (last.pagination.hasMore ? pages.length : undefined),
  });

  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = news;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries[0]?.isIntersecting && !isFetchingNextPage) void fetchNextPage();
      },
      { threshold: 0.1 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const articles = news.data?.pages.flatMap((p) => p.articles) ?? [];
  const total = news.data?.pages[0]?.pagination.total ?? 0;
  const meta = STATIC_PAGES['/news'];
  const title = tag ? `${displayTag(tag)} News` : meta.title;

  return (
    <Container>
      <Seo
        title={title}
        description={tag ? `The latest AI news tagged ${displayTag(tag)}.` : meta.description}
        path={tag ? tagPath(tag) : '/news'}
        // A tag no news carries is no page to index (the gateway answers it 404).
        noindex={Boolean(tag) && news.isSuccess && articles.length === 0}
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'CollectionPage',
          name: title,
          hasPart: articles.slice(0, 9).map((a) => ({ '@type': 'NewsArticle', headline: a.title, url: `/news/${a.slug}` })),
        }}
      />
      <PageHeading>{tag ? `News tagged “${displayTag(tag)}”` : 'Latest AI News'}</PageHeading>
      <Muted>Research, product launches, policy and business — credited to the original sources.</Muted>

      <Chips aria-label="Filter by tag">
        <Chip as={Link} to="/news" $active={!tag} aria-current={!tag ? 'page' : undefined}>
          All
        </Chip>
        {tags.data?.tags.map((t) => (
          <Chip key={t.name} type="button" $active={t.name === tag} aria-pressed={t.name === tag} onClick={() => navigate(tagPath(t.name))}>
            {displayTag(t.name)} <small>({t.count})</small>
          </Chip>
        ))}
        {tags.isPending &&
          Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} aria-hidden="true" $width="6.5rem" $height="2rem" style={{ flex: 'none', borderRadius: '9999px' }} />
          ))}
        {tags.isError && <span role="alert">Failed to load popular tags</span>}
      </Chips>

      {tag && (
        <ActiveFilter>
          <Badge>Filtered by tag</Badge>
          <strong>{displayTag(tag)}</strong>
          <Button type="button" $variant="ghost" aria-label="Clear tag filter" onClick={() => navigate('/news')}>
            <X aria-hidden="true" size={16} /> Clear
          </Button>
        </ActiveFilter>
      )}

      {news.isError ? (
        <EmptyState role="alert">
          <h2>Failed to fetch news articles</h2>
          <p>{news.error.message}</p>
        </EmptyState>
      ) : news.isPending ? (
        <>
          <Muted aria-hidden="true">
            <Skeleton as="span" $width="12rem" $height="1em" style={{ display: 'inline-block', verticalAlign: 'middle' }} />
          </Muted>
          <Grid aria-busy="true">
            {Array.from({ length: NEWS_PAGE_SIZE }, (_, i) => (
              <NewsCardSkeleton key={i} />
            ))}
          </Grid>
        </>
      ) : articles.length === 0 ? (
        <EmptyState>
          <h2>No articles found</h2>
          <p>There are no articles for this filter yet.</p>
          <Button as={Link} to="/news">
            Clear all filters
          </Button>
        </EmptyState>
      ) : (
        <>
          <h2 className="visually-hidden">Articles</h2>
          <Muted data-testid="showing-count">
            Showing {articles.length} of {total} articles
          </Muted>
          <Grid>
            {articles.map((a) => (
              <NewsCard key={a.id} article={a} />
            ))}
            {isFetchingNextPage && Array.from({ length: 3 }, (_, i) => <NewsCardSkeleton key={`more-${i}`} />)}
          </Grid>
          <div ref={sentinel} style={{ height: 1 }} />
          {isFetchingNextPage && <Loading role="status">Loading more articles...</Loading>}
          <Footnote>{total} articles in the database</Footnote>
        </>
      )}
    </Container>
  );
}

/** One row at every width (scrolls sideways when the tags do not fit), so it is as tall before the tags arrive as after. */
const Chips = styled.div`
  display: flex;
  gap: 0.5rem;
  margin: 1.5rem 0 1rem;
  padding: 0.125rem 0.125rem 0.5rem;
  overflow-x: auto;
  scrollbar-width: thin;
  > * {
    flex: none;
    white-space: nowrap;
  }
  small {
    opacity: 0.75;
  }
`;
const ActiveFilter = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  margin-bottom: 1rem;
`;
const Loading = styled.p`
  text-align: center;
  color: ${(p) => p.theme.colors.muted};
`;
const Footnote = styled.p`
  text-align: center;
  color: ${(p) => p.theme.colors.muted};
  font-size: 0.875rem;
  margin-top: 2rem;
`;
