import type { Queue } from 'bullmq';
import { isDatabaseUnavailable, type Knex, type Logger } from '@neuralbeat/common';
import { repairCollectionSchedules } from '../collect/scheduler';
import type { QueueArticleFlow } from '../flow';
import { ArticlesRepository } from '../repositories/articlesRepository';
import { nextStageAfter } from '../workers/articleStage';

export interface SweepReport {
  /** Unfinished articles untouched for longer than the threshold. */
  checked: number;
  /** Their job was gone (Redis lost it), finished without moving them on, or failed during an outage: queued again. */
  requeued: number;
  /** Their job had failed for good but the failure was never written (the database was down then). */
  failed: number;
  /** Their job is still waiting, delayed or running: left alone. */
  waiting: number;
  /** Enabled sources whose collection schedule was missing. */
  schedulesRepaired: number;
}

const LIVE_JOB_STATES = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);
const BATCH = 500;

export interface PipelineSweepOptions {
  db: Knex;
  flow: QueueArticleFlow;
  collectQueue: Queue;
  logger: Logger;
  intervalSeconds: number;
  afterSeconds: number;
  collectIntervalSeconds: number;
  /** Closes jobs past their age whether or not a job board is collected (JobCollector.closeExpiredJobs); returns how many. */
  closeExpiredJobs?: () => Promise<number>;
}

/**
 * The safety net under the pipeline: every `intervalSeconds` it looks for
 * articles in an unfinished stage untouched for `afterSeconds` and drives each
 * on according to what became of its job; it also restores collection schedules
 * that Redis lost, and closes jobs past their age (a job no board is collected for closes too). One sweep at a time across pipeline processes (an advisory lock).
 */
export class PipelineSweep {
  private readonly options: PipelineSweepOptions;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private failing = false;
  constructor(options: PipelineSweepOptions) {
    this.options = options;
  }

  start(): this {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweepOnce()
        .then(async (report) => {
          const closed = (await this.options.closeExpiredJobs?.()) ?? 0;
          if (closed) this.options.logger.info({ closed }, 'jobs past their age closed');
          if (this.failing) this.options.logger.info('pipeline sweep working again');
          this.failing = false;
          if (report && (report.requeued || report.failed || report.schedulesRepaired))
            this.options.logger.info(report, 'pipeline sweep drove stuck articles on');
        })
        .catch((err) => {
          if (!this.failing) this.options.logger.warn({ err: (err as Error).message }, 'pipeline sweep failed; trying again next round');
          this.failing = true;
        })
        .finally(() => {
          this.running = undefined;
        });
    }, this.options.intervalSeconds * 1000);
    return this;
  }

  /** One sweep; null when another process holds the sweep. */
  async sweepOnce(): Promise<SweepReport | null> {
    const { db, flow, afterSeconds } = this.options;
    const articles = new ArticlesRepository(db);
    return db.transaction(async (trx) => {
      if (!(await articles.tryLock(trx, 'pipeline-sweep'))) return null;
      const unfinished = await articles.unfinished(trx, afterSeconds, BATCH);
      const report: SweepReport = { checked: unfinished.length, requeued: 0, failed: 0, waiting: 0, schedulesRepaired: 0 };
      for (const article of unfinished) {
        const stage = nextStageAfter(article.pipeline_stage);
        if (!stage) continue;
        const job = await flow.stageJob(stage, article.id, article.pipeline_generation);
        const state = job ? await job.getState() : 'missing';
        if (LIVE_JOB_STATES.has(state)) {
          report.waiting++;
          continue;
        }
        if (state === 'failed' && job && !isDatabaseUnavailable({ message: job.failedReason })) {
          await articles.unfinishedFailed(trx, article.id, `${stage}: ${job.failedReason}`);
          report.failed++;
          continue;
        }
        // A finished or outage-failed job with the same id would swallow the new one.
        if (job) await job.remove();
        await flow.enqueueStage(stage, article.id, article.pipeline_generation);
        report.requeued++;
      }
      report.schedulesRepaired = await repairCollectionSchedules(this.options.collectQueue, db, this.options.collectIntervalSeconds);
      return report;
    });
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
