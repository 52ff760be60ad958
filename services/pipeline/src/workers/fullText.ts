import { DelayedError } from 'bullmq';
import { countWords } from '@neuralbeat/common/contracts';
import { htmlToText } from '@neuralbeat/common/html';
import { crawlerUserAgent } from '../crawler';
import { extractArticle } from '../fulltext/articleExtractor';
import { PoliteFetcher } from '../fulltext/politeFetcher';
import { isThin } from '../fulltext/thinText';
import { ArticlesRepository, type ArticleRow } from '../repositories/articlesRepository';
import { articleStage } from './articleStage';
import type { WorkerDeps } from './types';

/** The page's text replaces the feed's only when it says clearly more. */
const MORE_TEXT_FACTOR = 1.2;

/**
 * Stage 1: a feed item that carries less than an article (a headline, a line
 * of summary, a cut-off excerpt) gets its linked page, fetched politely, and
 * the page's main text, lead image and author. Without the page (offline,
 * robots.txt, an error) the feed text stays and `full_text_note` says why;
 * the article moves on either way. Items with a real article in the feed skip the request.
 */
export function createFullTextProcessor(deps: WorkerDeps) {
  const articles = new ArticlesRepository(deps.db);
  const fetcher = new PoliteFetcher(deps.redis, {
    userAgent: crawlerUserAgent(deps.config),
    timeoutMs: deps.config.PAGE_TIMEOUT_MS,
    maxBytes: deps.config.PAGE_MAX_BYTES,
    prefix: deps.config.REDIS_PREFIX,
  });
  /** Records the stage's result; 'held' when the source edited the article meanwhile (its new pass carries on). */
  const finish = async (article: ArticleRow, fields: Record<string, unknown>): Promise<'done' | 'held'> => {
    const updated = await articles.updatePass(article.id, article.pipeline_generation, { ...fields, pipeline_stage: 'extracted' });
    return updated ? 'done' : 'held';
  };
  const keepFeedText = (article: ArticleRow, reason: string) =>
    finish(article, { full_text_status: 'feed', full_text_note: `Feed text kept: ${reason}.` });

  return articleStage('fullText', deps, async (article, job, token) => {
    // Page text fetched before is re-checked when the feed changes the item (the collector keeps it, marked 'page').
    const hadPage = article.full_text_status === 'page';
    if (!hadPage && !isThin(article.content)) {
      return finish(article, { full_text_status: 'feed', full_text_note: null });
    }
    if (!deps.config.FULL_TEXT_FETCH) {
      return keepFeedText(article, 'page fetching is turned off (FULL_TEXT_FETCH=false)');
    }
    if (!article.source_url) {
      return keepFeedText(article, 'the item has no link');
    }
    const outcome = await fetcher.fetch(
      article.source_url,
      hadPage ? { etag: article.page_etag, lastModified: article.page_last_modified } : { etag: null, lastModified: null },
    );
    if (outcome.kind === 'busy') {
      // Another request to this host is under way: wait without holding a worker slot or using an attempt.
      await job.moveToDelayed(Date.now() + outcome.retryInMs, token);
      throw new DelayedError();
    }
    if (outcome.kind === 'not-modified') {
      return finish(article, { full_text_status: 'page', full_text_note: null, page_fetched_at: articles.now() });
    }
    if (outcome.kind === 'unavailable') {
      deps.logger.info(
        { articleId: article.id, url: article.source_url, reason: outcome.reason, requestId: job.data.requestId },
        'article page not used',
      );
      return keepFeedText(article, outcome.reason);
    }
    const extracted = extractArticle(outcome.html, outcome.url);
    const feedWords = countWords(htmlToText(article.content));
    if (!extracted || extracted.wordCount < Math.max(feedWords * MORE_TEXT_FACTOR, feedWords + 20)) {
      return keepFeedText(
        article,
        extracted ? `the page has no more text than the feed (${extracted.wordCount} words)` : 'no article text found on the page',
      );
    }
    return finish(article, {
      content: extracted.contentHtml,
      ...(!article.excerpt && extracted.excerpt ? { excerpt: extracted.excerpt.slice(0, 300) } : {}),
      ...(!article.image_url && extracted.imageUrl ? { image_url: extracted.imageUrl } : {}),
      // The collector puts the source's name where the feed named no author.
      ...(extracted.author && article.author === article.news_source ? { author: extracted.author } : {}),
      full_text_status: 'page',
      full_text_note: null,
      page_etag: outcome.etag,
      page_last_modified: outcome.lastModified,
      page_fetched_at: articles.now(),
    });
  });
}
