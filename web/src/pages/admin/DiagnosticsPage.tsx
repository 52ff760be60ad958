import { useState } from 'react';
import styled from 'styled-components';
import type {
  ConditionData,
  DiagnosticArticle,
  DiagnosticSection,
  DuplicateDiagnosticData,
  ProviderHealthData,
  QueueHealthData,
  SeoDistributionData,
  SourceHealthData,
  StuckRequeueResult,
} from '@neuralbeat/common/contracts';
import { DIAGNOSTICS_REFRESH_MS, SEO_SCORE_THRESHOLD } from '@neuralbeat/common/contracts/browser';
import { Button, Container, PageHeading, PageTop, Skeleton } from '../../components/ui';
import { useToast } from '../../components/toast/ToastProvider';
import { Seo } from '../../seo/Seo';
import { useDiagnostics, useRequeueStuck } from './api';
import { Alert, BackLink, DataTable, Panel, Stat, StatGrid, StatusBadge } from './components/AdminUi';
import { PathLinks } from './components/PathLinks';
import { formatDateTime } from './format';

/** /admin/pipeline-diagnostics: where the pipeline is stuck and what fixes it. */
export default function DiagnosticsPage() {
  const [autoRefresh, setAutoRefresh] = useState(false);
  const diagnostics = useDiagnostics(autoRefresh ? DIAGNOSTICS_REFRESH_MS : false);
  const report = diagnostics.data?.report;
  return (
    <Container>
      <Seo title="Pipeline Diagnostics" noindex />
      <BackLink />
      <PageTop>
        <PageHeading>Pipeline Diagnostics</PageHeading>
        <Actions>
          <Button type="button" $variant="outline" aria-pressed={autoRefresh} onClick={() => setAutoRefresh(!autoRefresh)}>
            Auto-refresh: {autoRefresh ? 'On' : 'Off'}
          </Button>
          <Button type="button" onClick={() => void diagnostics.refetch()} disabled={diagnostics.isFetching}>
            {diagnostics.isFetching ? 'Running...' : 'Run Diagnostics'}
          </Button>
        </Actions>
      </PageTop>
      {diagnostics.isPending ? (
        <div aria-busy="true">
          <Skeleton $height="8rem" style={{ margin: '1.25rem 0' }} />
          <Skeleton $height="12rem" />
        </div>
      ) : diagnostics.isError ? (
        <Alert tone="error" title="Error Running Diagnostics">
          {diagnostics.error.message || 'An unknown error occurred'}
        </Alert>
      ) : !report ? (
        <Alert tone="info" title="No Diagnostic Data">
          Run the diagnostics to see the state of the pipeline.
        </Alert>
      ) : (
        <>
          <Panel title="Summary" id="diagnostics-summary">
            <Muted>Generated {formatDateTime(report.timestamp)}</Muted>
            <SummaryLine data-testid="diagnostics-summary" $bad={report.summary.includes('BOTTLENECK')}>
              {report.summary}
            </SummaryLine>
            {report.recommendations.length > 0 && (
              <>
                <h3>Recommendations</h3>
                <ul data-testid="recommendations">
                  {report.recommendations.map((r) => (
                    <li key={r}>
                      <PathLinks text={r} />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Panel>
          <Sections>
            {report.sections.map((s) => (
              <SectionCard key={s.title} section={s} />
            ))}
          </Sections>
        </>
      )}
    </Container>
  );
}

function SectionCard({ section }: { section: DiagnosticSection }) {
  return (
    <Panel title={section.title} id={`section-${section.title.toLowerCase().replace(/\W+/g, '-')}`}>
      <Message>
        {section.message.includes('No ') && <span aria-label="Note">⚠️ </span>}
        {section.message}
      </Message>
      {section.bottleneck && (
        <Alert tone="error" title="Bottleneck">
          {section.bottleneck}
        </Alert>
      )}
      {section.warning && (
        <Alert tone="warning" title="Warning">
          {section.warning}
        </Alert>
      )}
      <SectionData section={section} />
    </Panel>
  );
}

function SectionData({ section }: { section: DiagnosticSection }) {
  switch (section.title) {
    case 'Article Status Distribution':
      return (
        <Badges>
          {(section.data as { status: string; count: number }[]).map((s) => (
            <li key={s.status}>
              <StatusBadge status={s.status} /> <strong>{s.count}</strong>
            </li>
          ))}
        </Badges>
      );
    case 'SEO Score Distribution': {
      const d = section.data as SeoDistributionData;
      return (
        <StatGrid>
          <Stat label="Articles with scores" value={d.totalWithScores} />
          <Stat label="Range" value={d.minScore === null ? '–' : `${d.minScore} to ${d.maxScore}`} />
          <Stat label="Average" value={d.avgScore ?? '–'} />
          <Stat label={`At or above ${SEO_SCORE_THRESHOLD}`} value={`${d.aboveThreshold} (${d.aboveThresholdPercent}%)`} />
        </StatGrid>
      );
    }
    case 'Duplicate Article Statistics': {
      const d = section.data as DuplicateDiagnosticData;
      return (
        <StatGrid>
          <Stat label="Total duplicates" value={d.totalDuplicates} />
          <Stat label="Last 24 hours" value={d.recentDuplicates} />
          <Stat label="Share of new articles" value={`${d.recentDuplicatePercentage}%`} />
        </StatGrid>
      );
    }
    case 'Pipeline Condition Breakdown': {
      const d = section.data as ConditionData;
      return (
        <StatGrid>
          <Stat label="Total" value={d.totalArticles} />
          <Stat label="Pending" value={d.pendingArticles} />
          <Stat label="Fewer than 3 attempts" value={d.withLowAttempts} />
          <Stat label="Not in news feed" value={d.notInNewsFeed} />
          <Stat label={`SEO ${SEO_SCORE_THRESHOLD}+`} value={d.meetingSeoThreshold} />
        </StatGrid>
      );
    }
    case 'Stuck Articles':
      return (
        <>
          <ArticleList articles={section.data as DiagnosticArticle[]} columns={['stage', 'updated']} />
          {(section.data as DiagnosticArticle[]).length > 0 && <StuckRequeue />}
        </>
      );
    case 'Content Generation Eligibility':
      return <ArticleList articles={section.data as DiagnosticArticle[]} columns={['seo', 'attempts']} />;
    case 'Recent Processing Attempts':
      return <ArticleList articles={section.data as DiagnosticArticle[]} columns={['attempts', 'updated']} />;
    case 'Queue Health': {
      const d = section.data as QueueHealthData;
      return (
        <SmallTable
          head={['Queue', 'Waiting', 'Active', 'Failed']}
          rows={d.queues.filter((q) => q.failed || q.waiting || q.active).map((q) => [q.name, q.waiting, q.active, q.failed])}
          empty="Every queue is idle."
        />
      );
    }
    case 'News Sources': {
      const d = section.data as SourceHealthData;
      return (
        <SmallTable
          head={['Source', 'Failures in a row', 'Last error']}
          rows={d.sources.map((s) => [s.name, s.consecutiveFailures, s.lastError ?? ''])}
          empty=""
        />
      );
    }
    case 'AI Provider Health': {
      const d = section.data as ProviderHealthData;
      return (
        <SmallTable
          head={['Provider', 'Calls', 'Failed', 'Error rate', 'Latest error']}
          rows={d.providers.map((p) => [p.provider, p.calls, p.failures, `${p.errorRate}%`, p.lastError ?? ''])}
          empty=""
        />
      );
    }
    default:
      return null;
  }
}

function ArticleList({ articles, columns }: { articles: DiagnosticArticle[]; columns: ('seo' | 'attempts' | 'updated' | 'stage')[] }) {
  if (!articles.length) return null;
  return (
    <DataTable
      columns={[
        'Article',
        columns.includes('stage') && 'Status / last stage',
        columns.includes('seo') && { label: 'SEO score', num: true },
        columns.includes('attempts') && { label: 'Attempts', num: true },
        columns.includes('updated') && 'Updated',
      ]}
    >
      {articles.map((a) => (
        <tr key={a.id}>
          <td>{a.title || `Article ${a.id}`}</td>
          {columns.includes('stage') && (
            <td>
              <StatusBadge status={a.status} /> {a.stage}
            </td>
          )}
          {columns.includes('seo') && <td className="num">{a.seo_score ?? '–'}</td>}
          {columns.includes('attempts') && <td className="num">{a.processing_attempts}</td>}
          {columns.includes('updated') && <td>{formatDateTime(a.updatedAt)}</td>}
        </tr>
      ))}
    </DataTable>
  );
}

function SmallTable({ head, rows, empty }: { head: string[]; rows: (string | number)[][]; empty: string }) {
  if (!rows.length) return empty ? <Muted>{empty}</Muted> : null;
  return (
    <DataTable columns={head.map((h, i) => ({ label: h, num: i > 0 && typeof rows[0]![i] === 'number' }))}>
      {rows.map((r, i) => (
        <tr key={i}>
          {r.map((cell, j) => (
            <td key={j} className={typeof cell === 'number' ? 'num' : undefined}>
              {cell}
            </td>
          ))}
        </tr>
      ))}
    </DataTable>
  );
}

/** The fix for stuck articles: queue them again from their next stage, previewed first. */
function StuckRequeue() {
  const requeue = useRequeueStuck();
  const toast = useToast();
  const [preview, setPreview] = useState<StuckRequeueResult | null>(null);
  const run = (dryRun: boolean) =>
    requeue.mutate(
      { dryRun },
      {
        onSuccess: (data) => {
          setPreview(dryRun ? data : null);
          toast({
            title: dryRun ? 'Dry run completed' : 'Re-queue completed',
            description: data.message,
            variant: data.results.total ? 'success' : 'info',
          });
        },
        onError: (err) => toast({ title: 'Error', description: err.message, variant: 'destructive' }),
      },
    );
  return (
    <RequeueBox>
      <Button type="button" $variant="outline" disabled={requeue.isPending} onClick={() => run(true)}>
        Preview re-queue (Dry Run)
      </Button>
      {preview && preview.results.total > 0 && (
        <Button type="button" disabled={requeue.isPending} onClick={() => run(false)}>
          Re-queue {preview.results.total} stuck {preview.results.total === 1 ? 'article' : 'articles'} (LIVE UPDATE)
        </Button>
      )}
      {preview && <span>{preview.message}</span>}
    </RequeueBox>
  );
}

const Actions = styled.div`
  display: flex;
  gap: 0.5rem;
`;
const Muted = styled.p`
  color: ${(p) => p.theme.colors.muted};
  margin: 0;
`;
const SummaryLine = styled.p<{ $bad: boolean }>`
  font-weight: 600;
  color: ${(p) => (p.$bad ? p.theme.colors.danger : p.theme.colors.success)};
`;
const Sections = styled.div`
  display: grid;
  gap: 0 1.25rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 30rem), 1fr));
  align-items: start;
`;
const Message = styled.p`
  margin-top: 0;
`;
const Badges = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1.25rem;
  list-style: none;
  padding: 0;
  margin: 0;
`;
const RequeueBox = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  margin-top: 1rem;
`;
