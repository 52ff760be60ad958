import { useEffect, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { parseArticleId } from '@neuralbeat/common/contracts/browser';
import { Button, Container, Input, PageHeading, PageTop, Skeleton } from '../../components/ui';
import { useToast } from '../../components/toast/ToastProvider';
import { formatDate } from '../../lib/format';
import { Seo } from '../../seo/Seo';
import { useDuplicateStats, useResetDuplicates } from './api';
import { DataTable, DryRunSwitch, ModeBanner, Panel, StatusBadge, Summary } from './components/AdminUi';
import { useFixRun } from './components/useFixRun';
import { localToday } from './format';

/** /admin/duplicates: duplicate statistics and the reset tool. */
export default function DuplicatesPage() {
  return (
    <Container>
      <Seo title="Duplicate Article Management" noindex />
      <DuplicateManagement />
    </Container>
  );
}

function DuplicateManagement() {
  const stats = useDuplicateStats();
  const reset = useResetDuplicates();
  const toast = useToast();
  const [date, setDate] = useState(localToday());
  const [idInput, setIdInput] = useState('');
  const [ids, setIds] = useState<number[]>([]);
  const [dryRun, setDryRun] = useState(true);
  const { result, run } = useFixRun(
    reset,
    {
      nothing: { title: 'No articles found', description: 'No articles matching your criteria were found' },
      done: 'Reset completed',
      failed: 'Failed to reset duplicate articles',
    },
    () => void stats.refetch(),
  );

  useEffect(() => {
    if (stats.isError)
      toast({ title: 'Error fetching statistics', description: 'Could not load duplicate article statistics', variant: 'destructive' });
  }, [stats.isError, stats.errorUpdatedAt, toast]);

  const addId = () => {
    const id = parseArticleId(idInput);
    if (id === null) return;
    setIds((current) => (current.includes(id) ? current : [...current, id]));
    setIdInput('');
  };
  const handleIdKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      addId();
    }
  };

  const canRun = !reset.isPending && (ids.length > 0 || Boolean(date));
  const handleRun = () =>
    // Ids take precedence and the date is then not sent; the date goes as yyyy-MM-dd.
    run(ids.length ? { dryRun, specificIds: ids } : { dryRun, fromDate: date });

  return (
    <>
      <PageTop>
        <PageHeading>Duplicate Article Management</PageHeading>
        <Button type="button" $variant="outline" onClick={() => void stats.refetch()} disabled={stats.isFetching}>
          Refresh Stats
        </Button>
      </PageTop>

      <Panel title="Duplicate statistics" id="duplicate-stats">
        {stats.isPending ? (
          <Skeleton $height="8rem" />
        ) : stats.isError ? (
          <p role="alert">Could not load statistics</p>
        ) : (
          <>
            <p>
              Total duplicates: <strong data-testid="total-duplicates">{stats.data.totalDuplicates}</strong>
            </p>
            {stats.data.byDate.length === 0 ? (
              <p>No duplicates in the last 30 days.</p>
            ) : (
              <DataTable label="Duplicates per day, last 30 days" columns={['Date', { label: 'Count', num: true }]}>
                {stats.data.byDate.map((d) => (
                  <tr key={d.date}>
                    <td>{formatDate(`${d.date}T00:00:00Z`)}</td>
                    <td className="num">{d.count}</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </>
        )}
      </Panel>

      <Panel title="Reset duplicates to pending" id="reset">
        <Fields>
          <div>
            <label htmlFor="reset-date">Published on or after</label>
            <Input id="reset-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} disabled={ids.length > 0} />
            {ids.length > 0 && <Hint>Specific IDs take precedence; the date is not used.</Hint>}
          </div>
          <div>
            <label htmlFor="reset-id">Specific article IDs</label>
            <IdRow>
              <Input
                id="reset-id"
                inputMode="numeric"
                placeholder="Article ID"
                value={idInput}
                onChange={(e) => setIdInput(e.target.value)}
                onKeyDown={handleIdKey}
              />
              <Button type="button" $variant="outline" onClick={addId}>
                Add
              </Button>
            </IdRow>
            {ids.length > 0 && (
              <Chips aria-label="Article IDs to reset">
                {ids.map((id) => (
                  <li key={id}>
                    {id}
                    <button
                      type="button"
                      aria-label={`Remove ID ${id}`}
                      onClick={() => setIds((current) => current.filter((x) => x !== id))}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </Chips>
            )}
          </div>
        </Fields>
        <DryRunSwitch checked={dryRun} onChange={setDryRun} disabled={reset.isPending} />
        <ModeBanner dryRun={dryRun} live="Matching duplicate articles are permanently reset to pending and processed again." />
        <Button type="button" onClick={handleRun} disabled={!canRun}>
          {dryRun ? 'Preview Reset (Dry Run)' : 'Reset Duplicates (LIVE UPDATE)'}
        </Button>
      </Panel>

      {result && result.data.results && (
        <Panel title="Results" id="reset-results">
          <Summary data-testid="reset-summary">
            {result.dryRun
              ? `Found ${result.data.results.total} articles that would be reset (no changes made)`
              : `Successfully reset ${result.data.results.processed} out of ${result.data.results.total} articles`}
          </Summary>
          {result.data.results.articles.length > 0 && (
            <DataTable columns={['ID', 'Title', 'Publish Date', 'Status']}>
              {result.data.results.articles.map((a) => (
                <tr key={a.id}>
                  <td>{a.id}</td>
                  <td>{a.title}</td>
                  <td>{formatDate(a.publishDate)}</td>
                  <td>
                    <StatusBadge status={a.status} tone={result.dryRun ? 'amber' : a.status === 'pending' ? 'green' : undefined} />
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </Panel>
      )}
    </>
  );
}

const Fields = styled.div`
  display: grid;
  gap: 1rem 1.5rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 16rem), 1fr));
  margin-bottom: 1rem;
  label {
    display: block;
    font-weight: 600;
    font-size: 0.9rem;
    margin-bottom: 0.35rem;
  }
`;
const IdRow = styled.div`
  display: flex;
  gap: 0.5rem;
`;
const Hint = styled.p`
  margin: 0.35rem 0 0;
  font-size: 0.85rem;
  color: ${(p) => p.theme.colors.muted};
`;
const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
  list-style: none;
  padding: 0;
  margin: 0.6rem 0 0;
  li {
    display: inline-flex;
    align-items: center;
    gap: 0.3rem;
    padding: 0.15rem 0.3rem 0.15rem 0.65rem;
    border-radius: 999px;
    background: ${(p) => p.theme.colors.surfaceAlt};
    font-variant-numeric: tabular-nums;
  }
  button {
    border: none;
    background: none;
    cursor: pointer;
    font-size: 1rem;
    line-height: 1;
    padding: 0 0.3rem;
  }
`;
