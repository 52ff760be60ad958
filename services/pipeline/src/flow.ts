import type { Job } from 'bullmq';
import type { Knex } from '@neuralbeat/common';
import { ARTICLE_STAGE_ORDER, type ArticleStage, type PipelineStage } from '@neuralbeat/common/contracts';
import type { PipelineQueues } from './queues';
import type { ArticleFlow } from './workers/types';
import { ArticlesRepository, type StageMark } from './repositories/articlesRepository';
import { nextStageAfter } from './workers/articleStage';

/** An article's job id for a stage: one job per stage and pass (generation). */
export const stageJobId = (stage: PipelineStage, articleId: number, generation: number) => `${stage}-${articleId}-g${generation}`;

/**
 * The one place that chains the article stages (ARTICLE_STAGE_ORDER).
 * Job ids are `{stage}-{articleId}-g{generation}`: enqueueing the same stage
 * twice for the same pass is a no-op, while an article reset by an operator or
 * edited by its source (generation + 1) can run through again.
 */
export class QueueArticleFlow implements ArticleFlow {
  private readonly queues: PipelineQueues;
  private readonly articles: ArticlesRepository;
  constructor(queues: PipelineQueues, db: Knex) {
    this.queues = queues;
    this.articles = new ArticlesRepository(db);
  }

  private async enqueue(
    stage: ArticleStage | ((mark: StageMark) => ArticleStage | undefined),
    articleId: number,
    requestId?: string,
  ): Promise<void> {
    const row = await this.articles.progress(articleId);
    const name = row && (typeof stage === 'function' ? stage(row.pipeline_stage) : stage);
    if (!row || !name) return;
    await this.enqueueStage(name, articleId, row.pipeline_generation, requestId);
  }

  /** Adds the stage's job for this pass of the article; a no-op while that job is still known to the queue. */
  async enqueueStage(stage: ArticleStage, articleId: number, generation: number, requestId?: string): Promise<void> {
    await this.queues[stage].add(
      stage,
      { articleId, ...(requestId ? { requestId } : {}) },
      { jobId: stageJobId(stage, articleId, generation) },
    );
  }

  /** The stage's job for this pass of the article, if the queue still has it. */
  async stageJob(stage: ArticleStage, articleId: number, generation: number): Promise<Job | undefined> {
    return this.queues[stage].getJob(stageJobId(stage, articleId, generation));
  }

  /** Enters an article at the stage after the one it has done (a feed item carrying the whole article starts past the full-text stage). */
  start(articleId: number, requestId?: string): Promise<void> {
    return this.enqueue(nextStageAfter, articleId, requestId);
  }

  async advance(from: PipelineStage, articleId: number, requestId?: string, generation?: number): Promise<void> {
    const index = (ARTICLE_STAGE_ORDER as readonly PipelineStage[]).indexOf(from);
    const next = ARTICLE_STAGE_ORDER[index + 1];
    if (!next) return;
    // A stage knows the pass it worked on: the next stage's job belongs to that pass, with no read of the article.
    if (generation !== undefined) await this.enqueueStage(next, articleId, generation, requestId);
    else await this.enqueue(next, articleId, requestId);
  }
}
