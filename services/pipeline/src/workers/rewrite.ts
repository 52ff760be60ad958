import { MalformedResponseError, safeRewrite, type RewriteProvider } from '../providers/types';
import { ArticlesRepository } from '../repositories/articlesRepository';
import { articleStage } from './articleStage';
import type { WorkerDeps } from './types';

/** Stage 4: rewrites through the configured provider and sanitises what it wrote; every call, good or bad, leaves an ai_provider_metrics row. */
export function createRewriteProcessor(deps: WorkerDeps, provider: RewriteProvider) {
  const articles = new ArticlesRepository(deps.db);
  return articleStage('rewrite', deps, async (article) => {
    await articles.countRewriteAttempt(article.id);
    const started = performance.now();
    try {
      const result = safeRewrite(
        await provider.rewrite({
          articleId: article.id,
          title: article.title,
          contentHtml: article.content ?? '',
          excerpt: article.excerpt,
        }),
        article.source_url,
      );
      const updated = await articles.rewritten(
        article.id,
        article.pipeline_generation,
        {
          rewritten_title: result.title,
          rewritten_content: result.content,
          rewritten_excerpt: result.excerpt,
          meta_description: result.metaDescription,
          ai_provider: provider.id,
          pipeline_stage: 'rewritten',
          last_error: null,
        },
        {
          provider: provider.id,
          article_id: article.id,
          success: true,
          processing_time_ms: Math.round(performance.now() - started),
          word_count: result.wordCount,
          cost: result.cost,
          response_format_correct: true,
        },
      );
      // No row: the source edited the article meanwhile and its new pass carries on.
      return updated ? 'done' : 'held';
    } catch (err) {
      await articles.providerCallFailed({
        provider: provider.id,
        article_id: article.id,
        success: false,
        processing_time_ms: Math.round(performance.now() - started),
        error_message: (err as Error).message.slice(0, 1000),
        response_format_correct: !(err instanceof MalformedResponseError),
      });
      throw err;
    }
  });
}
