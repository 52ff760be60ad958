import type { Knex } from '@neuralbeat/common';

/**
 * Dimensions of `news_feed_counts`, the counts of the news feed kept by
 * triggers (migration 2026112311A). Reading one is a primary-key lookup;
 * ranking one is an index read in order.
 */
export type NewsCountDimension = 'feed' | 'category' | 'tag' | 'tag_page' | 'ai_provider' | 'seo_status';

export interface NewsCount {
  value: string;
  count: number;
}

/** The value of `ai_provider` counts standing for "no provider recorded" (legacy items). */
export const NO_PROVIDER = '';

/** Reads of the kept counts; nothing here counts `news_feed` rows. */
export class NewsCountsRepository {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  /**
   * The count of one value as a subquery, for a list to read its total in its
   * own statement: `('feed', '')` is every item, `('tag_page', 'llm')` the items of /news/tag/llm.
   */
  countQuery(dimension: NewsCountDimension, value: string): Knex.QueryBuilder {
    return this.db('news_feed_counts').where({ dimension, value }).select('article_count');
  }

  /** The kept count of one value (0 when nothing has it). */
  async count(dimension: NewsCountDimension, value: string): Promise<number> {
    const [row] = await this.countQuery(dimension, value);
    return row?.article_count ?? 0;
  }

  /** The most counted values of a dimension, most first, ties by value. */
  async top(dimension: NewsCountDimension, limit: number): Promise<NewsCount[]> {
    const rows = await this.db('news_feed_counts')
      .where({ dimension })
      .orderBy([
        { column: 'article_count', order: 'desc' },
        { column: 'value', order: 'asc' },
      ])
      .limit(limit)
      .select<{ value: string; article_count: number }[]>('value', 'article_count');
    return rows.map((r) => ({ value: r.value, count: r.article_count }));
  }

  /** Every value of the given dimensions with its count (dimensions with few values: providers, SEO statuses). */
  async all(dimensions: NewsCountDimension[]): Promise<(NewsCount & { dimension: NewsCountDimension })[]> {
    const rows = await this.db('news_feed_counts')
      .whereIn('dimension', dimensions)
      .select<{ dimension: NewsCountDimension; value: string; article_count: number }[]>('dimension', 'value', 'article_count');
    return rows.map((r) => ({ dimension: r.dimension, value: r.value, count: r.article_count }));
  }
}
