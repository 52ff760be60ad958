import { htmlToText } from '@neuralbeat/common/html';
import { Tagger } from '../tagging/tagger';
import { ArticlesRepository } from '../repositories/articlesRepository';
import { articleStage } from './articleStage';
import type { WorkerDeps } from './types';

/** Stage 5: standardised tags from the taxonomy and the feed's categories. */
export function createTagProcessor(deps: WorkerDeps) {
  const tagger = new Tagger(deps.db);
  const articles = new ArticlesRepository(deps.db);
  return articleStage('tag', deps, async (article) => {
    const tags = await tagger.tags({
      title: article.rewritten_title ?? article.title,
      text: htmlToText(article.rewritten_content ?? article.content),
      feedTags: article.tags ?? [],
      category: article.category,
    });
    const updated = await articles.updatePass(article.id, article.pipeline_generation, { tags, pipeline_stage: 'tagged' });
    // No row: the source edited the article meanwhile and its new pass carries on.
    return updated ? 'done' : 'held';
  });
}
