import type { Knex } from '@neuralbeat/common';
import {
  AI_PROVIDER_NAMES,
  PROCESSING_STATUSES,
  RECENT_DUPLICATES_HOURS,
  SEO_SCORE_THRESHOLD,
  type DiagnosticArticle,
  type DiagnosticReport,
  type DiagnosticSection,
  type DuplicateDiagnosticData,
  type ProviderHealthData,
  type QueueHealthData,
  type QueueSummary,
  type SourceHealthData,
} from '@neuralbeat/common/contracts';
import { AdminArticlesRepository } from '../repositories/adminArticlesRepository';
import { DiagnosticsRepository } from '../repositories/diagnosticsRepository';
import { PipelineStatsRepository } from '../repositories/pipelineStatsRepository';

/** Where a finding becomes a bottleneck rather than a warning. */
export const DIAGNOSTIC_LIMITS = {
  /** Pending articles below the SEO threshold. */
  lowSeoBacklog: 10,
  /** Failed jobs kept in one queue. */
  failedJobs: 10,
  /** Failed collections of one source in a row. */
  sourceFailures: 3,
  /** Share of a provider's calls that failed over the last day, with at least `providerMinCalls` calls. */
  providerErrorRate: 0.2,
  providerMinCalls: 5,
  /** Share of the last day's new articles marked duplicate (with at least `duplicateMinArticles` new articles). */
  duplicateShare: 50,
  duplicateMinArticles: 10,
} as const;
const LIST_LIMIT = 20;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

interface Finding {
  warning?: string;
  bottleneck?: string;
  /** What to do about it, naming the tool's path so the console can link it. */
  recommendation?: string;
}

function section(title: string, message: string, data: unknown, findings: Finding[] = []): DiagnosticSection & { findings: Finding[] } {
  const warnings = findings.flatMap((f) => (f.warning ? [f.warning] : []));
  const bottlenecks = findings.flatMap((f) => (f.bottleneck ? [f.bottleneck] : []));
  return { title, message, warning: warnings.join(' ') || null, bottleneck: bottlenecks.join(' ') || null, data, findings };
}

/**
 * Pipeline Diagnostics: where articles pile up and why, each
 * finding with the tool that fixes it. Looks at the articles, the queues,
 * the news sources and the AI providers.
 */
export class DiagnosticsService {
  private readonly diagnostics: DiagnosticsRepository;
  private readonly articles: AdminArticlesRepository;
  private readonly stats: PipelineStatsRepository;
  private readonly queueSummaries: () => Promise<QueueSummary[]>;
  private readonly stuckMinutes: number;
  constructor(db: Knex, queueSummaries: () => Promise<QueueSummary[]>, stuckMinutes: number) {
    this.diagnostics = new DiagnosticsRepository(db);
    this.articles = new AdminArticlesRepository(db);
    this.stats = new PipelineStatsRepository(db);
    this.queueSummaries = queueSummaries;
    this.stuckMinutes = stuckMinutes;
  }

