import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { isDatabaseUnavailable } from '@neuralbeat/common';
import type { ArticleStage } from '@neuralbeat/common/contracts';
import { ArticlesRepository, STAGE_MARKS, type ArticleRow, type StageMark } from '../repositories/articlesRepository';
import type { WorkerDeps } from './types';

const DONE_MARK: Record<ArticleStage, StageMark> = {
  fullText: 'extracted',
  dedupe: 'deduped',
  seo: 'scored',
  rewrite: 'rewritten',
  tag: 'tagged',
  publish: 'published',
};
const TERMINAL = new Set(['duplicate', 'failed', 'skipped', 'completed']);

export type StageOutcome = 'done' | 'held' | 'already-done' | 'not-applicable';
type ArticleJob = Job<{ articleId: number; requestId?: string }>;

/** The stage that takes an article on from the progress mark it has reached (none once published). */
export function nextStageAfter(mark: StageMark): ArticleStage | undefined {
  return (Object.keys(DONE_MARK) as ArticleStage[]).find(
    (stage) => STAGE_MARKS.indexOf(DONE_MARK[stage]) === STAGE_MARKS.indexOf(mark) + 1,
  );
}

/** An article waiting on nothing: finished, failed, a duplicate, or held below the SEO threshold. */
export const isSettled = (a: Pick<ArticleRow, 'processing_status'> & { seo_score: number | null }) =>
  TERMINAL.has(a.processing_status) || (a.processing_status === 'pending' && a.seo_score !== null);

/**
 * Runs one stage for one article idempotently: a finished or terminal article is
 * not worked on again, and a stage found already done only re-requests the next
 * stage (which may have been lost if a worker died after committing) and runs
 * `alreadyDone` (publish uses it to announce the article again).
 * While the database is unreachable the job waits and retries without using up
 * one of its attempts: an outage is not the article's fault.
 */
export function articleStage(
  stage: ArticleStage,
  deps: WorkerDeps,
  work: (article: ArticleRow, job: ArticleJob, token?: string) => Promise<'done' | 'held'>,
  hooks: { alreadyDone?: (article: ArticleRow, job: ArticleJob) => Promise<void> } = {},
) {
  const articles = new ArticlesRepository(deps.db);
  const doneIndex = STAGE_MARKS.indexOf(DONE_MARK[stage]);
  const run = async (job: ArticleJob, token?: string): Promise<StageOutcome> => {
    const { articleId, requestId } = job.data;
    const article = await articles.find(articleId);
    if (!article) throw new UnrecoverableError(`Article ${articleId} does not exist`);
    const reached = STAGE_MARKS.indexOf(article.pipeline_stage);
    if (reached >= doneIndex) {
      if (!TERMINAL.has(article.processing_status)) await deps.flow.advance(stage, articleId, requestId, article.pipeline_generation);
      await hooks.alreadyDone?.(article, job);
      return 'already-done';
    }
    if (TERMINAL.has(article.processing_status) || reached !== doneIndex - 1) return 'not-applicable';
    const outcome = await work(article, job, token);
    deps.logger.debug({ stage, articleId, outcome, requestId }, 'stage finished');
    // 'done' means the stage's write matched this pass (generation), so the next stage's job is for it too.
    if (outcome === 'done') await deps.flow.advance(stage, articleId, requestId, article.pipeline_generation);
    return outcome;
  };
  return async (job: ArticleJob, token?: string): Promise<StageOutcome> => {
    try {
      return await run(job, token);
    } catch (err) {
      if (!token || !isDatabaseUnavailable(err)) throw err;
      deps.logger.warn(
        { stage, articleId: job.data.articleId, err: (err as Error).message },
        'database unavailable; the stage waits and retries',
      );
      await job.moveToDelayed(Date.now() + Math.max(deps.config.PIPELINE_BACKOFF_MS, 1000), token);
      throw new DelayedError();
    }
  };
}
