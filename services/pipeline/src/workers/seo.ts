import { SEO_SCORE_THRESHOLD } from '@neuralbeat/common/contracts';
import { scoreSeo } from '../seo/seoRubric';
import { ArticlesRepository } from '../repositories/articlesRepository';
import { articleStage } from './articleStage';
import type { WorkerDeps } from './types';

/**
 * Stage 3: scores the article; below the threshold it goes back to pending and
 * no further, with the reasons (and why its page was not used, if it was not).
 * An article already live, run again after an edit, is re-scored but stays live.
 */
export function createSeoProcessor(deps: WorkerDeps) {
  const articles = new ArticlesRepository(deps.db);
  return articleStage('seo', deps, async (article) => {
    const result = scoreSeo({ title: article.title, excerpt: article.excerpt, contentHtml: article.content, imageUrl: article.image_url });
    const passed = result.score >= SEO_SCORE_THRESHOLD || article.published;
    const reasoning = [...result.reasoning, ...(article.full_text_note ? [article.full_text_note] : [])];
    const updated = await articles.updatePass(article.id, article.pipeline_generation, {
      seo_score: result.score,
      seo_reasoning: reasoning.join('\n'),
      has_high_volume_keywords: result.hasHighVolumeKeywords,
      processing_status: passed ? 'processing' : 'pending',
      ...(passed ? { pipeline_stage: 'scored' } : {}),
    });
    // No row: the source edited the article meanwhile and its new pass carries on.
    return passed && updated ? 'done' : 'held';
  });
}
