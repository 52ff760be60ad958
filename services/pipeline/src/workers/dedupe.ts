import { DuplicateDetector } from '../dedupe/duplicateDetector';
import { articleStage } from './articleStage';
import type { WorkerDeps } from './types';

/** Stage 1: a duplicate points at its earliest original, records how it was found, and stops here. */
export function createDedupeProcessor(deps: WorkerDeps) {
  const detector = new DuplicateDetector(deps.db);
  return articleStage('dedupe', deps, async (article) => {
    const verdict = await detector.check(article);
    if (verdict.duplicate) {
      await deps.db('articles').where({ id: article.id }).update({
        is_duplicate: true,
        duplicate_of: verdict.originalId,
        duplicate_detection_data: { method: verdict.method, similarity: verdict.similarity, matchedId: verdict.matchedId },
        processing_status: 'duplicate',
        pipeline_stage: 'deduped',
        updated_at: deps.db.fn.now(),
      });
      return 'held';
    }
    await deps.db('articles').where({ id: article.id }).update({ processing_status: 'processing', pipeline_stage: 'deduped', updated_at: deps.db.fn.now() });
    return 'done';
  });
}
