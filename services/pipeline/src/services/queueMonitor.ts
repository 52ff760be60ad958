import { Queue, type ConnectionOptions, type Job } from 'bullmq';
import { notFound, recordAudit, type Knex, type SessionUser } from '@neuralbeat/common';
import {
  ARTICLE_STAGE_ORDER,
  EVENT_SUBSCRIBERS,
  PIPELINE_QUEUES,
  QUEUE_FAILURES_SHOWN,
  eventQueueName,
  type ArticleStage,
  type PipelineStage,
  type QueueRetryResult,
  type QueueSummary,
  type ServiceName,
} from '@neuralbeat/common/contracts';
import type { PipelineQueues } from '../queues';
import { ArticlesRepository } from '../repositories/articlesRepository';

const STAGE_LABELS: Record<PipelineStage, string> = {
  collect: 'Collect',
  fullText: 'Full text',
  dedupe: 'Duplicate check',
  seo: 'SEO scoring',
  rewrite: 'Rewrite',
  tag: 'Tagging',
  publish: 'Publish',
  adminFix: 'Admin fixes',
};
/** Failed jobs retried per request at most (one retry each, so an article's status can be restored first). */
const RETRY_BATCH = 1000;

interface MonitoredQueue {
  queue: Queue;
  label: string;
  stage?: PipelineStage;
}

/**
 * Every BullMQ queue of the system (the pipeline's stages and fixes, and the
 * event queues of each subscribing service): counts, the latest failures, and
 * retrying failed jobs.
 */
export class QueueMonitor {
  private readonly db: Knex;
  private readonly articles: ArticlesRepository;
  private readonly monitored = new Map<string, MonitoredQueue>();
  private readonly owned: Queue[] = [];
  constructor(db: Knex, pipelineQueues: PipelineQueues, connection: ConnectionOptions, prefix: string) {
    this.db = db;
    this.articles = new ArticlesRepository(db);
    for (const stage of Object.keys(PIPELINE_QUEUES) as PipelineStage[]) {
      this.monitored.set(PIPELINE_QUEUES[stage].name, { queue: pipelineQueues[stage], label: STAGE_LABELS[stage], stage });
    }
    const subscribers = new Set(Object.values(EVENT_SUBSCRIBERS).flat() as ServiceName[]);
    for (const service of subscribers) {
      const queue = new Queue(eventQueueName(service), { connection, prefix });
      this.owned.push(queue);
      this.monitored.set(queue.name, { queue, label: `Events for ${service}` });
    }
  }

  async summaries(): Promise<QueueSummary[]> {
    return Promise.all(
      [...this.monitored.entries()].map(async ([name, { queue, label }]) => {
        const [counts, failed, paused] = await Promise.all([
          queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized'),
          queue.getFailed(0, QUEUE_FAILURES_SHOWN - 1),
          queue.isPaused(),
        ]);
        return {
          name,
          label,
          paused,
          counts: {
            waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
            active: counts.active ?? 0,
            delayed: counts.delayed ?? 0,
            completed: counts.completed ?? 0,
            failed: counts.failed ?? 0,
          },
          recentFailures: failed.filter(Boolean).map((job) => presentFailure(job)),
        };
      }),
    );
  }

  /**
   * Retries one failed job, or every failed job of the queue, with fresh
   * attempts. An article a stage gave up on is put back where that stage found
   * it first, or the stage would see a failed article and leave it alone.
   */
  async retryFailed(queueName: string, actor: SessionUser, jobId?: string, requestId?: string): Promise<QueueRetryResult> {
    const entry = this.monitored.get(queueName);
    if (!entry) throw notFound(`No queue named ${queueName}`);
    const jobs = jobId
      ? [await entry.queue.getJob(jobId)].filter((j): j is Job => Boolean(j))
      : await entry.queue.getFailed(0, RETRY_BATCH - 1);
    const failed: Job[] = [];
    for (const job of jobs) if ((await job.getState()) === 'failed') failed.push(job);
    if (jobId && !failed.length) throw notFound(`No failed job ${jobId} in ${entry.label}`);

    const stage =
      entry.stage && (ARTICLE_STAGE_ORDER as readonly string[]).includes(entry.stage) ? (entry.stage as ArticleStage) : undefined;
    const articleIds = failed.map((j) => Number(j.data?.articleId)).filter((id) => Number.isInteger(id) && id > 0);
    await this.db.transaction(async (trx) => {
      if (stage && articleIds.length) {
        // A retried rewrite gets a fresh budget of provider tries.
        await this.articles.reopenFailed(
          trx,
          articleIds,
          stage === 'fullText' || stage === 'dedupe' ? 'pending' : 'processing',
          stage === 'rewrite',
        );
      }
      if (failed.length)
        await recordAudit(trx, {
          actor,
          action: 'queueRetry',
          params: { queue: queueName, ...(jobId ? { jobId } : {}) },
          affectedIds: articleIds,
          affectedCount: failed.length,
          requestId,
        });
    });
    for (const job of failed) await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    const message = failed.length
      ? `Retrying ${failed.length} failed ${failed.length === 1 ? 'job' : 'jobs'} of ${entry.label}`
      : `${entry.label} has no failed jobs`;
    return { message, retried: failed.length };
  }

  async close(): Promise<void> {
    await Promise.all(this.owned.map((q) => q.close()));
  }
}

function presentFailure(job: Job) {
  const articleId = Number(job.data?.articleId);
  return {
    id: String(job.id),
    name: job.name,
    articleId: Number.isInteger(articleId) && articleId > 0 ? articleId : null,
    failedReason: job.failedReason ?? 'unknown error',
    attemptsMade: job.attemptsMade,
    failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
  };
}
