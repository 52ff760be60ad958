import { createHash } from 'node:crypto';
import { transactionWithEvents, type EventBus, type Knex, type Logger } from '@neuralbeat/common';
import { htmlToText, isHttpUrl, sanitizeArticleHtml } from '@neuralbeat/common/html';
import { NEWS_CATEGORIES } from '@neuralbeat/common/contracts';
import { canonicalUrl, itemKey } from './canonicalUrl';
import { isThin } from '../fulltext/thinText';
import { CollectedArticlesRepository } from '../repositories/collectedArticlesRepository';
import { collectSource, type CollectionRun } from './sourceCollection';
import { parseFeed, type FeedItem } from './feedParser';
import { SourcesRepository, type CollectionCounts, type NewsSourceRow } from '../repositories/sourcesRepository';

const CATEGORY_BY_NAME = new Map(NEWS_CATEGORIES.map((c) => [c.toLowerCase(), c]));

/** The first item category that names one of our news categories, else Research. */
export function newsCategory(categories: string[]): string {
  for (const c of categories) {
    const match = CATEGORY_BY_NAME.get(c.trim().toLowerCase());
    if (match) return match;
  }
  return 'Research';
}

interface ArticleLists {
  /** Articles stored for the first time. */
  newArticleIds: number[];
  /** Known articles whose title, summary or content the feed changed. */
  updatedArticleIds: number[];
  /** Items in the feed, items that repeated an identity already in this fetch (folded into it), items with no link or guid. */
  counts?: CollectionCounts;
}
export type CollectResult = CollectionRun<ArticleLists>;

/** The article columns a feed item fills. */
type ItemRow = ReturnType<typeof itemRow>;

/** SHA-1 of what the feed says about an item: a change means the publisher edited it. */
const feedHash = (row: { title: string; excerpt: string; content: string }) =>
  createHash('sha1').update(`${row.title}\n${row.excerpt}\n${row.content}`).digest('hex');

function itemRow(source: NewsSourceRow, item: FeedItem, key: string) {
  const content = sanitizeArticleHtml(item.contentHtml, { baseUrl: item.link });
  const excerpt = htmlToText(item.summary ?? '') || htmlToText(content).slice(0, 300);
  const title = htmlToText(item.title).slice(0, 500);
  return {
    title,
    slug: null,
    content,
    excerpt,
    author: htmlToText(item.author ?? '') || source.name,
    publish_date: item.publishedAt ?? new Date(),
    category: newsCategory(item.categories),
    image_url: item.imageUrl && isHttpUrl(item.imageUrl) ? item.imageUrl : null,
    source_url: item.link,
    news_source: source.name,
    tags: item.categories
      .map((c) => htmlToText(c).toLowerCase())
      .filter(Boolean)
      .slice(0, 10),
    source_id: source.id,
    guid: item.guid,
    item_key: key,
    canonical_url: canonicalUrl(item.link),
    feed_hash: feedHash({ title, excerpt, content }),
    // A feed that carries the whole article needs no page: the item skips the full-text stage.
    ...(isThin(content) ? {} : { pipeline_stage: 'extracted', full_text_status: 'feed' }),
  };
}

/**
 * Turns a source's feed into pending articles; a re-fetch of known items adds
 * nothing, an edited item updates its article. Each new or edited article is
 * announced with `article.collected`, written to the outbox in the transaction
 * that stores it: that event is how an article enters the pipeline, so none can
 * be stored and then forgotten.
 */
export class Collector {
  private readonly db: Knex;
  private readonly bus: Pick<EventBus, 'publish'>;
  private readonly sources: SourcesRepository;
  private readonly articles: CollectedArticlesRepository;
  private readonly logger: Logger;
  private readonly timeoutMs: number;
  private readonly userAgent: string;
  constructor(db: Knex, logger: Logger, timeoutMs: number, bus: Pick<EventBus, 'publish'>, userAgent: string) {
    this.db = db;
    this.bus = bus;
    this.userAgent = userAgent;
    this.sources = new SourcesRepository(db);
    this.articles = new CollectedArticlesRepository(feedHash);
    this.logger = logger;
    this.timeoutMs = timeoutMs;
  }

  /** Never throws for a bad source: the problem is recorded on the source and reported. */
  collect(sourceId: number, requestId?: string): Promise<CollectResult> {
    return collectSource<ArticleLists>(
      { sources: this.sources, logger: this.logger, timeoutMs: this.timeoutMs, userAgent: this.userAgent },
      {
        noun: 'source',
        none: { newArticleIds: [], updatedArticleIds: [] },
        conditional: true,
        store: async (source, fetched) => {
          const items = await parseFeed(fetched.text, fetched.contentType);
          const { rows, counts } = this.identify(source, items, requestId);
          const stored = await transactionWithEvents(this.db, this.bus, async (trx, emit) => {
            const stored = await this.articles.store(trx, rows);
            for (const id of [...stored.added, ...stored.updated])
              emit('article.collected', { articleId: id, sourceId: source.id }, requestId);
            return stored;
          });
          const tally = { ...counts, added: stored.added.length, updated: stored.updated.length };
          return { result: { newArticleIds: stored.added, updatedArticleIds: stored.updated, counts }, tally, logged: tally };
        },
      },
      sourceId,
      requestId,
    );
  }

  /** One row per item identity; later items with an identity already seen in this fetch are folded into the first, and said so. */
  private identify(source: NewsSourceRow, items: FeedItem[], requestId?: string): { rows: ItemRow[]; counts: CollectionCounts } {
    const byKey = new Map<string, ItemRow>();
    const folded: { key: string; link: string }[] = [];
    let unidentified = 0;
    for (const item of items) {
      const key = itemKey(item);
      const row = key ? itemRow(source, item, key) : null;
      if (!key || !row || !row.title) {
        unidentified++;
        continue;
      }
      if (byKey.has(key)) folded.push({ key, link: item.link });
      else byKey.set(key, row);
    }
    if (folded.length)
      this.logger.warn(
        { sourceId: source.id, requestId, folded: folded.length, sample: folded.slice(0, 5) },
        'feed items folded into an item with the same identity',
      );
    if (unidentified)
      this.logger.warn({ sourceId: source.id, requestId, unidentified }, 'feed items without a usable link or guid skipped');
    return { rows: [...byKey.values()], counts: { seen: items.length, folded: folded.length, unidentified } };
  }
}
