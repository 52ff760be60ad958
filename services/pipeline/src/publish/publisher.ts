import { transactionWithEvents, type EventBus, type Knex } from '@neuralbeat/common';
import { slugify } from '@neuralbeat/common/contracts';
import { sanitizeArticleHtml } from '@neuralbeat/common/html';
import { ArticlesRepository, type ArticleRow } from '../repositories/articlesRepository';
import { NewsFeedRepository } from '../repositories/newsFeedRepository';

/** The article columns publishing copies into the news feed. */
export type PublishableArticle = Pick<
  ArticleRow,
  | 'id'
  | 'title'
  | 'rewritten_title'
  | 'rewritten_content'
  | 'rewritten_excerpt'
  | 'meta_description'
  | 'content'
  | 'excerpt'
  | 'author'
  | 'publish_date'
  | 'category'
  | 'image_url'
  | 'source_url'
  | 'news_source'
  | 'tags'
  | 'ai_provider'
  | 'has_high_volume_keywords'
> & { pipeline_generation?: number };

export const slugBase = (title: string) => slugify(title).slice(0, 80).replace(/-+$/, '') || 'article';

/**
 * Publishes an article atomically: the news_feed row, the article's
 * published/completed state and the `newsfeed.published` event (through the
 * outbox) commit together. An article
 * already in the news feed (run again after its source edited it) updates its
 * row in place, keeping its slug, and `newsfeed.updated` goes out when anything changed.
 */
export class Publisher {
  private readonly db: Knex;
  private readonly bus: Pick<EventBus, 'publish'>;
  private readonly articles: ArticlesRepository;
  private readonly newsFeed: NewsFeedRepository;
  constructor(db: Knex, bus: Pick<EventBus, 'publish'>) {
    this.db = db;
    this.articles = new ArticlesRepository(db);
    this.newsFeed = new NewsFeedRepository(db);
    this.bus = bus;
  }

  async publish(
    article: PublishableArticle,
    requestId?: string,
  ): Promise<{ newsFeedId: number | null; created: boolean; updated: boolean }> {
    try {
      return await this.publishOnce(article, requestId);
    } catch (err) {
      // The source edited the article while it was on its way here: the new pass publishes it, not this one.
      if (err instanceof Superseded) return { newsFeedId: null, created: false, updated: false };
      if (err instanceof PublishedMeanwhile)
        return { newsFeedId: (await this.newsFeed.ofArticle(article.id))!.id as number, created: false, updated: false };
      throw err;
    }
  }

  /** Marks the article published, if it is still the generation being published (else the transaction rolls back). */
  private async markPublished(trx: Knex.Transaction, article: PublishableArticle, fields: Record<string, unknown> = {}): Promise<void> {
    const marked = await this.articles.updatePass(
      article.id,
      article.pipeline_generation,
      { published: true, processing_status: 'completed', pipeline_stage: 'published', ...fields },
      trx,
    );
    if (!marked) throw new Superseded();
  }

  private publishOnce(
    article: PublishableArticle,
    requestId?: string,
  ): Promise<{ newsFeedId: number; created: boolean; updated: boolean }> {
    return transactionWithEvents(this.db, this.bus, async (trx, emit, writeEmitted) => {
      const existing = await this.newsFeed.ofArticle(article.id, trx);
      if (existing) {
        const fields = this.feedFields(article);
        const changed = (Object.keys(fields) as (keyof typeof fields)[]).some(
          (k) => JSON.stringify(normalise(existing[k])) !== JSON.stringify(normalise(fields[k])),
        );
        await this.markPublished(trx, article);
        if (changed) {
          await this.newsFeed.update(trx, existing.id as number, fields);
          emit('newsfeed.updated', { newsFeedId: existing.id as number }, requestId);
        }
        return { newsFeedId: existing.id as number, created: false, updated: changed };
      }
      const fields = this.feedFields(article);
      const base = slugBase(fields.title);
      const { id, taken } = await this.newsFeed.reserve(trx, base);
      let slug = base;
      for (let n = 2; taken.includes(slug); n++) slug = `${base}-${n}`;
      // The insert goes last: its count triggers lock rows every publish shares (the feed's total, the category's),
      // so the article's mark and the event are written first and only the commit follows while they are held.
      await this.markPublished(trx, article, { slug });
      emit('newsfeed.published', { newsFeedId: id, articleId: article.id, slug }, requestId);
      await writeEmitted();
      const inserted = await this.newsFeed.insert(trx, {
        id,
        article_id: article.id,
        slug,
        ...fields,
        rewrite_status: 'completed',
        seo_status: 'completed',
      });
      // Published meanwhile by another run of this job: roll back this run's marks and event, the other's stand.
      if (!inserted) throw new PublishedMeanwhile();
      return { newsFeedId: id, created: true, updated: false };
    });
  }

  /** Emits `newsfeed.published` again for an article already in the news feed; subscribers are idempotent. */
  async announce(articleId: number, requestId?: string): Promise<void> {
    await transactionWithEvents(this.db, this.bus, async (trx, emit) => {
      const row = await this.newsFeed.ofArticle(articleId, trx);
      if (row) emit('newsfeed.published', { newsFeedId: row.id as number, articleId, slug: row.slug as string }, requestId);
    });
  }

  /** The news_feed columns that come from the article. */
  private feedFields(article: PublishableArticle) {
    const title = article.rewritten_title ?? article.title;
    const excerpt = article.rewritten_excerpt ?? article.excerpt ?? '';
    return {
      title,
      // The last gate before the public table: whatever wrote the article's HTML, the page gets sanitised HTML.
      content: sanitizeArticleHtml(article.rewritten_content ?? article.content ?? '', { baseUrl: article.source_url }),
      excerpt,
      author: article.author,
      publish_date: article.publish_date,
      category: article.category,
      image_url: article.image_url,
      source_url: article.source_url,
      source_name: article.news_source,
      tags: article.tags ?? [],
      meta_tags: { description: article.meta_description ?? excerpt },
      schema_markup: JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: title,
        datePublished: article.publish_date.toISOString(),
        author: { '@type': 'Person', name: article.author },
        ...(article.source_url ? { isBasedOn: article.source_url } : {}),
      }),
      ai_provider: article.ai_provider,
      has_high_volume_keywords: article.has_high_volume_keywords,
    };
  }
}

/** The article was edited while being published: roll the publication back. */
class Superseded extends Error {}
/** Another run published the article between this run's first read and its insert. */
class PublishedMeanwhile extends Error {}

/** Dates compare by instant, everything else by value. */
const normalise = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