  async report(now = new Date()): Promise<DiagnosticReport> {
    const [
      { byStatus: counts, pendingHeldBySeo: lowSeo },
      seo,
      duplicates,
      conditions,
      mismatches,
      stuck,
      eligible,
      recent,
      queues,
      sources,
      providers,
    ] = await Promise.all([
      this.stats.statusCounts(),
      this.diagnostics.seoDistribution(),
      this.stats.duplicateTotals(RECENT_DUPLICATES_HOURS),
      this.diagnostics.conditions(),
      this.diagnostics.statusMismatchCount(),
      this.articles.stuck(this.stuckMinutes),
      this.diagnostics.eligibleForGeneration(LIST_LIMIT),
      this.diagnostics.recentAttempts(LIST_LIMIT),
      this.queueSummaries(),
      this.diagnostics.failingSources(),
      this.diagnostics.providerErrors(24),
    ]);

    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const sections = [
      section(
        'Article Status Distribution',
        total ? `${plural(total, 'article')} collected` : 'No articles collected yet',
        PROCESSING_STATUSES.map((status) => ({ status, count: counts[status] ?? 0 })),
        [
          mismatches > 0 && {
            warning: `${plural(mismatches, 'article')} in the news feed ${mismatches === 1 ? 'is' : 'are'} not marked published and completed.`,
            recommendation: `Run Fix Article Status (/admin/fix-status) to mark the ${plural(mismatches, 'article')} in the news feed as completed.`,
          },
          (counts.failed ?? 0) > 0 && {
            warning: `${plural(counts.failed!, 'article')} failed in a stage.`,
            recommendation: `Look at the failed jobs on the dashboard (/admin) and retry them once the cause is fixed.`,
          },
        ].filter(Boolean) as Finding[],
      ),
      this.seoSection(seo, lowSeo),
      this.duplicateSection(duplicates),
      section(
        'Pipeline Condition Breakdown',
        `${plural(conditions.pendingArticles, 'pending article')}, ${conditions.notInNewsFeed} not in the news feed`,
        conditions,
      ),
      this.stuckSection(stuck),
      section(
        'Content Generation Eligibility',
        eligible.total
          ? `${plural(eligible.total, 'article')} passed the SEO gate and await content generation`
          : 'No articles are waiting for content generation',
        eligible.articles,
      ),
      section(
        'Recent Processing Attempts',
        recent.length ? `The ${plural(recent.length, 'article')} processed most recently` : 'No processing attempts recorded yet',
        recent,
      ),
      this.queueSection(queues),
      this.sourceSection(sources),
      this.providerSection(providers),
    ];

    const bottlenecks = sections.flatMap((s) => (s.bottleneck ? [s.bottleneck] : []));
    const warnings = sections.filter((s) => s.warning).length;
    const summary = bottlenecks.length
      ? `BOTTLENECK: ${bottlenecks.join(' ')}`
      : warnings
        ? `No bottlenecks found; ${plural(warnings, 'section')} with warnings.`
        : 'Pipeline healthy: no bottlenecks or warnings found.';
    return {
      timestamp: now.toISOString(),
      summary,
      recommendations: [...new Set(sections.flatMap((s) => s.findings.flatMap((f) => (f.recommendation ? [f.recommendation] : []))))],
      sections: sections.map(({ findings: _f, ...s }) => s),
    };
  }

  private seoSection(seo: Awaited<ReturnType<DiagnosticsRepository['seoDistribution']>>, lowSeo: number) {
    const backlog = `${plural(lowSeo, 'pending article')} scored below ${SEO_SCORE_THRESHOLD} and will never be processed.`;
    const findings: Finding[] =
      lowSeo > 0
        ? [
            {
              ...(lowSeo >= DIAGNOSTIC_LIMITS.lowSeoBacklog ? { bottleneck: backlog } : { warning: backlog }),
              recommendation: `Run Fix Low SEO Articles (/admin/fix-low-seo) to mark the ${plural(lowSeo, 'article')} below ${SEO_SCORE_THRESHOLD} as skipped.`,
            },
          ]
        : [];
    const message = seo.totalWithScores
      ? `${plural(seo.totalWithScores, 'article')} scored, ${seo.aboveThresholdPercent}% at or above ${SEO_SCORE_THRESHOLD}`
      : 'No articles have an SEO score yet';
    return section('SEO Score Distribution', message, seo, findings);
  }

  private duplicateSection(totals: { total: number; recent: number; recentArticles: number }) {
    const share = totals.recentArticles ? Math.round((totals.recent / totals.recentArticles) * 1000) / 10 : 0;
    const data: DuplicateDiagnosticData = {
      totalDuplicates: totals.total,
      recentDuplicates: totals.recent,
      recentDuplicatePercentage: share,
    };
    const findings: Finding[] =
      share >= DIAGNOSTIC_LIMITS.duplicateShare && totals.recentArticles >= DIAGNOSTIC_LIMITS.duplicateMinArticles
        ? [
            {
              warning: `${share}% of the articles collected in the last ${RECENT_DUPLICATES_HOURS} hours were marked duplicate.`,
              recommendation: `Review the recent duplicates in Duplicate Article Management (/admin/duplicates) and reset any that are not copies.`,
            },
          ]
        : [];
    return section(
      'Duplicate Article Statistics',
      totals.total
        ? `${plural(totals.total, 'duplicate')} in total, ${totals.recent} in the last ${RECENT_DUPLICATES_HOURS} hours`
        : 'No duplicate articles',
      data,
      findings,
    );
  }

