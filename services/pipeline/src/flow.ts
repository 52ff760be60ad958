import type { Knex } from '@neuralbeat/common';
import { ARTICLE_STAGE_ORDER, type PipelineStage } from '@neuralbeat/common/contracts';
import type { PipelineQueues } from './queues';
import type { ArticleFlow } from './workers/types';
import { STAGE_MARKS, type StageMark } from './workers/articleStage';

/**
 * The one place that chains the article stages (ARTICLE_STAGE_ORDER).
 * Job ids are `{stage}-{articleId}-g{generation}`: enqueueing the same stage
 * twice for the same pass is a no-op, while an article reset by an operator
 * (generation + 1) can run through again.
 */
export class QueueArticleFlow implements ArticleFlow {
  private readonly queues: PipelineQueues;
  private readonly db: Knex;
  constructor(queues: PipelineQueues, db: Knex) {
    this.queues = queues;
    this.db = db;
  }

  private async enqueue(stage: PipelineStage | ((mark: StageMark) => PipelineStage | undefined), articleId: number, requestId?: string): Promise<void> {
    const row = await this.db('articles').where({ id: articleId }).first('pipeline_generation', 'pipeline_stage');
    const name = typeof stage === 'function' ? stage(row?.pipeline_stage) : stage;
    if (!row || !name) return;
    await this.queues[name].add(name, { articleId, ...(requestId ? { requestId } : {}) }, { jobId: `${name}-${articleId}-g${row.pipeline_generation}` });
  }

  /** Enters an article at the stage after the one it has done (a feed item carrying the whole article starts past the full-text stage). */
  start(articleId: number, requestId?: string): Promise<void> {
    return this.enqueue((mark) => ARTICLE_STAGE_ORDER[Math.max(0, STAGE_MARKS.indexOf(mark))], articleId, requestId);
  }

  async advance(from: PipelineStage, articleId: number, requestId?: string): Promise<void> {
    const index = (ARTICLE_STAGE_ORDER as readonly PipelineStage[]).indexOf(from);
    const next = ARTICLE_STAGE_ORDER[index + 1];
    if (next) await this.enqueue(next, articleId, requestId);
  }
}
