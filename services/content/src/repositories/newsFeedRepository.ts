import type { Knex } from '@neuralbeat/common';
import type { NewsFeedRow } from '../presenters/newsPresenter';

export interface NewsFilter {
  tag?: string;
  category?: string;
}

/** Knex access to `news_feed`, the published news. */
export class NewsFeedRepository {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  private filtered(filter: NewsFilter) {
    const q = this.db<NewsFeedRow>('news_feed');
    // A tag page also lists its category namesake (category links lead to tag pages); both sides are indexed.
    if (filter.tag) q.whereRaw('(tags @> ARRAY[?]::text[] OR lower(category) = ?)', [filter.tag, filter.tag]);
    if (filter.category) q.whereRaw('lower(category) = ?', [filter.category.toLowerCase()]);
    return q;
  }

  async page(filter: NewsFilter, limit: number, offset: number): Promise<{ rows: NewsFeedRow[]; total: number }> {
    const [rows, [{ total }]] = await Promise.all([
      this.filtered(filter).select('*').orderBy([{ column: 'publish_date', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit).offset(offset),
      this.filtered(filter).count<{ total: string }[]>({ total: '*' }),
    ]);
    return { rows, total: Number(total) };
  }

  latest(limit: number): Promise<NewsFeedRow[]> {
    return this.db<NewsFeedRow>('news_feed').orderBy([{ column: 'publish_date', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit);
  }

  findById(id: number): Promise<NewsFeedRow | undefined> {
    return this.db<NewsFeedRow>('news_feed').where({ id }).first();
  }

  findBySlug(slug: string): Promise<NewsFeedRow | undefined> {
    return this.db<NewsFeedRow>('news_feed').where({ slug }).first();
  }

  /** Items sharing the most tags with `item`, newest first; same-category items fill any gap. */
  async related(item: NewsFeedRow, limit: number): Promise<NewsFeedRow[]> {
    const tags = item.tags ?? [];
    const byTags = tags.length
      ? await this.db<NewsFeedRow>('news_feed')
          .whereNot({ id: item.id })
          .whereRaw('tags && ?::text[]', [tags])
          .orderByRaw('cardinality(ARRAY(SELECT unnest(tags) INTERSECT SELECT unnest(?::text[]))) DESC, publish_date DESC, id DESC', [tags])
          .limit(limit)
      : [];
    if (byTags.length >= limit) return byTags;
    const fill = await this.db<NewsFeedRow>('news_feed')
      .whereNot({ id: item.id })
      .whereNotIn('id', byTags.map((r) => r.id))
      .where({ category: item.category })
      .orderBy([{ column: 'publish_date', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(limit - byTags.length);
    return [...byTags, ...fill];
  }

  async popularTags(limit: number): Promise<{ name: string; count: number }[]> {
    const { rows } = await this.db.raw<{ rows: { name: string; count: string }[] }>(
      `SELECT tag AS name, count(*) AS count FROM news_feed, unnest(tags) AS tag GROUP BY tag ORDER BY count(*) DESC, tag ASC LIMIT ?`,
      [limit],
    );
    return rows.map((r) => ({ name: r.name, count: Number(r.count) }));
  }
}
