import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import {
  SEARCH_KINDS,
  SEARCH_PREVIEW_COUNTS,
  SEARCH_TAGS_IN_PREVIEW,
  SEARCH_TAGS_IN_TAB,
  displayTag,
  searchPageMeta,
  type SearchKind,
} from '@neuralbeat/common/contracts/browser';
import type { TagSummary } from '@neuralbeat/common/contracts';
import { Seo } from '../../seo/Seo';
import { SearchFields } from '../../components/SearchFields';
import { Chip, Container, EmptyState, Muted, PageHeading } from '../../components/ui';
import { fetchSearch, type SearchAnswer } from './searchApi';
import { queryWordsOf } from './highlight';
import { SearchResultItem, SearchResultSkeleton } from './SearchResultItem';

type Tab = 'all' | SearchKind;

/** Tab labels and the word each kind uses in "No tool results" and "View all 3 tool results". */
const KIND_LABELS: Record<SearchKind, { tab: string; noun: string }> = {
  news: { tab: 'News', noun: 'news' },
  tools: { tab: 'Tools', noun: 'tool' },
  resources: { tab: 'Resources', noun: 'resource' },
  events: { tab: 'Events', noun: 'event' },
  jobs: { tab: 'Jobs', noun: 'job' },
};
/** Typing searches after this pause; submitting searches at once. */
const TYPING_PAUSE_MS = 250;
const POPULAR_TOPICS = 8;

const parseTab = (value: string | null): Tab => ((SEARCH_KINDS as readonly string[]).includes(value ?? '') ? (value as SearchKind) : 'all');
const formatCount = (n: number) => n.toLocaleString('en-US');
const tabHref = (q: string, tab: Tab) => `/search?q=${encodeURIComponent(q)}${tab === 'all' ? '' : `&tab=${tab}`}`;

/** /search?q=&tab=: one search across news, tools, guides, events and jobs. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const urlQ = params.get('q') ?? '';
  const tab = parseTab(params.get('tab'));
  const [text, setText] = useState(urlQ);
  const [searched, setSearched] = useState(urlQ.trim());
  // Values of q this page wrote to the address bar and has not seen come back yet. Fast typing writes several
  // before React renders once; any other change of q came from navigation (header search, back, a link).
  const pending = useRef<string[]>([]);

  useEffect(() => {
    const ours = pending.current.indexOf(urlQ);
    if (ours >= 0) {
      pending.current.splice(0, ours + 1);
      return;
    }
    pending.current = [];
    setText(urlQ);
    setSearched(urlQ.trim());
  }, [urlQ]);

  useEffect(() => {
    const typed = text.trim();
    if (typed === searched) return;
    const timer = setTimeout(() => setSearched(typed), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, searched]);

  const writeUrl = (next: { q?: string; tab?: Tab }, replace: boolean) => {
    const q = next.q ?? urlQ;
    const t = next.tab ?? tab;
    const p = new URLSearchParams();
    if (q) p.set('q', q);
    if (t !== 'all') p.set('tab', t);
    if (q !== urlQ) pending.current.push(q);
    setParams(p, { replace });
  };
  const handleChange = (value: string) => {
    setText(value);
    writeUrl({ q: value }, true);
  };
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    setText(q);
    writeUrl({ q }, false);
    setSearched(q);
  };

  const results = useQueries({
    queries: SEARCH_KINDS.map((kind) => ({
      queryKey: ['search', kind, searched],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchSearch(kind, searched, signal),
      enabled: searched !== '',
      placeholderData: keepPreviousData,
    })),
  });
  const byKind = Object.fromEntries(SEARCH_KINDS.map((kind, i) => [kind, results[i]!])) as Record<SearchKind, (typeof results)[number]>;
  const settled = searched !== '' && results.every((r) => !r.isPlaceholderData && (r.isSuccess || r.isError));
  const total = results.reduce((sum, r) => sum + (r.data?.total ?? 0), 0);
  const allFailed = settled && results.every((r) => r.isError);
  const meta = searchPageMeta(searched, settled && !allFailed ? total : null);
  const query = queryWordsOf(searched);
  const anyTypo = results.some((r) => r.data?.items.some((item) => item.why.match === 'typo'));

  return (
    <Container>
      <Seo title={meta.title} description={meta.description} path={meta.path} noindex={meta.noindex} />
      <PageHeading>{searched ? `Search results for “${searched}”` : 'Search'}</PageHeading>
      <SearchForm role="search" onSubmit={handleSubmit}>
        <SearchFields
          id="search-page-input"
          label="Search NeuralBeat"
          placeholder="Search news, tools, guides, events and jobs..."
          value={text}
          onChange={handleChange}
        />
      </SearchForm>

      {!searched ? (
        <StartSearch />
      ) : (
        <>
          <Tabs role="tablist" aria-label="Result types">
            {(['all', ...SEARCH_KINDS] as Tab[]).map((t) => {
              const count = t === 'all' ? (settled ? total : null) : (byKind[t].data?.total ?? null);
              return (
                <TabButton
                  key={t}
                  role="tab"
                  type="button"
                  aria-selected={tab === t}
                  $active={tab === t}
                  onClick={() => writeUrl({ tab: t }, false)}
                >
                  {t === 'all' ? 'All Results' : KIND_LABELS[t].tab}
                  <Count>{count === null ? '…' : formatCount(count)}</Count>
                </TabButton>
              );
            })}
          </Tabs>
          {anyTypo && <Muted role="note">Some results are close spellings of words we could not find as you typed them.</Muted>}
          <div role="tabpanel" aria-label={tab === 'all' ? 'All Results' : KIND_LABELS[tab].tab}>
            {tab === 'all' ? (
              allFailed ? (
                <EmptyState>
                  <h2>Search failed</h2>
                  <p>{byKind.news.error?.message}</p>
                </EmptyState>
              ) : settled && total === 0 ? (
                <EmptyState>
                  <h2>No results found</h2>
                  <p>Nothing matched “{searched}”. Check the spelling or try fewer or more general words.</p>
                </EmptyState>
              ) : (
                SEARCH_KINDS.map((kind) => <Preview key={kind} kind={kind} q={searched} query={query} state={byKind[kind]} />)
              )
            ) : (
              <KindResults kind={tab} q={searched} query={query} state={byKind[tab]} />
            )}
          </div>
        </>
      )}
    </Container>
  );
}

interface KindState<K extends SearchKind> {
  data?: SearchAnswer<K>;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
}

/** A kind's section of the All tab: its first few results and a link to its own tab; hidden when it has none. */
function Preview<K extends SearchKind>({ kind, q, query, state }: { kind: K; q: string; query: string[]; state: KindState<K> }) {
  const label = KIND_LABELS[kind];
  if (state.isPending) {
    return (
      <PreviewSection aria-busy="true" aria-label={label.tab}>
        <h2>{label.tab}</h2>
        <SearchResultSkeleton />
      </PreviewSection>
    );
  }
  if (state.isError) {
    return (
      <PreviewSection aria-label={label.tab}>
        <h2>{label.tab}</h2>
        <Muted>{state.error?.message}</Muted>
      </PreviewSection>
    );
  }
  const answer = state.data!;
  if (!answer.items.length) return null;
  return (
    <PreviewSection aria-label={label.tab}>
      <h2>{label.tab}</h2>
      {answer.items.slice(0, SEARCH_PREVIEW_COUNTS[kind]).map((item) => (
        <SearchResultItem key={item.id} kind={kind} result={item} query={query} maxTags={SEARCH_TAGS_IN_PREVIEW} />
      ))}
      <ViewAll to={tabHref(q, kind)}>
        View all {formatCount(answer.total)} {label.noun} results →
      </ViewAll>
    </PreviewSection>
  );
}

