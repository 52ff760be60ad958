import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { SOURCE_KINDS, type SourceKind } from '@neuralbeat/common/contracts/browser';
import type { AdminSource } from '@neuralbeat/common/contracts';
import { Badge, Button, Container, Input, Muted, PageHeading } from '../../components/ui';
import { useToast } from '../../components/toast/ToastProvider';
import { Seo } from '../../seo/Seo';
import { apiFailure, useSourceAction, useSources } from './api';
import { ACTIONS_COLUMN, Alert, CellNote, DataTable, Panel, RowActions, Select } from './components/AdminUi';
import { Loaded } from './components/Loaded';
import { formatDateTime, formatInterval } from './format';

/** What each kind of source is, and the address it reads. */
const KINDS: Record<SourceKind, { label: string; placeholder: string }> = {
  news: { label: 'News feed', placeholder: 'https://example.com/feed.xml' },
  ical: { label: 'iCalendar', placeholder: 'https://example.com/events.ics' },
  'event-feed': { label: 'Event feed', placeholder: 'https://example.com/events.xml' },
  greenhouse: { label: 'Greenhouse board', placeholder: 'https://boards-api.greenhouse.io/v1/boards/{token}/jobs' },
  lever: { label: 'Lever site', placeholder: 'https://api.lever.co/v0/postings/{site}' },
  'job-feed': { label: 'Job feed', placeholder: 'https://example.com/jobs.xml' },
};

/** Counter columns read as words: `items_seen` → "Items seen". */
const counterLabel = (key: string) => key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** /admin/sources: every source of every kind, its schedule and last collection; add, enable, disable, collect now. */
export default function SourcesPage() {
  const sources = useSources();
  return (
    <Container>
      <Seo title="News Sources" noindex />
      <PageHeading>News Sources</PageHeading>
      <Muted>
        The news feeds, calendars, event feeds and job boards the pipeline collects. Changes take effect in the running pipeline at once
        (the same as the sources command).
      </Muted>
      <AddSource />
      <Panel title="Sources" id="sources">
        <Loaded
          query={sources}
          skeleton="12rem"
          failure="Could not load the sources"
          isEmpty={(data) => data.sources.length === 0}
          empty="No sources yet. Add a feed or a job board above to start collecting."
        >
          {(data) => (
            <DataTable columns={['Source', 'Kind', 'Status', 'Schedule', 'Last collection', 'Items', 'Last error', ACTIONS_COLUMN]}>
              {data.sources.map((s) => (
                <SourceRow key={s.id} source={s} />
              ))}
            </DataTable>
          )}
        </Loaded>
      </Panel>
    </Container>
  );
}

function AddSource() {
  const action = useSourceAction();
  const toast = useToast();
  const [name, setName] = useState('');
  const [feedUrl, setFeedUrl] = useState('');
  const [kind, setKind] = useState<SourceKind>('news');
  const [intervalHours, setIntervalHours] = useState('');
  const failure = action.isError ? apiFailure(action.error) : null;
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    action.mutate(
      {
        action: 'add',
        body: {
          name: name.trim(),
          feedUrl: feedUrl.trim(),
          kind,
          ...(intervalHours.trim() ? { intervalHours: Number(intervalHours) } : {}),
        },
      },
      {
        onSuccess: (res) => {
          toast({ title: 'Source added', description: res.message, variant: 'success' });
          setName('');
          setFeedUrl('');
          setIntervalHours('');
        },
      },
    );
  };
  return (
    <Panel title="Add a source" id="add-source">
      <AddForm onSubmit={handleSubmit} noValidate>
        <div>
          <label htmlFor="source-name">Name</label>
          <Input
            id="source-name"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={failure?.field === 'name' || undefined}
          />
        </div>
        <div>
          <label htmlFor="source-kind">Kind</label>
          <KindSelect
            id="source-kind"
            value={kind}
            onChange={(e) => setKind(e.target.value as SourceKind)}
            aria-invalid={failure?.field === 'kind' || undefined}
          >
            {SOURCE_KINDS.map((k) => (
              <option key={k} value={k}>
                {KINDS[k].label}
              </option>
            ))}
          </KindSelect>
        </div>
        <div>
          <label htmlFor="source-url">Feed URL</label>
          <Input
            id="source-url"
            type="url"
            required
            placeholder={KINDS[kind].placeholder}
            value={feedUrl}
            onChange={(e) => setFeedUrl(e.target.value)}
            aria-invalid={failure?.field === 'feedUrl' || undefined}
          />
        </div>
        <div>
          <label htmlFor="source-interval">Check every (hours)</label>
          <Input
            id="source-interval"
            type="number"
            min="0.1"
            max="168"
            step="any"
            placeholder={kind === 'news' ? 'default' : '24'}
            value={intervalHours}
            onChange={(e) => setIntervalHours(e.target.value)}
            aria-invalid={failure?.field === 'intervalHours' || undefined}
          />
        </div>
        <Button type="submit" disabled={action.isPending}>
          {action.isPending ? 'Adding...' : 'Add source'}
        </Button>
      </AddForm>
      {failure && <Alert tone="error">{failure.message}</Alert>}
    </Panel>
  );
}