  private stuckSection(stuck: { id: number; title: string; processing_status: string; pipeline_stage: string; updated_at: Date }[]) {
    const articles: DiagnosticArticle[] = stuck.slice(0, LIST_LIMIT).map((r) => ({
      id: r.id,
      title: r.title,
      status: r.processing_status,
      stage: r.pipeline_stage,
      seo_score: null,
      processing_attempts: 0,
      updatedAt: r.updated_at.toISOString(),
    }));
    const findings: Finding[] = stuck.length
      ? [
          {
            bottleneck: `${plural(stuck.length, 'article')} ${stuck.length === 1 ? 'has' : 'have'} not moved for over ${plural(this.stuckMinutes, 'minute')} (oldest after stage "${stuck[0]!.pipeline_stage}").`,
            recommendation: `Queue the ${plural(stuck.length, 'stuck article')} again with "Re-queue stuck articles" on Pipeline Diagnostics (/admin/pipeline-diagnostics); if they stall again, check the queues on the dashboard (/admin).`,
          },
        ]
      : [];
    return section(
      'Stuck Articles',
      stuck.length
        ? `${plural(stuck.length, 'article')} stuck`
        : `No stuck articles (none unchanged for over ${plural(this.stuckMinutes, 'minute')})`,
      articles,
      findings,
    );
  }

  private queueSection(queues: QueueSummary[]) {
    const data: QueueHealthData = {
      queues: queues.map((q) => ({ name: q.label, failed: q.counts.failed, waiting: q.counts.waiting, active: q.counts.active })),
    };
    const findings: Finding[] = queues
      .filter((q) => q.counts.failed > 0)
      .map((q) => {
        const text = `${plural(q.counts.failed, 'failed job')} in ${q.label}${q.recentFailures[0] ? ` (latest: ${q.recentFailures[0].failedReason})` : ''}.`;
        return {
          ...(q.counts.failed >= DIAGNOSTIC_LIMITS.failedJobs ? { bottleneck: text } : { warning: text }),
          recommendation: `Inspect and retry the ${plural(q.counts.failed, 'failed job')} of ${q.label} on the dashboard (/admin).`,
        };
      });
    const failed = queues.reduce((sum, q) => sum + q.counts.failed, 0);
    return section(
      'Queue Health',
      failed ? `${plural(failed, 'failed job')} across the queues` : 'No failed jobs in any queue',
      data,
      findings,
    );
  }

  private sourceSection(sources: { id: number; name: string; consecutive_failures: number; last_error: string | null }[]) {
    const data: SourceHealthData = {
      sources: sources.map((s) => ({ id: s.id, name: s.name, consecutiveFailures: s.consecutive_failures, lastError: s.last_error })),
    };
    const findings: Finding[] = sources.map((s) => {
      const text = `Source "${s.name}" failed ${plural(s.consecutive_failures, 'time')} in a row${s.last_error ? `: ${s.last_error}` : ''}.`;
      return s.consecutive_failures >= DIAGNOSTIC_LIMITS.sourceFailures
        ? {
            bottleneck: text,
            recommendation: `Check the feed of "${s.name}" on News Sources (/admin/sources), then collect it now or disable it.`,
          }
        : { warning: text };
    });
    return section(
      'News Sources',
      sources.length ? `${plural(sources.length, 'enabled source')} failing` : 'No failing news sources',
      data,
      findings,
    );
  }

  private providerSection(rows: { provider: string; calls: number; failures: number; last_error: string | null }[]) {
    const data: ProviderHealthData = {
      providers: rows.map((r) => ({
        provider: r.provider,
        calls: r.calls,
        failures: r.failures,
        errorRate: r.calls ? Math.round((r.failures / r.calls) * 1000) / 10 : 0,
        lastError: r.last_error,
      })),
    };
    const findings: Finding[] = rows
      .filter((r) => r.calls >= DIAGNOSTIC_LIMITS.providerMinCalls && r.failures / r.calls >= DIAGNOSTIC_LIMITS.providerErrorRate)
      .map((r) => {
        const name = AI_PROVIDER_NAMES[r.provider] ?? r.provider;
        return {
          bottleneck: `${name} failed ${r.failures} of ${plural(r.calls, 'call')} in the last 24 hours${r.last_error ? ` (latest: ${r.last_error})` : ''}.`,
          recommendation: `Check the ${name} key, quota and model (or set AI_PROVIDER to another provider), then retry the failed Rewrite jobs on the dashboard (/admin).`,
        };
      });
    const calls = rows.reduce((sum, r) => sum + r.calls, 0);
    return section(
      'AI Provider Health',
      calls ? `${plural(calls, 'provider call')} in the last 24 hours` : 'No provider calls in the last 24 hours',
      data,
      findings,
    );
  }
}
