import { recordAudit, type Knex, type Logger } from '@neuralbeat/common';
import {
  LOW_SEO_SAMPLE_SIZE,
  SEO_SCORE_THRESHOLD,
  type DuplicateResetResult,
  type LowSeoFixResult,
  type PipelineJob,
  type PublishedStatusFixResult,
  type StuckRequeueResult,
} from '@neuralbeat/common/contracts';
import { AdminArticlesRepository, type DuplicateSelection } from '../repositories/adminArticlesRepository';
import type { ArticleFlow } from '../workers/types';

export type FixJob = PipelineJob<'adminFix'>;
export type FixResult = DuplicateResetResult | PublishedStatusFixResult | LowSeoFixResult | StuckRequeueResult;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const actorOf = (job: FixJob) => job.actor ?? { id: null, username: 'system' };

/**
 * The operator fix tools (docs/operator-console.md), run by the admin-fix worker. A dry run reads
 * and changes nothing; a live run locks the rows its selection finds, changes
 * exactly those that still qualify, and records who did what to how many rows
 * in the audit log in the same transaction. Articles that must run again are
 * handed to the flow after the commit.
 */
export class FixTools {
  private readonly db: Knex;
  private readonly flow: ArticleFlow;
  private readonly logger: Logger;
  private readonly stuckMinutes: number;
  private readonly articles: AdminArticlesRepository;
  constructor(deps: { db: Knex; flow: ArticleFlow; logger: Logger; stuckMinutes: number }) {
    this.db = deps.db;
    this.flow = deps.flow;
    this.logger = deps.logger;
    this.stuckMinutes = deps.stuckMinutes;
    this.articles = new AdminArticlesRepository(deps.db);
  }

  run(job: FixJob): Promise<FixResult> {
    switch (job.kind) {
      case 'duplicateReset':
        return this.duplicateReset(job);
      case 'publishedStatusFix':
        return this.publishedStatusFix(job);
      case 'lowSeoFix':
        return this.lowSeoFix(job);
      case 'stuckRequeue':
        return this.stuckRequeue(job);
    }
  }

  async duplicateReset(job: Extract<FixJob, { kind: 'duplicateReset' }>): Promise<DuplicateResetResult> {
    const selection: DuplicateSelection = job.specificIds?.length ? { specificIds: job.specificIds } : { fromDate: job.fromDate! };
    const criteria =
      'specificIds' in selection
        ? `with the given ${plural(selection.specificIds.length, 'ID')}`
        : `published on or after ${selection.fromDate}`;
    const presentRow = (r: { id: number; title: string; publish_date: Date; processing_status: string }, status = r.processing_status) => ({
      id: r.id,
      title: r.title,
      publishDate: r.publish_date.toISOString(),
      status,
    });
    const unmatched = (found: number) =>
      'specificIds' in selection && found < selection.specificIds.length
        ? ` (${plural(selection.specificIds.length - found, 'given ID')} not a duplicate article)`
        : '';

    if (job.dryRun) {
      const rows = await this.articles.duplicates(selection);
      const message = rows.length
        ? `Found ${plural(rows.length, 'duplicate article')} ${criteria} that would be reset to pending; nothing was changed${unmatched(rows.length)}`
        : `No duplicate articles ${criteria} were found`;
      return { message, results: { total: rows.length, processed: 0, articles: rows.map((r) => presentRow(r)) } };
    }
    const { rows, resetIds } = await this.db.transaction(async (trx) => {
      const rows = await this.articles.duplicates(selection, trx, true);
      const resetIds = await this.articles.resetDuplicates(
        rows.map((r) => r.id),
        actorOf(job).username,
        trx,
      );
      if (resetIds.length)
        await recordAudit(trx, {
          actor: actorOf(job),
          action: 'duplicateReset',
          params: { ...selection },
          affectedIds: resetIds,
          requestId: job.requestId,
        });
      return { rows, resetIds };
    });
    // The operator overruled the duplicate check: the articles go on from the SEO stage.
    for (const id of resetIds) await this.flow.advance('dedupe', id, job.requestId);
    this.logger.info({ fix: 'duplicateReset', count: resetIds.length, requestId: job.requestId }, 'duplicates reset');
    const reset = new Set(resetIds);
    const message = rows.length
      ? `Reset ${resetIds.length} of ${plural(rows.length, 'duplicate article')} ${criteria} to pending; they are queued for processing${unmatched(rows.length)}`
      : `No duplicate articles ${criteria} were found`;
    return {
      message,
      results: {
        total: rows.length,
        processed: resetIds.length,
        articles: rows.map((r) => presentRow(r, reset.has(r.id) ? 'pending' : r.processing_status)),
      },
    };
  }

