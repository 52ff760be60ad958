import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { NEWS_PAGE_SIZE, STATIC_PAGES, displayTag } from '@neuralbeat/common/contracts/browser';
import type { NewsListResponse, TagSummary } from '@neuralbeat/common/contracts';
import { apiGet } from '../../api/client';
import { Seo } from '../../seo/Seo';
import { Badge, Button, Chip, Container, EmptyState, Grid, Muted, PageHeading } from '../../components/ui';
import { NewsCard, NewsCardSkeleton, tagPath } from '../../components/news/NewsCard';

/** /news and /news/tag/{tag}: the feed with popular-tag chips and infinite scroll. */
export default function NewsListPage() {
  const { tag: rawTag } = useParams();
  const tag = rawTag?.toLowerCase();
  const navigate = useNavigate();
  const base = tag ? `/api/news/tag/${encodeURIComponent(tag)}` : '/api/news';

  const tags = useQuery<{ tags: TagSummary[] }>({ queryKey: ['/api/news/tags'] });
  const news = useInfiniteQuery({
    queryKey: [base, 'infinite'],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => apiGet<NewsListResponse>(`${base}?limit=${NEWS_PAGE_SIZE}&offset=${pageParam * NEWS_PAGE_SIZE}`, signal),
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
        {tags.isError && <span role="alert">Failed to load popular tags</span>}
      </Chips>

      {tag && (
        <ActiveFilter>
          <Badge>Filtered by tag</Badge>
          <strong>{displayTag(tag)}</strong>
          <Button type="button" $variant="ghost" aria-label="Clear tag filter" onClick={() => navigate('/news')}>
            ✕ Clear
          </Button>
        </ActiveFilter>
      )}

      {news.isError ? (
        <EmptyState role="alert">
          <h2>Failed to fetch news articles</h2>
          <p>{news.error.message}</p>
        </EmptyState>
      ) : news.isPending ? (
        <Grid aria-busy="true">
          {Array.from({ length: NEWS_PAGE_SIZE }, (_, i) => (
            <NewsCardSkeleton key={i} />
          ))}
        </Grid>
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

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: 1.5rem 0 1rem;
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
