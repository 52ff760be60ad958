import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { DUPLICATE_STATS_DAYS, SEO_SCORE_THRESHOLD, lastDays } from '@neuralbeat/common/contracts/browser';
import type { AuditAction, AuditEntry, QueueSummary } from '@neuralbeat/common/contracts';
import { Button, Container, PageHeading } from '../../components/ui';
import { useToast } from '../../components/toast/ToastProvider';
import { Seo } from '../../seo/Seo';
import { useArticleStats, useAudit, useDuplicateStats, useProviderHistory, useQueues, useRetryFailed } from './api';
import { ACTIONS_COLUMN, DataTable, Panel, RowActions, Stat, StatGrid, statusColor } from './components/AdminUi';
import { Loaded } from './components/Loaded';
import { BarChart, HorizontalBars, LineChart } from './components/charts';
import { formatDateTime } from './format';

const TOOLS = [
  {
    to: '/admin/duplicates',
    title: 'Duplicate Articles',
    text: 'Reset duplicate-flagged articles to pending so they are processed again.',
  },
  { to: '/admin/tags', title: 'Tag Management', text: 'Tag usage, case variations and the full tag list.' },
  { to: '/admin/fix-status', title: 'Fix Article Status', text: 'Fix articles published but not marked completed.' },
  {
    to: '/admin/pipeline-diagnostics',
    title: 'Pipeline Diagnostics',
    text: 'Find bottlenecks: stuck articles, failing jobs, sources and providers.',
  },
  {
    to: '/admin/fix-low-seo',
    title: 'Fix Low SEO Articles',
    text: `Articles with an SEO score below ${SEO_SCORE_THRESHOLD} that are still pending.`,
  },
  { to: '/admin/tools', title: 'Tool Review', text: 'Approve or reject submitted tools.' },
  { to: '/admin/sources', title: 'News Sources', text: 'Feeds, schedules, last collections and errors.' },
  { to: '/admin/newsletter', title: 'Newsletter', text: 'Compose, preview, test, schedule and send the weekly issue.' },
  { to: '/admin/subscribers', title: 'Subscribers', text: 'Search newsletter addresses; export or delete one.' },
  { to: '/admin/messages', title: 'Messages', text: 'The contact inbox: messages from the Contact and About forms.' },
  { to: '/admin/mail', title: 'Mail', text: 'Mail caught locally when no SMTP server is set: HTML, text and headers.' },
  {
    to: '/admin/content/events',
    title: 'Site Content',
    text: 'Add, edit, publish, unpublish and delete events, jobs, learning resources and tools.',
  },
];
const COMING_SOON = ['Content Processing', 'System Settings'];
const PROVIDER_COLORS = ['#4f46e5', '#16a34a', '#d97706', '#0ea5e9', '#dc2626'];
const ACTION_LABELS: Record<AuditAction, string> = {
  duplicateReset: 'Reset duplicates',
  publishedStatusFix: 'Fixed article statuses',
  lowSeoFix: 'Skipped low-SEO articles',
  stuckRequeue: 'Re-queued stuck articles',
  queueRetry: 'Retried failed jobs',
  sourceAdd: 'Added a source',
  sourceEnable: 'Enabled a source',
  sourceDisable: 'Disabled a source',
  sourceCollect: 'Collected a source now',
  sourceInterval: 'Changed how often a source is collected',
  toolApprove: 'Approved a tool',
  toolReject: 'Rejected a tool',
  newsletterCompose: 'Composed a newsletter issue',
  newsletterEdit: 'Edited a newsletter issue',
  newsletterTest: 'Sent a test of a newsletter issue',
  newsletterSchedule: 'Scheduled a newsletter issue',
  newsletterSend: 'Sent a newsletter issue',
  subscriberExport: 'Exported a subscriber',
  subscriberDelete: 'Deleted a subscriber',
  contactMessageRead: 'Read a contact message',
  mailClear: 'Cleared the caught mail',
  contentCreate: 'Created',
  contentUpdate: 'Edited',
  contentDelete: 'Deleted',
  contentPublish: 'Published',
  contentUnpublish: 'Unpublished',
};

