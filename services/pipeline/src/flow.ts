import type { Knex } from '@neuralbeat/common';
import { ARTICLE_STAGE_ORDER, type PipelineStage } from '@neuralbeat/common/contracts';
import type { PipelineQueues } from './queues';
import type { ArticleFlow } from './workers/types';

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

  private async enqueue(stage: PipelineStage, articleId: number, requestId?: string): Promise<void> {
    const row = await this.db('articles').where({ id: articleId }).first('pipeline_generation');
    if (!row) return;
    await this.queues[stage].add(stage, { articleId, ...(requestId ? { requestId } : {}) }, { jobId: `${stage}-${articleId}-g${row.pipeline_generation}` });
  }

  start(articleId: number, requestId?: string): Promise<void> {
    return this.enqueue(ARTICLE_STAGE_ORDER[0], articleId, requestId);
  }

  async advance(from: PipelineStage, articleId: number, requestId?: string): Promise<void> {
    const index = (ARTICLE_STAGE_ORDER as readonly PipelineStage[]).indexOf(from);
    const next = ARTICLE_STAGE_ORDER[index + 1];
    if (next) await this.enqueue(next, articleId, requestId);
  }
}
