import { transactionWithEvents, type EventBus, type Knex, type Logger } from '@neuralbeat/common';
import { htmlToText, isHttpUrl, sanitizeArticleHtml } from '@neuralbeat/common/html';
import { NEWS_CATEGORIES } from '@neuralbeat/common/contracts';
import { canonicalUrl, normalizeTitle } from './canonicalUrl';
import { fetchFeed } from './feedFetcher';
import { parseFeed, type FeedItem } from './feedParser';
import { SourcesRepository, type NewsSourceRow } from './sourcesRepository';

const CATEGORY_BY_NAME = new Map(NEWS_CATEGORIES.map((c) => [c.toLowerCase(), c]));

/** The first item category that names one of our news categories, else Research. */
export function newsCategory(categories: string[]): string {
  for (const c of categories) {
    const match = CATEGORY_BY_NAME.get(c.trim().toLowerCase());
    if (match) return match;
  }
  return 'Research';
}

export interface CollectResult {
  sourceId: number;
  status: 'collected' | 'not-modified' | 'failed' | 'disabled' | 'missing';
  newArticleIds: number[];
  error?: string;
}

/**
 * Turns a source's feed into pending articles; a re-fetch of known items adds
 * nothing. Each new article is announced with `article.collected`, written to the
 * outbox in the transaction that stores it: that event is how an article enters
 * the pipeline, so none can be stored and then forgotten.
 */
export class Collector {
  private readonly db: Knex;
  private readonly bus: Pick<EventBus, 'publish'>;
  private readonly sources: SourcesRepository;
  private readonly logger: Logger;
  private readonly timeoutMs: number;
  constructor(db: Knex, logger: Logger, timeoutMs: number, bus: Pick<EventBus, 'publish'>) {
    this.db = db;
    this.bus = bus;
    this.sources = new SourcesRepository(db);
    this.logger = logger;
    this.timeoutMs = timeoutMs;
  }

  /** Never throws for a bad source: the problem is recorded on the source and reported. */
  async collect(sourceId: number, requestId?: string): Promise<CollectResult> {
    const source = await this.sources.find(sourceId);
    if (!source) return { sourceId, status: 'missing', newArticleIds: [] };
    if (!source.enabled) return { sourceId, status: 'disabled', newArticleIds: [] };
    try {
      const fetched = await fetchFeed(source.feed_url, { etag: source.etag, lastModified: source.last_modified }, this.timeoutMs);
      if (fetched.status === 'not-modified') {
        await this.sources.recordSuccess(source.id, {});
        return { sourceId, status: 'not-modified', newArticleIds: [] };
      }
      const items = await parseFeed(fetched.text!, fetched.contentType);
      const newArticleIds = await this.store(source, items, requestId);
      await this.sources.recordSuccess(source.id, { etag: fetched.etag ?? null, lastModified: fetched.lastModified ?? null });
      this.logger.info({ sourceId, items: items.length, added: newArticleIds.length }, 'source collected');
      return { sourceId, status: 'collected', newArticleIds };
    } catch (err) {
      const message = err instanceof Error ? (err.name === 'TimeoutError' ? `Timed out after ${this.timeoutMs} ms` : err.message) : String(err);
      await this.sources.recordFailure(source.id, message);
      this.logger.warn({ sourceId, err: message }, 'source failed');
      return { sourceId, status: 'failed', newArticleIds: [], error: message };
    }
  }

  private async store(source: NewsSourceRow, items: FeedItem[], requestId?: string): Promise<number[]> {
    const rows = items
      .map((item) => {
        const canonical = canonicalUrl(item.link);
        if (!canonical) return null;
        const content = sanitizeArticleHtml(item.contentHtml, { baseUrl: item.link });
        const excerpt = htmlToText(item.summary ?? '') || htmlToText(content).slice(0, 300);
        return {
          title: htmlToText(item.title).slice(0, 500),
          slug: null,
          content,
          excerpt,
          author: htmlToText(item.author ?? '') || source.name,
          publish_date: item.publishedAt ?? new Date(),
          category: newsCategory(item.categories),
          image_url: item.imageUrl && isHttpUrl(item.imageUrl) ? item.imageUrl : null,
          source_url: item.link,
          news_source: source.name,
          tags: item.categories.map((c) => htmlToText(c).toLowerCase()).filter(Boolean).slice(0, 10),
          source_id: source.id,
          guid: item.guid,
          canonical_url: canonical,
          normalized_title: normalizeTitle(item.title),
        };
      })
      .filter((r): r is NonNullable<typeof r> => r !== null && r.title.length > 0);
    if (!rows.length) return [];
    return transactionWithEvents(this.db, this.bus, async (trx, emit) => {
      const inserted: { id: number }[] = await trx('articles').insert(rows).onConflict('canonical_url').ignore().returning('id');
      for (const { id } of inserted) emit('article.collected', { articleId: id, sourceId: source.id }, requestId);
      return inserted.map((r) => r.id);
    });
  }
}