/** /admin: pipeline status, the tools, queues, charts and what operators did lately. */
export default function DashboardPage() {
  return (
    <Container>
      <Seo title="Admin Dashboard" description="NeuralBeat operator console." noindex />
      <PageHeading>Admin Dashboard</PageHeading>
      <Columns>
        <PipelineStatus />
        <Charts />
      </Columns>
      <ToolGrid aria-label="Admin tools">
        {TOOLS.map((t) => (
          <ToolCard key={t.to} to={t.to}>
            <h3>{t.title}</h3>
            <p>{t.text}</p>
          </ToolCard>
        ))}
        {COMING_SOON.map((title) => (
          <SoonCard key={title} aria-disabled="true">
            <h3>{title}</h3>
            <p>Coming Soon</p>
          </SoonCard>
        ))}
      </ToolGrid>
      <Queues />
      <RecentActions />
    </Container>
  );
}

function PipelineStatus() {
  const stats = useArticleStats();
  return (
    <Panel title="Pipeline status" id="pipeline-status">
      <Loaded query={stats} skeleton="12rem" failure={() => 'Failed to load article processing statistics.'}>
        {(data) => (
          <>
            <StatGrid>
              <Stat label="Awaiting processing" value={data.stats.pendingContent} testId="pending-content" />
              <Stat label={`Held: SEO below ${SEO_SCORE_THRESHOLD}`} value={data.stats.pendingSeo} testId="pending-seo" />
              <Stat label="Flagged duplicates" value={data.stats.pendingDuplicate} testId="pending-duplicate" />
            </StatGrid>
            <HorizontalBars
              label="Articles by status"
              data={data.statusBreakdown.map((s) => ({
                label: s.status.charAt(0).toUpperCase() + s.status.slice(1),
                value: s.count,
                color: statusColor(s.status),
              }))}
            />
          </>
        )}
      </Loaded>
    </Panel>
  );
}

function Charts() {
  const duplicates = useDuplicateStats();
  const providers = useProviderHistory();
  const days = lastDays(DUPLICATE_STATS_DAYS);
  return (
    <div>
      <Panel title={`Duplicates per day (last ${DUPLICATE_STATS_DAYS} days)`} id="duplicates-chart">
        <Loaded query={duplicates} skeleton="9rem" failure={() => 'Could not load statistics'}>
          {(data) => (
            <BarChart
              label="Duplicates per day"
              data={days.map((d) => ({ label: d, value: data.byDate.find((b) => b.date === d)?.count ?? 0 }))}
            />
          )}
        </Loaded>
      </Panel>
      <Panel title="AI provider success rate by day" id="provider-chart">
        <Loaded
          query={providers}
          skeleton="9rem"
          failure={() => 'Could not load provider history'}
          isEmpty={(data) => data.providers.length === 0}
          empty={(data) => `No provider calls in the last ${data.days.length} days.`}
        >
          {(data) => (
            <LineChart
              label="Share of successful provider calls per day"
              days={data.days}
              series={data.providers.map((p, i) => ({
                name: p.name,
                color: PROVIDER_COLORS[i % PROVIDER_COLORS.length]!,
                values: p.daily.map((d) => (d.calls ? Math.round((d.successes / d.calls) * 100) : null)),
              }))}
            />
          )}
        </Loaded>
      </Panel>
    </div>
  );
}

function Queues() {
  const queues = useQueues();
  return (
    <Panel title="Queues" id="queues">
      <Loaded query={queues} skeleton="10rem" failure="Could not load the queues">
        {(data) => (
          <DataTable
            columns={[
              'Queue',
              { label: 'Waiting', num: true },
              { label: 'Active', num: true },
              { label: 'Delayed', num: true },
              { label: 'Completed', num: true },
              { label: 'Failed', num: true },
              ACTIONS_COLUMN,
            ]}
          >
            {data.queues.map((q) => (
              <QueueRow key={q.name} queue={q} />
            ))}
          </DataTable>
        )}
      </Loaded>
    </Panel>
  );
}

