import { DuplicateDetector } from '../dedupe/duplicateDetector';
import { articleStage } from './articleStage';
import type { WorkerDeps } from './types';

/**
 * Stage 2: true duplicates only. A copy of a story that is live or on its way
 * is held (status duplicate, pointing at the copy published first) and stops
 * here; every copy joins the story's cluster, credited on the article page.
 */
export function createDedupeProcessor(deps: WorkerDeps) {
  const detector = new DuplicateDetector(deps.db);
  return articleStage('dedupe', deps, async (article) => {
    const verdict = await detector.check(article);
    return verdict.duplicate || verdict.superseded ? 'held' : 'done';
  });
}