/** A kind's own tab: every result returned, best first, or its empty state. */
function KindResults<K extends SearchKind>({ kind, q, query, state }: { kind: K; q: string; query: string[]; state: KindState<K> }) {
  const label = KIND_LABELS[kind];
  if (state.isPending)
    return (
      <>
        {Array.from({ length: 4 }, (_, i) => (
          <SearchResultSkeleton key={i} />
        ))}
      </>
    );
  if (state.isError) {
    return (
      <EmptyState>
        <h2>Search failed</h2>
        <p>{state.error?.message}</p>
      </EmptyState>
    );
  }
  const { items, total } = state.data!;
  if (!items.length) {
    return (
      <EmptyState>
        <h2>No {label.noun} results</h2>
        <p>
          Nothing in {label.tab.toLowerCase()} matched “{q}”. <Link to={tabHref(q, 'all')}>See all results</Link>
        </p>
      </EmptyState>
    );
  }
  return (
    <>
      {total > items.length && (
        <Muted>
          Showing the {items.length} best of {formatCount(total)} results. Add words to narrow them down.
        </Muted>
      )}
      {items.map((item) => (
        <SearchResultItem key={item.id} kind={kind} result={item} query={query} maxTags={SEARCH_TAGS_IN_TAB} />
      ))}
    </>
  );
}

/** No query yet: an invitation and the news feed's popular topics to start from. */
function StartSearch() {
  const tags = useQuery<{ tags: TagSummary[] }>({ queryKey: ['/api/news/tags'] });
  const topics = tags.data?.tags.slice(0, POPULAR_TOPICS) ?? [];
  return (
    <EmptyState>
      <h2>Start your search</h2>
      <p>Search AI news, tools, learning guides, events and jobs in one place.</p>
      {topics.length > 0 && (
        <Topics aria-label="Popular topics">
          {topics.map((t) => (
            <Chip key={t.name} as={Link} to={`/search?q=${encodeURIComponent(t.name)}`}>
              {displayTag(t.name)}
            </Chip>
          ))}
        </Topics>
      )}
    </EmptyState>
  );
}

const SearchForm = styled.form`
  display: flex;
  gap: 0.5rem;
  max-width: 40rem;
  margin: 1rem 0 1.5rem;
`;
const Tabs = styled.div`
  display: flex;
  gap: 0.25rem;
  overflow-x: auto;
  border-bottom: 1px solid ${(p) => p.theme.colors.border};
  margin-bottom: 1rem;
`;
const TabButton = styled.button<{ $active: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  padding: 0.6rem 0.9rem;
  border: none;
  border-bottom: 2px solid ${(p) => (p.$active ? p.theme.colors.primary : 'transparent')};
  background: none;
  font: inherit;
  font-weight: ${(p) => (p.$active ? 700 : 500)};
  color: ${(p) => (p.$active ? p.theme.colors.primary : p.theme.colors.text)};
  cursor: pointer;
  white-space: nowrap;
`;
const Count = styled.span`
  font-size: 0.75rem;
  padding: 0.05rem 0.45rem;
  border-radius: ${(p) => p.theme.radius.full};
  background: ${(p) => p.theme.colors.surfaceAlt};
  color: ${(p) => p.theme.colors.muted};
`;
const PreviewSection = styled.section`
  margin: 1.5rem 0 2rem;
  h2 {
    font-size: 1.25rem;
    margin: 0;
  }
`;
const ViewAll = styled(Link)`
  display: inline-block;
  margin-top: 0.75rem;
  font-weight: 600;
  text-decoration: none;
`;
const Topics = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 0.5rem;
  margin-top: 1rem;
`;
