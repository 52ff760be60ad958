import { Publisher } from '../publish/publisher';
import { articleStage } from './articleStage';
import type { WorkerDeps } from './types';

/**
 * Stage 6: the news_feed row, the article's completed state and `newsfeed.published`
 * in one transaction. A publish job run again for a published article (a retry
 * after a crash, a re-drive) announces it again, so search never misses it.
 */
export function createPublishProcessor(deps: WorkerDeps) {
  const publisher = new Publisher(deps.db, deps.bus);
  return articleStage(
    'publish',
    deps,
    async (article, job) => {
      const result = await publisher.publish(article, job.data.requestId);
      return result.newsFeedId === null ? 'held' : 'done';
    },
    { alreadyDone: (article, job) => publisher.announce(article.id, job.data.requestId) },
  );
}