function SourceRow({ source }: { source: AdminSource }) {
  const action = useSourceAction();
  const toast = useToast();
  const run = (kind: 'enable' | 'disable' | 'collect') =>
    action.mutate(
      { action: kind, id: source.id },
      {
        onSuccess: (res) =>
          toast({
            title: kind === 'collect' ? 'Collection queued' : kind === 'enable' ? 'Source enabled' : 'Source disabled',
            description: res.message,
            variant: 'success',
          }),
        onError: (err) => toast({ title: 'Error', description: apiFailure(err).message, variant: 'destructive' }),
      },
    );
  const changeInterval = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const hours = Number(new FormData(e.currentTarget).get('intervalHours'));
    action.mutate(
      { action: 'interval', id: source.id, body: { intervalHours: hours } },
      {
        onSuccess: (res) => toast({ title: 'Interval changed', description: res.message, variant: 'success' }),
        onError: (err) => toast({ title: 'Error', description: apiFailure(err).message, variant: 'destructive' }),
      },
    );
  };
  const counters = Object.entries(source.counters);
  return (
    <tr data-source={source.id}>
      <td>
        <strong>{source.name}</strong>
        <Url>{source.feedUrl}</Url>
      </td>
      <td>{KINDS[source.kind]?.label ?? source.kind}</td>
      <td>{source.enabled ? <Badge $color="#16a34a">Enabled</Badge> : <Badge $color="#64748b">Disabled</Badge>}</td>
      <td>
        {source.schedule ? (
          <>
            Every {formatInterval(source.schedule.everySeconds)}
            {source.schedule.nextRunAt && <CellNote>next {formatDateTime(source.schedule.nextRunAt)}</CellNote>}
          </>
        ) : (
          'Not scheduled'
        )}
        <IntervalForm onSubmit={changeInterval} aria-label={`Collection interval of ${source.name}`}>
          <Input
            name="intervalHours"
            type="number"
            min="0.1"
            max="168"
            step="any"
            required
            aria-label="Hours between collections"
            defaultValue={source.intervalHours ?? ''}
            placeholder={source.kind === 'news' ? 'default' : '24'}
          />
          <Button type="submit" $variant="outline" disabled={action.isPending}>
            Set hours
          </Button>
        </IntervalForm>
      </td>
      <td>
        {formatDateTime(source.lastFetchedAt)}
        {source.lastFetchedAt && (
          <CellNote>{source.lastSuccessAt ? `last success ${formatDateTime(source.lastSuccessAt)}` : 'never succeeded'}</CellNote>
        )}
      </td>
      <td>
        {counters.length ? (
          <Counters>
            {counters.map(([key, n]) => (
              <li key={key}>
                {counterLabel(key)}: <strong>{n}</strong>
              </li>
            ))}
          </Counters>
        ) : (
          '–'
        )}
      </td>
      <td>
        {source.lastError ? (
          <ErrorText>
            {source.lastError}
            {source.consecutiveFailures > 1 && <CellNote>{source.consecutiveFailures} failures in a row</CellNote>}
          </ErrorText>
        ) : (
          '–'
        )}
      </td>
      <td>
        <RowActions>
          <Button type="button" $variant="outline" disabled={action.isPending} onClick={() => run(source.enabled ? 'disable' : 'enable')}>
            {source.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button type="button" $variant="outline" disabled={action.isPending} onClick={() => run('collect')}>
            Collect now
          </Button>
        </RowActions>
      </td>
    </tr>
  );
}

const AddForm = styled.form`
  display: grid;
  gap: 0.75rem;
  grid-template-columns: minmax(10rem, 1fr) minmax(9rem, auto) minmax(16rem, 2fr) minmax(7rem, auto) auto;
  align-items: end;
  label {
    display: block;
    font-weight: 600;
    font-size: 0.9rem;
    margin-bottom: 0.3rem;
  }
  @media (max-width: 720px) {
    grid-template-columns: 1fr;
  }
`;
const IntervalForm = styled.form`
  display: flex;
  gap: 0.3rem;
  margin-top: 0.3rem;
  input {
    width: 5rem;
    height: 2rem;
  }
  button {
    min-height: 2rem;
    padding: 0 0.5rem;
    font-size: 0.8rem;
    white-space: nowrap;
  }
`;
const KindSelect = styled(Select)`
  padding: 0 0.75rem;
`;
const Url = styled.span`
  display: block;
  font-size: 0.8rem;
  color: ${(p) => p.theme.colors.muted};
  word-break: break-all;
`;
const Counters = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  font-size: 0.85rem;
`;
const ErrorText = styled.div`
  color: #991b1b;
  font-size: 0.85rem;
  max-width: 18rem;
  word-break: break-word;
`;
