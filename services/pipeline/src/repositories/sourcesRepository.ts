import type { Knex } from '@neuralbeat/common';
import type { SourceKind } from '@neuralbeat/common/contracts';

export interface NewsSourceRow {
  id: number;
  kind: SourceKind;
  name: string;
  feed_url: string;
  enabled: boolean;
  /** Hours between collections (numeric, so Postgres answers a string); null: the kind's default. */
  check_interval_hours: string | number | null;
  etag: string | null;
  last_modified: string | null;
  last_fetched_at: Date | null;
  last_success_at: Date | null;
  last_error: string | null;
  consecutive_failures: number;
  /** How the last collection ended: `collected`, `not-modified` or `failed`. */
  last_collection_status: string | null;
  /** Counts of the last collection that read the feed. */
  items_seen: number;
  items_added: number;
  items_updated: number;
  items_folded: number;
  /** Items the last collection took down (jobs gone from their board or past their age). */
  items_closed: number;
}

/** What one collection found in a feed. */
export interface CollectionCounts {
  seen: number;
  /** Items that repeated an identity already in the same fetch, folded into it. */
  folded: number;
  /** Items with neither a usable link nor a guid, skipped. */
  unidentified: number;
}

/** Knex access to `news_sources`, the table of sources of every kind. */
export class SourcesRepository {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  list(): Promise<NewsSourceRow[]> {
    return this.db<NewsSourceRow>('news_sources').orderBy('id');
  }

  enabled(): Promise<NewsSourceRow[]> {
    return this.db<NewsSourceRow>('news_sources').where({ enabled: true }).orderBy('id');
  }

  find(id: number): Promise<NewsSourceRow | undefined> {
    return this.db<NewsSourceRow>('news_sources').where({ id }).first();
  }

  findByUrl(feedUrl: string): Promise<NewsSourceRow | undefined> {
    return this.db<NewsSourceRow>('news_sources').where({ feed_url: feedUrl }).first();
  }

  /** Adds a source, or renames the existing one with the same feed URL (its kind stays as it was). */
  async upsert(name: string, feedUrl: string, kind: SourceKind = 'news', intervalHours?: number | null): Promise<NewsSourceRow> {
    // Re-adding without an interval keeps the one the source has.
    const merged = intervalHours === undefined ? {} : { check_interval_hours: intervalHours };
    const [row] = await this.db<NewsSourceRow>('news_sources')
      .insert({ name, feed_url: feedUrl, kind, check_interval_hours: intervalHours ?? null })
      .onConflict('feed_url')
      .merge({ name, ...merged, updated_at: this.db.fn.now() } as never)
      .returning('*');
    return row!;
  }

  async setInterval(id: number, intervalHours: number): Promise<NewsSourceRow | undefined> {
    const [row] = await this.db<NewsSourceRow>('news_sources')
      .where({ id })
      .update({ check_interval_hours: intervalHours, updated_at: this.db.fn.now() } as never)
      .returning('*');
    return row;
  }

  async setEnabled(id: number, enabled: boolean): Promise<NewsSourceRow | undefined> {
    const [row] = await this.db<NewsSourceRow>('news_sources')
      .where({ id })
      .update({ enabled, updated_at: this.db.fn.now() } as never)
      .returning('*');
    return row;
  }

  async recordSuccess(
    id: number,
    cache: { etag?: string | null; lastModified?: string | null },
    status: 'collected' | 'not-modified',
    counts?: CollectionCounts & { added: number; updated: number; closed?: number },
  ): Promise<void> {
    await this.db('news_sources')
      .where({ id })
      .update({
        last_fetched_at: this.db.fn.now(),
        last_success_at: this.db.fn.now(),
        last_error: null,
        consecutive_failures: 0,
        last_collection_status: status,
        ...(counts
          ? {
              items_seen: counts.seen,
              items_added: counts.added,
              items_updated: counts.updated,
              items_folded: counts.folded,
              items_closed: counts.closed ?? 0,
            }
          : {}),
        updated_at: this.db.fn.now(),
        ...(cache.etag !== undefined ? { etag: cache.etag } : {}),
        ...(cache.lastModified !== undefined ? { last_modified: cache.lastModified } : {}),
      });
  }

  async recordFailure(id: number, error: string): Promise<void> {
    await this.db('news_sources')
      .where({ id })
      .update({
        last_fetched_at: this.db.fn.now(),
        last_error: error.slice(0, 1000),
        last_collection_status: 'failed',
        updated_at: this.db.fn.now(),
      })
      .increment('consecutive_failures', 1);
  }
}
