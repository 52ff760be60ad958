import type { EventBus, Knex, Logger, Redis } from '@neuralbeat/common';
import type { PipelineConfig } from '../config';
import type { PipelineStage } from '@neuralbeat/common/contracts';

/**
 * Moves an article along ARTICLE_STAGE_ORDER (services/common/src/contracts/jobs.ts).
 * The one place that chains stages: processors never enqueue another stage themselves.
 */
export interface ArticleFlow {
  /** Enters an article at the stage after the one it has done (a new article: its first stage). */
  start(articleId: number, requestId?: string): Promise<void>;
  /**
   * Called by a stage that finished an article successfully; enqueues the next stage, if any,
   * for `generation` (the pass the stage worked on), or for the article's current pass when not given.
   */
  advance(from: PipelineStage, articleId: number, requestId?: string, generation?: number): Promise<void>;
}

/** What every processor is built from. */
export interface WorkerDeps {
  db: Knex;
  redis: Redis;
  logger: Logger;
  config: PipelineConfig;
  flow: ArticleFlow;
  bus: Pick<EventBus, 'publish'>;
}
