import type { Knex } from '@neuralbeat/common';
import { OPEN_JOB_SQL } from './openJobs';

export interface SitemapEntry {
  path: string;
  lastmod: Date | null;
}

/**
 * The public pages a sitemap lists: every news item, the tag pages news carries, approved tools,
 * published guides, published events, published open jobs and sent newsletter issues. In one order (kind, newest first, then path) so that pages
 * read one after another by offset neither skip nor repeat an entry.
 */
const ENTRIES = `
  SELECT '/news/' || slug AS path, COALESCE(updated_at, publish_date) AS lastmod, 1 AS kind FROM news_feed
  UNION ALL SELECT '/news/tag/' || c.value, (SELECT max(e.publish_date) FROM news_tag_page_entries e WHERE e.tag = c.value), 2
            FROM news_feed_counts c WHERE c.dimension = 'tag' AND c.article_count > 0
  UNION ALL SELECT '/directory/' || slug, created_at, 3 FROM tools WHERE approved
  UNION ALL SELECT '/learn/' || slug, published_at, 4 FROM resources WHERE published
  UNION ALL SELECT '/events/' || slug, updated_at, 5 FROM events WHERE published
  UNION ALL SELECT '/jobs/' || id, COALESCE(updated_at, created_at), 6 FROM jobs WHERE published AND ${OPEN_JOB_SQL}
  UNION ALL SELECT '/newsletter/' || slug, sent_at, 7 FROM newsletter_issues WHERE status = 'sent'`;

export class SitemapRepository {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  /** How many entries there are in all (the gateway splits them into sitemaps of 50,000). */
  async count(): Promise<number> {
    const { rows } = await this.db.raw<{ rows: { n: string }[] }>(
      `SELECT (SELECT count(*) FROM news_feed)
            + (SELECT count(*) FROM news_feed_counts WHERE dimension = 'tag' AND article_count > 0)
            + (SELECT count(*) FROM tools WHERE approved)
            + (SELECT count(*) FROM resources WHERE published)
            + (SELECT count(*) FROM events WHERE published)
            + (SELECT count(*) FROM jobs WHERE published AND ${OPEN_JOB_SQL})
            + (SELECT count(*) FROM newsletter_issues WHERE status = 'sent') AS n`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** One page of entries: only that page is held, however many there are. */
  async page(offset: number, limit: number): Promise<SitemapEntry[]> {
    const { rows } = await this.db.raw<{ rows: SitemapEntry[] }>(
      `SELECT path, lastmod FROM (${ENTRIES}) entries ORDER BY kind, lastmod DESC NULLS LAST, path OFFSET ? LIMIT ?`,
      [offset, limit],
    );
    return rows;
  }
}
