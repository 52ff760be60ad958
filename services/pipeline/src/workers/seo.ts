import { SEO_SCORE_THRESHOLD } from '@neuralbeat/common/contracts';
import { scoreSeo } from '../seo/seoRubric';
import { articleStage } from './articleStage';
import type { WorkerDeps } from './types';

/** Stage 2: scores the article; below the threshold it goes back to pending and no further. */
export function createSeoProcessor(deps: WorkerDeps) {
  return articleStage('seo', deps, async (article) => {
    const result = scoreSeo({ title: article.title, excerpt: article.excerpt, contentHtml: article.content, imageUrl: article.image_url });
    const passed = result.score >= SEO_SCORE_THRESHOLD;
    await deps.db('articles').where({ id: article.id }).update({
      seo_score: result.score,
      seo_reasoning: result.reasoning.join('\n'),
      has_high_volume_keywords: result.hasHighVolumeKeywords,
      processing_status: passed ? 'processing' : 'pending',
      ...(passed ? { pipeline_stage: 'scored' } : {}),
      updated_at: deps.db.fn.now(),
    });
    return passed ? 'done' : 'held';
  });
}
