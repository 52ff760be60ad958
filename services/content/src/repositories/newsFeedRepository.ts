import type { Knex } from '@neuralbeat/common';
import { NEWS_ARTICLE_JSON, NEWS_SUMMARY_COLUMNS, NEWS_SUMMARY_JSON } from '../presenters/newsPresenter';
import { jsonArrayOf } from '../presenters/sqlJson';
import { NewsCountsRepository, type NewsCountDimension } from './newsCountsRepository';

/** What the article page needs of its item besides the article itself. */
export interface ArticleHead {
  article_id: number;
  ai_provider: string | null;
  story_cluster_id: number | null;
}

/** Where an article's related news come from: the tag pages of its first tags, then its (lower-case) category's newest. */
export interface RelatedSources {
  tagPages: string[];
  category: string;
}

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

  /**
   * A page of a news list, as a JSON array of the API's news summaries written by
   * Postgres, with the list's total and the ids of the items it holds, in one
   * statement (and one more for the total when the page is empty: past the end).
   */
  async page(filter: NewsFilter, limit: number, offset: number): Promise<{ articles: string; ids: number[]; total: number }> {
    const [dimension, value]: [NewsCountDimension, string] = filter.tag
      ? ['tag_page', filter.tag]
      : filter.category
        ? ['category', filter.category.toLowerCase()]
        : ['feed', ''];
    const { rows } = await this.db.raw<{ rows: { list_total: number; id: number; json: string }[] }>(
      `SELECT coalesce(?, 0) AS list_total, n.id, ${NEWS_SUMMARY_JSON}::text AS json FROM ? AS n ORDER BY n.publish_date DESC, n.id DESC`,
      [this.counts.countQuery(dimension, value), this.pageRows(filter, limit, offset)],
    );
    const total = rows.length ? rows[0]!.list_total : await this.counts.count(dimension, value);
    return { articles: jsonArrayOf(rows), ids: rows.map((r) => r.id), total };
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
      return this.db('news_feed').whereIn('id', entries).select(NEWS_SUMMARY_COLUMNS);
    }
    const q = this.db('news_feed').select(NEWS_SUMMARY_COLUMNS);
    if (filter.category) q.whereRaw('lower(category) = ?', [filter.category.toLowerCase()]);
    return q
      .orderBy([...NEWEST_FIRST])
      .limit(limit)
      .offset(offset);
  }

  /** The newest items, as a JSON array of the API's news summaries written by Postgres, and their ids. */
  async latest(limit: number): Promise<{ articles: string; ids: number[] }> {
    const { rows } = await this.db.raw<{ rows: { id: number; json: string }[] }>(
      `SELECT n.id, ${NEWS_SUMMARY_JSON}::text AS json FROM ? AS n ORDER BY n.publish_date DESC, n.id DESC`,
      [
        this.db('news_feed')
          .select(NEWS_SUMMARY_COLUMNS)
          .orderBy([...NEWEST_FIRST])
          .limit(limit),
      ],
    );
    return { articles: jsonArrayOf(rows), ids: rows.map((r) => r.id) };
  }

  /**
   * An item by id or slug with its related news, in one statement, each as the
   * API's JSON written by Postgres (the article whole, related news as summaries). Related:
   * items sharing the most of its tags, newest first, counted among the newest
   * entries of each of its tag pages (a bounded, index-only read); the newest
   * items of its category fill any gap, and are read only then.
   */
  async articleWithRelated(
    key: { id: number } | { slug: string },
    relatedLimit: number,
  ): Promise<{ item: ArticleHead; article: string; related: string[]; ids: number[]; relatedFrom: RelatedSources } | undefined> {
    const { rows } = await this.db.raw<{
      rows: (ArticleHead & { part: number; id: number; article: string; related_tag_pages: string[]; related_category: string })[];
    }>(
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
       SELECT p.part, n.id, n.article_id, n.ai_provider,
              -- The article whole, its related news as summaries.
              (CASE WHEN p.part = 0 THEN ${NEWS_ARTICLE_JSON} ELSE ${NEWS_SUMMARY_JSON} END)::text AS article,
              coalesce(n.tags[1:${RELATED_TAGS_CONSIDERED}], '{}') AS related_tag_pages, lower(n.category) AS related_category,
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
      ],
    );
    const found = rows.find((r) => r.part === 0);
    if (!found) return undefined;
    const { part: _part, id: _id, article, related_tag_pages: tagPages, related_category: category, ...item } = found;
    // Items sharing tags first, then the category's newest that are not among them.
    return {
      item,
      article,
      related: rows.filter((r) => r.part > 0).map((r) => r.article),
      ids: rows.map((r) => r.id),
      relatedFrom: { tagPages, category },
    };
  }

  async popularTags(limit: number): Promise<{ name: string; count: number }[]> {
    return (await this.counts.top('tag', limit)).map((t) => ({ name: t.value, count: t.count }));
  }
}
