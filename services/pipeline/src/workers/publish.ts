import { Publisher } from '../publish/publisher';
import { articleStage } from './articleStage';
import type { WorkerDeps } from './types';

/** Stage 5: the news_feed row and the article's completed state in one transaction, then `newsfeed.published`. */
export function createPublishProcessor(deps: WorkerDeps) {
  const publisher = new Publisher(deps.db, deps.bus);
  return articleStage('publish', deps, async (article, job) => {
    const result = await publisher.publish(article, job.data.requestId);
    return result.newsFeedId === null ? 'held' : 'done';
  });
}