  async publishedStatusFix(job: Extract<FixJob, { kind: 'publishedStatusFix' }>): Promise<PublishedStatusFixResult> {
    const present = (rows: { id: number; title: string; processing_status: string; news_feed_id: number }[]) =>
      rows.map((r) => ({ id: r.id, title: r.title, oldStatus: r.processing_status, newsFeedId: r.news_feed_id }));
    if (job.dryRun) {
      const rows = await this.articles.statusMismatches();
      const message = rows.length
        ? `Found ${plural(rows.length, 'article')} in the news feed not marked published and completed that would be fixed; nothing was changed`
        : 'All articles already have the correct status';
      return { message, results: { total: rows.length, processed: 0, articles: present(rows) } };
    }
    const { rows, fixed } = await this.db.transaction(async (trx) => {
      const rows = await this.articles.statusMismatches(trx, true);
      const fixed = await this.articles.markCompleted(
        rows.map((r) => r.id),
        trx,
      );
      if (fixed.length)
        await recordAudit(trx, { actor: actorOf(job), action: 'publishedStatusFix', affectedIds: fixed, requestId: job.requestId });
      return { rows, fixed };
    });
    this.logger.info({ fix: 'publishedStatusFix', count: fixed.length, requestId: job.requestId }, 'published statuses fixed');
    const message = rows.length
      ? `Marked ${fixed.length} of ${plural(rows.length, 'article')} in the news feed as published and completed`
      : 'All articles already have the correct status';
    return { message, results: { total: rows.length, processed: fixed.length, articles: present(rows) } };
  }

  async lowSeoFix(job: Extract<FixJob, { kind: 'lowSeoFix' }>): Promise<LowSeoFixResult> {
    const sample = (rows: { id: number; title: string; seo_score: number; processing_status: string }[], status?: string) =>
      rows
        .slice(0, LOW_SEO_SAMPLE_SIZE)
        .map((r) => ({ id: r.id, title: r.title, seo_score: r.seo_score, processing_status: status ?? r.processing_status }));
    if (job.dryRun) {
      const rows = await this.articles.lowSeoPending();
      const message = rows.length
        ? `Found ${plural(rows.length, 'pending article')} with an SEO score below ${SEO_SCORE_THRESHOLD} that would be marked skipped; nothing was changed`
        : `No pending articles have an SEO score below ${SEO_SCORE_THRESHOLD}`;
      return { message, dryRun: true, totalArticles: rows.length, updatedCount: 0, sampleArticles: sample(rows) };
    }
    const { rows, skipped } = await this.db.transaction(async (trx) => {
      const rows = await this.articles.lowSeoPending(trx, true);
      const skipped = await this.articles.skipLowSeo(
        rows.map((r) => r.id),
        trx,
      );
      if (skipped.length)
        await recordAudit(trx, {
          actor: actorOf(job),
          action: 'lowSeoFix',
          params: { threshold: SEO_SCORE_THRESHOLD },
          affectedIds: skipped,
          requestId: job.requestId,
        });
      return { rows, skipped };
    });
    this.logger.info({ fix: 'lowSeoFix', count: skipped.length, requestId: job.requestId }, 'low-SEO articles skipped');
    const done = new Set(skipped);
    const message = rows.length
      ? `Marked ${plural(skipped.length, 'article')} with an SEO score below ${SEO_SCORE_THRESHOLD} as skipped; the pipeline will not process them`
      : `No pending articles have an SEO score below ${SEO_SCORE_THRESHOLD}`;
    return {
      message,
      dryRun: false,
      totalArticles: rows.length,
      updatedCount: skipped.length,
      sampleArticles: sample(rows.map((r) => ({ ...r, processing_status: done.has(r.id) ? 'skipped' : r.processing_status }))),
    };
  }

  async stuckRequeue(job: Extract<FixJob, { kind: 'stuckRequeue' }>): Promise<StuckRequeueResult> {
    const present = (rows: { id: number; title: string; processing_status: string; pipeline_stage: string; updated_at: Date }[]) =>
      rows.map((r) => ({
        id: r.id,
        title: r.title,
        status: r.processing_status,
        stage: r.pipeline_stage,
        updatedAt: r.updated_at.toISOString(),
      }));
    const idle = `unchanged for over ${plural(this.stuckMinutes, 'minute')}`;
    if (job.dryRun) {
      const rows = await this.articles.stuck(this.stuckMinutes);
      const message = rows.length
        ? `Found ${plural(rows.length, 'stuck article')} (${idle}) that would be queued again; nothing was changed`
        : `No articles are stuck (${idle})`;
      return { message, results: { total: rows.length, processed: 0, articles: present(rows) } };
    }
    const { rows, bumped } = await this.db.transaction(async (trx) => {
      const rows = await this.articles.stuck(this.stuckMinutes, trx, true);
      const bumped = await this.articles.bumpStuck(
        rows.map((r) => r.id),
        this.stuckMinutes,
        trx,
      );
      if (bumped.length)
        await recordAudit(trx, {
          actor: actorOf(job),
          action: 'stuckRequeue',
          params: { minutes: this.stuckMinutes },
          affectedIds: bumped.map((b) => b.id),
          requestId: job.requestId,
        });
      return { rows, bumped };
    });
    // A new generation gives the next stage a new job id, so it runs even if a lost job of the old pass still holds the old id.
    for (const { id } of bumped) await this.flow.start(id, job.requestId);
    this.logger.info({ fix: 'stuckRequeue', count: bumped.length, requestId: job.requestId }, 'stuck articles queued again');
    const message = rows.length
      ? `Queued ${bumped.length} of ${plural(rows.length, 'stuck article')} again from their next stage`
      : `No articles are stuck (${idle})`;
    return { message, results: { total: rows.length, processed: bumped.length, articles: present(rows) } };
  }
}
