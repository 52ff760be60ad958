import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { TagStats } from '@neuralbeat/common/contracts';
import { DEFAULT_TAG_PAGE_SIZE, TAG_PAGE_SIZES, USAGE_BANDS, paginationItems } from '@neuralbeat/common/contracts/browser';
import { Badge, Button, Container, Input, PageHeading, Skeleton } from '../../components/ui';
import { Seo } from '../../seo/Seo';
import { useTagList, useTagStats } from './api';
import { Alert, Panel, Stat, StatGrid, Table, TableScroll, Tabs } from './components/AdminUi';
import { HorizontalBars } from './components/charts';

type Tab = 'overview' | 'list';
const BAND_COLORS = ['#4f46e5', '#0ea5e9', '#16a34a', '#d97706', '#94a3b8'];

/** /admin/tags: Overview and Tag List tabs. */
export default function TagsPage() {
  const [tab, setTab] = useState<Tab>('overview');
  return (
    <Container>
      <Seo title="Tag Management" noindex />
      <PageHeading>Tag Management</PageHeading>
      <Tabs role="tablist" aria-label="Tag views">
        {(['overview', 'list'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`panel-${t}`}
            onClick={() => setTab(t)}
          >
            {t === 'overview' ? 'Overview' : 'Tag List'}
          </button>
        ))}
      </Tabs>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'overview' ? <Overview /> : <TagList />}
      </div>
    </Container>
  );
}

function Overview() {
  const stats = useTagStats();
  if (stats.isPending) return <Skeleton $height="20rem" style={{ marginTop: '1.25rem' }} />;
  if (stats.isError) return <Alert tone="error">Error loading tag statistics. Please try again.</Alert>;
  return <OverviewView stats={stats.data} />;
}

