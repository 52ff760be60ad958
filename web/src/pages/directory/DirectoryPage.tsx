import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useInfiniteQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { PRICING_MODELS, STATIC_PAGES, TOOL_CATEGORIES, pagedListKey, screenApi } from '@neuralbeat/common/contracts/browser';
import type { ToolSummary } from '@neuralbeat/common/contracts';
import { apiGetPage } from '../../api/client';
import { Seo } from '../../seo/Seo';
import { SearchFields } from '../../components/SearchFields';
import { NoResults } from '../../components/NoResults';
import { Button, Chip, Container, Grid, Muted, PageHeading, PageTop, Skeleton } from '../../components/ui';
import { ToolCard, ToolCardSkeleton } from '../../components/tools/ToolCard';
import { searchTarget } from '../../lib/format';
import { useFilterParams } from '../../lib/useFilterParams';

/**
 * /directory?q=&category=&pricing=: filters live in the URL, changed without a
 * reload, and are applied by the API, which sends the directory a page at a
 * time ("Load more tools").
 */
export default function DirectoryPage() {
  const { params, update, clear: clearFilters } = useFilterParams();
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const pricing = params.get('pricing') ?? '';
  const [text, setText] = useState(q);

  const list = screenApi.tools({ category, pricing, q });
  const tools = useInfiniteQuery({
    queryKey: pagedListKey(list),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => apiGetPage<ToolSummary>(screenApi.toolsPage(list, pageParam), signal),
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.items.length, 0) < last.total && last.items.length > 0 ? pages.length : undefined,
  });
  const shown = tools.data?.pages.flatMap((p) => p.items) ?? [];
  const total = tools.data?.pages.at(-1)?.total ?? 0;

  const handleSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ q: text.trim() });
  };
  const clear = () => {
    setText('');
    clearFilters();
  };
  const meta = STATIC_PAGES['/directory'];

  return (
    <Container>
      <Seo title={meta.title} description={meta.description} path="/directory" />
      <PageTop>
        <div>
          <PageHeading>AI Tools Directory</PageHeading>
          <Muted>Hand-picked AI tools for writing, images, code, data and more.</Muted>
        </div>
        <Button as={Link} to="/submit-tool">
          Submit Your Tool
        </Button>
      </PageTop>
      <SearchForm role="search" onSubmit={handleSearch}>
        <SearchFields id="directory-search" label="Search tools" placeholder="Search AI tools..." value={text} onChange={setText} />
      </SearchForm>
      {q && searchTarget(q) && (
        <Muted>
          Looking beyond tools? <Link to={searchTarget(q)!}>Search all of NeuralBeat for “{q}”</Link>
        </Muted>
      )}
      <Chips aria-label="Category">
        <Chip type="button" $active={!category} aria-pressed={!category} onClick={() => update({ category: '' })}>
          All Categories
        </Chip>
        {TOOL_CATEGORIES.map((c) => (
          <Chip key={c} type="button" $active={category === c} aria-pressed={category === c} onClick={() => update({ category: c })}>
            {c}
          </Chip>
        ))}
      </Chips>
      <Chips aria-label="Pricing">
        <Chip type="button" $active={!pricing} aria-pressed={!pricing} onClick={() => update({ pricing: '' })}>
          All Pricing
        </Chip>
        {PRICING_MODELS.map((p) => (
          <Chip
            key={p}
            type="button"
            $active={pricing === p.toLowerCase()}
            aria-pressed={pricing === p.toLowerCase()}
            onClick={() => update({ pricing: p.toLowerCase() })}
          >
            {p}
          </Chip>
        ))}
      </Chips>
      {tools.isPending ? (
        <>
          <Muted aria-hidden="true">
            <Skeleton as="span" $width="4rem" $height="1em" style={{ display: 'inline-block', verticalAlign: 'middle' }} />
          </Muted>
          <Grid aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <ToolCardSkeleton key={i} />
            ))}
          </Grid>
        </>
      ) : shown.length === 0 ? (
        <NoResults
          title="No tools found"
          hint="Try another search or category."
          error={tools.error}
          action="Clear Filters"
          onAction={clear}
        />
      ) : (
        <>
          <h2 className="visually-hidden">Tools</h2>
          <Muted>{shown.length < total ? `Showing ${shown.length} of ${total} tools` : `${total} ${total === 1 ? 'tool' : 'tools'}`}</Muted>
          <Grid>
            {shown.map((t) => (
              <ToolCard key={t.id} tool={t} />
            ))}
            {tools.isFetchingNextPage && Array.from({ length: 3 }, (_, i) => <ToolCardSkeleton key={`more-${i}`} />)}
          </Grid>
          {tools.hasNextPage && (
            <More>
              <Button type="button" $variant="outline" onClick={() => void tools.fetchNextPage()} disabled={tools.isFetchingNextPage}>
                {tools.isFetchingNextPage ? 'Loading more tools...' : 'Load more tools'}
              </Button>
            </More>
          )}
          {tools.isFetchNextPageError && <p role="alert">Could not load more tools: {tools.error?.message}</p>}
        </>
      )}
    </Container>
  );
}

const SearchForm = styled.form`
  display: flex;
  gap: 0.5rem;
  max-width: 36rem;
  margin: 1.5rem 0 1rem;
`;
const More = styled.div`
  display: flex;
  justify-content: center;
  margin: 2rem 0;
`;
const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-bottom: 0.75rem;
`;
