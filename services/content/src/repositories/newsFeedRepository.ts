import type { Knex } from '@neuralbeat/common';
import { NEWS_FEED_COLUMNS, type NewsFeedRow } from '../presenters/newsPresenter';
import { NewsCountsRepository, type NewsCountDimension } from './newsCountsRepository';

/** A news list: the whole feed, a tag page (the tag, or the category of that name), or a category. */
export interface NewsFilter {
  tag?: string;
  category?: string;
}

/** Newest first, ties by id: the order of every news index. */
const NEWEST_FIRST = [
  { column: 'publish_date', order: 'desc' },
  { column: 'id', order: 'desc' },
] as const;

/**
 * Related news looks at this many of the newest items of each of the
 * article's tags (their tag pages' first entries), not at every item that
 * shares a common tag.
 */
const RELATED_CANDIDATES_PER_TAG = 25;
/** The pipeline keeps at most 6 tags per item; an edited item with more is related by its first 6. */
const RELATED_TAGS_CONSIDERED = 6;

/**
 * Knex access to `news_feed`, the published news. Every list reads an index in
 * its own order and stops at `offset + limit`; totals come from the counts kept
 * by triggers (`news_feed_counts`); each request is one statement.
 */
export class NewsFeedRepository {
  private readonly db: Knex;
  private readonly counts: NewsCountsRepository;
  constructor(db: Knex) {
    this.db = db;
    this.counts = new NewsCountsRepository(db);
  }

  /** A page of a news list and the list's total, in one statement (the total comes back even when the page is empty). */
  async page(filter: NewsFilter, limit: number, offset: number): Promise<{ rows: NewsFeedRow[]; total: number }> {
    const [dimension, value]: [NewsCountDimension, string] = filter.tag
      ? ['tag_page', filter.tag]
      : filter.category
        ? ['category', filter.category.toLowerCase()]
        : ['feed', ''];
    const { rows } = await this.db.raw<{ rows: (NewsFeedRow & { list_total: number })[] }>(
      `SELECT coalesce(?, 0) AS list_total, n.*
       FROM (SELECT 1) AS one LEFT JOIN LATERAL ? AS n ON true
       ORDER BY n.publish_date DESC, n.id DESC`,
      [this.counts.countQuery(dimension, value), this.pageRows(filter, limit, offset)],
    );
    return {
      rows: rows.filter((r) => r.id !== null).map(({ list_total: _, ...row }) => row as NewsFeedRow),
      total: rows[0]?.list_total ?? 0,
    };
  }

  private pageRows(filter: NewsFilter, limit: number, offset: number): Knex.QueryBuilder {
    if (filter.tag) {
      // The tag page's entries are kept in publish order (news_tag_page_entries): the page is cut there, then its 9 items are fetched by id.
      const entries = this.db('news_tag_page_entries')
        .where({ tag: filter.tag })
        .orderBy([
          { column: 'publish_date', order: 'desc' },
          { column: 'news_feed_id', order: 'desc' },
        ])
        .limit(limit)
        .offset(offset)
        .select('news_feed_id');
      return this.db('news_feed').whereIn('id', entries).select(NEWS_FEED_COLUMNS);
    }
    const q = this.db('news_feed').select(NEWS_FEED_COLUMNS);
    if (filter.category) q.whereRaw('lower(category) = ?', [filter.category.toLowerCase()]);
    return q.orderBy([...NEWEST_FIRST]).limit(limit).offset(offset);
  }

  latest(limit: number): Promise<NewsFeedRow[]> {
    return this.db('news_feed').select(NEWS_FEED_COLUMNS).orderBy([...NEWEST_FIRST]).limit(limit);
  }

  /**
   * An item by id or slug with its related news, in one statement. Related:
   * items sharing the most of its tags, newest first, counted among the newest
   * entries of each of its tag pages (a bounded, index-only read); the newest
   * items of its category fill any gap, and are read only then.
   */
  async articleWithRelated(
    key: { id: number } | { slug: string },
    relatedLimit: number,
  ): Promise<{ item: NewsFeedRow; related: NewsFeedRow[]; storyClusterId: number | null } | undefined> {
    const { rows } = await this.db.raw<{ rows: (NewsFeedRow & { part: number; story_cluster_id: number | null })[] }>(
      `WITH item AS ?,
       shared AS (
         SELECT e.news_feed_id AS id, count(*) AS shared, max(e.publish_date) AS publish_date
         FROM item
         CROSS JOIN LATERAL (SELECT DISTINCT unnest(item.tags[1:?])) AS t(tag)
         CROSS JOIN LATERAL (
           SELECT news_feed_id, publish_date FROM news_tag_page_entries
           WHERE tag = t.tag AND news_feed_id <> item.id
           ORDER BY publish_date DESC, news_feed_id DESC
           LIMIT ?
         ) e
         GROUP BY e.news_feed_id
         ORDER BY shared DESC, publish_date DESC, id DESC
         LIMIT ?
       ),
       picked AS (
         SELECT id, 0 AS part, 0::bigint AS shared FROM item
         UNION ALL
         SELECT id, 1, shared FROM shared
         UNION ALL
         -- Only the places tag sharing left empty (usually none): no rows are read for nothing.
         SELECT c.id, 2, 0 FROM item CROSS JOIN LATERAL (
           SELECT id FROM news_feed
           WHERE lower(category) = lower(item.category) AND id <> item.id AND id NOT IN (SELECT id FROM shared)
           ORDER BY publish_date DESC, id DESC
           LIMIT greatest(? - (SELECT count(*) FROM shared), 0)
         ) c
       )
       SELECT p.part, ??,
              -- The article's story cluster, so a story reported once costs no look-up of other copies.
              CASE WHEN p.part = 0 THEN (SELECT story_cluster_id FROM articles WHERE id = n.article_id) END AS story_cluster_id
       FROM picked p JOIN news_feed n ON n.id = p.id
       ORDER BY p.part, p.shared DESC, n.publish_date DESC, n.id DESC`,
      [
        this.db('news_feed').where(key).select('id', 'tags', 'category').limit(1),
        RELATED_TAGS_CONSIDERED,
        RELATED_CANDIDATES_PER_TAG,
        relatedLimit,
        relatedLimit,
        NEWS_FEED_COLUMNS.map((column) => `n.${column}`),
      ],
    );
    const found = rows.find((r) => r.part === 0);
    if (!found) return undefined;
    const { part: _part, story_cluster_id: storyClusterId, ...item } = found;
    // Items sharing tags first, then the category's newest that are not among them.
    const related = rows.filter((r) => r.part > 0);
    return { item, related, storyClusterId };
  }

  async popularTags(limit: number): Promise<{ name: string; count: number }[]> {
    return (await this.counts.top('tag', limit)).map((t) => ({ name: t.value, count: t.count }));
  }
}