function OverviewView({ stats }: { stats: TagStats }) {
  return (
    <>
      <StatGrid>
        <Stat label="Unique tags" value={stats.uniqueTagCount} testId="unique-tags" />
        <Stat label="Case variations" value={stats.caseVariationCount} testId="case-variations" />
        <Stat
          label="Tags with uppercase"
          value={`${stats.nonLowercaseCount} (${stats.percentages.nonLowercase}%)`}
          testId="non-lowercase"
        />
      </StatGrid>
      <Grid>
        <Panel title="Usage distribution" id="distribution">
          <HorizontalBars
            labelWidth="11rem"
            label="Tags by usage band"
            data={USAGE_BANDS.map((b, i) => ({
              label: `${b.label} · ${stats.percentages[b.key]}%`,
              value: stats.distribution[b.key],
              color: BAND_COLORS[i]!,
            }))}
          />
        </Panel>
        <Panel title="Unique tags per category" id="categories">
          {stats.categoryTags.length === 0 ? (
            <p>No tagged news yet.</p>
          ) : (
            <Table>
              <tbody>
                {stats.categoryTags.map((c) => (
                  <tr key={c.category}>
                    <td>{c.category}</td>
                    <td className="num">{c.unique_tags}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Panel>
      </Grid>
      <Panel title="Top 20 tags" id="top-tags">
        {stats.topTags.length === 0 ? (
          <p>No tags yet.</p>
        ) : (
          <TopTags>
            {stats.topTags.map((t) => (
              <li key={t.tag}>
                <span>{t.tag}</span>
                <strong>{t.count}</strong>
              </li>
            ))}
          </TopTags>
        )}
      </Panel>
    </>
  );
}

function TagList() {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_TAG_PAGE_SIZE);
  const [sortBy, setSortBy] = useState<'count' | 'tag'>('count');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const list = useTagList({ page, pageSize, sortBy, order, search });

  const handleSearch = (e: FormEvent) => {
    e.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  };
  // The active column flips; the name column starts ascending, usage descending.
  const handleSort = (column: 'count' | 'tag') => {
    if (column === sortBy) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSortBy(column);
      setOrder(column === 'tag' ? 'asc' : 'desc');
    }
    setPage(1);
  };
  const sortState = (column: 'count' | 'tag') => (sortBy === column ? (order === 'asc' ? 'ascending' : 'descending') : 'none');

  const data = list.data;
  const total = data?.pagination.totalCount ?? 0;
  const from = total ? (page - 1) * pageSize + 1 : 0;
  const to = Math.min(page * pageSize, total);
  // From the chosen page size, not the answer's: while the next page loads, the range and the pager already agree.
  const totalPages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <>
      <ListTools>
        <form role="search" onSubmit={handleSearch}>
          <label htmlFor="tag-search" className="visually-hidden">
            Search tags
          </label>
          <Input id="tag-search" type="search" placeholder="Search tags..." value={draft} onChange={(e) => setDraft(e.target.value)} />
          <Button type="submit">Search</Button>
        </form>
        <label>
          Page size{' '}
          <select
            value={pageSize}
            onChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(1);
            }}
          >
            {TAG_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </ListTools>
      {list.isError ? (
        <Alert tone="error">Error loading tag list. Please try again.</Alert>
      ) : !data ? (
        <Skeleton $height="20rem" />
      ) : data.tags.length === 0 ? (
        <p>No tags found for the current search criteria</p>
      ) : (
        <>
          <TableScroll>
            <Table aria-busy={list.isFetching}>
              <thead>
                <tr>
                  <th aria-sort={sortState('tag')}>
                    <SortButton type="button" onClick={() => handleSort('tag')}>
                      Tag Name {sortBy === 'tag' ? (order === 'asc' ? '▲' : '▼') : ''}
                    </SortButton>
                  </th>
                  <th className="num" aria-sort={sortState('count')}>
                    <SortButton type="button" onClick={() => handleSort('count')}>
                      Usage Count {sortBy === 'count' ? (order === 'asc' ? '▲' : '▼') : ''}
                    </SortButton>
                  </th>
                  <th>Case Format</th>
                </tr>
              </thead>
              <tbody>
                {data.tags.map((t) => (
                  <tr key={t.tag}>
                    <td>{t.tag}</td>
                    <td className="num">{t.count}</td>
                    <td>{t.is_lowercase ? <Badge $color="#16a34a">lowercase</Badge> : <Badge $color="#d97706">mixed case</Badge>}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
          <Footer>
            <span data-testid="tag-range">
              Showing {from} to {to} of {total} tags
            </span>
            <Pages aria-label="Tag list pages">
              <Button type="button" $variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              {paginationItems(page, totalPages).map((item, i) =>
                item === 'ellipsis' ? (
                  <span key={`e${i}`} aria-hidden="true">
                    …
                  </span>
                ) : (
                  <Button
                    key={item}
                    type="button"
                    $variant={item === page ? 'primary' : 'outline'}
                    aria-current={item === page ? 'page' : undefined}
                    onClick={() => setPage(item)}
                  >
                    {item}
                  </Button>
                ),
              )}
              <Button type="button" $variant="outline" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </Pages>
          </Footer>
        </>
      )}
    </>
  );
}

const Grid = styled.div`
  display: grid;
  gap: 0 1.25rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 24rem), 1fr));
  align-items: start;
`;
const TopTags = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  gap: 0.4rem 1.5rem;
  padding-left: 1.5rem;
  margin: 0;
  li span {
    margin-right: 0.5rem;
  }
`;
const ListTools = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 0.75rem;
  margin-bottom: 1rem;
  form {
    display: flex;
    gap: 0.5rem;
    flex: 1;
    max-width: 28rem;
  }
  select {
    height: 2.5rem;
    border-radius: ${(p) => p.theme.radius.md};
    border: 1px solid ${(p) => p.theme.colors.border};
    padding: 0 0.5rem;
    font: inherit;
  }
`;
const SortButton = styled.button`
  border: none;
  background: none;
  font: inherit;
  font-weight: 600;
  color: inherit;
  cursor: pointer;
  padding: 0;
`;
const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 0.75rem;
  margin: 1rem 0 2rem;
`;
const Pages = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.35rem;
  button {
    min-height: 2.1rem;
    padding: 0 0.7rem;
  }
`;