function QueueRow({ queue }: { queue: QueueSummary }) {
  const [open, setOpen] = useState(false);
  const retry = useRetryFailed();
  const toast = useToast();
  const handleRetry = (jobId?: string) =>
    retry.mutate(
      { queue: queue.name, jobId },
      {
        onSuccess: (res) => toast({ title: 'Retry started', description: res.message, variant: 'success' }),
        onError: (err) => toast({ title: 'Error', description: err.message, variant: 'destructive' }),
      },
    );
  const c = queue.counts;
  return (
    <>
      <tr data-queue={queue.name}>
        <td>
          {queue.label}
          {queue.paused && <em> (paused)</em>}
        </td>
        <td className="num">{c.waiting}</td>
        <td className="num">{c.active}</td>
        <td className="num">{c.delayed}</td>
        <td className="num">{c.completed}</td>
        <td className="num" style={c.failed ? { color: '#dc2626', fontWeight: 700 } : undefined}>
          {c.failed}
        </td>
        <td>
          {c.failed > 0 && (
            <QueueActions>
              <Button type="button" $variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
                {open ? 'Hide failures' : 'Show failures'}
              </Button>
              <Button type="button" $variant="outline" disabled={retry.isPending} onClick={() => handleRetry()}>
                Retry failed
              </Button>
            </QueueActions>
          )}
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={7}>
            <Failures>
              {queue.recentFailures.map((f) => (
                <li key={f.id}>
                  <div>
                    <code>{f.id}</code>
                    {f.articleId && <span> · article {f.articleId}</span>} · {f.attemptsMade}{' '}
                    {f.attemptsMade === 1 ? 'attempt' : 'attempts'}
                    {f.failedAt && <span> · {formatDateTime(f.failedAt)}</span>}
                    <p>{f.failedReason}</p>
                  </div>
                  <Button type="button" $variant="outline" disabled={retry.isPending} onClick={() => handleRetry(f.id)}>
                    Retry
                  </Button>
                </li>
              ))}
            </Failures>
          </td>
        </tr>
      )}
    </>
  );
}

function RecentActions() {
  const audit = useAudit();
  return (
    <Panel title="Recent operator actions" id="audit">
      <Loaded
        query={audit}
        skeleton="6rem"
        failure="Could not load the audit log"
        isEmpty={(data) => data.entries.length === 0}
        empty="No changes made by operators yet."
      >
        {(data) => (
          <DataTable columns={['When', 'Who', 'What', { label: 'How many', num: true }]}>
            {data.entries.map((e) => (
              <tr key={e.id}>
                <td>{formatDateTime(e.createdAt)}</td>
                <td>{e.actor}</td>
                <td>{describeAction(e)}</td>
                <td className="num">{e.affectedCount}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Loaded>
    </Panel>
  );
}

function describeAction(e: AuditEntry): string {
  const label = ACTION_LABELS[e.action] ?? e.action;
  const p = e.params as Record<string, unknown>;
  const detail = p.fromDate
    ? `from ${p.fromDate}`
    : Array.isArray(p.specificIds)
      ? `IDs ${p.specificIds.join(', ')}`
      : p.source
        ? String(p.source)
        : p.kind
          ? `${String(p.kind)}: ${String(p.name)}`
          : p.slug
            ? String(p.slug)
            : p.queue
              ? String(p.queue)
              : '';
  return detail ? `${label} (${detail})` : label;
}

const Columns = styled.div`
  display: grid;
  gap: 0 1.25rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 24rem), 1fr));
  align-items: start;
`;
const ToolGrid = styled.div`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 15rem), 1fr));
  margin: 1.25rem 0;
`;
const ToolCard = styled(Link)`
  display: block;
  padding: 1rem 1.1rem;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.lg};
  text-decoration: none;
  color: inherit;
  box-shadow: ${(p) => p.theme.shadow.card};
  h3 {
    margin: 0 0 0.35rem;
    font-size: 1.02rem;
    color: ${(p) => p.theme.colors.primary};
  }
  p {
    margin: 0;
    font-size: 0.9rem;
    color: ${(p) => p.theme.colors.muted};
  }
  &:hover {
    border-color: ${(p) => p.theme.colors.primary};
  }
`;
const SoonCard = styled.div`
  padding: 1rem 1.1rem;
  border: 1px dashed ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.lg};
  color: ${(p) => p.theme.colors.muted};
  h3 {
    margin: 0 0 0.35rem;
    font-size: 1.02rem;
  }
  p {
    margin: 0;
    font-size: 0.85rem;
    font-weight: 600;
  }
`;
const QueueActions = styled(RowActions)`
  justify-content: flex-end;
`;
const Failures = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.6rem;
  li {
    display: flex;
    justify-content: space-between;
    gap: 1rem;
    align-items: flex-start;
  }
  p {
    margin: 0.25rem 0 0;
    color: #991b1b;
    font-family: ui-monospace, monospace;
    font-size: 0.85rem;
    white-space: pre-wrap;
    word-break: break-word;
  }
`;
