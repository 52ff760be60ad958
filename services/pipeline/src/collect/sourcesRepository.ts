import type { Knex } from '@neuralbeat/common';

export interface NewsSourceRow {
  id: number;
  name: string;
  feed_url: string;
  enabled: boolean;
  etag: string | null;
  last_modified: string | null;
  last_fetched_at: Date | null;
  last_success_at: Date | null;
  last_error: string | null;
  consecutive_failures: number;
}

/** Knex access to `news_sources`. */
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

  /** Adds a source, or returns the existing one with the same feed URL. */
  async upsert(name: string, feedUrl: string): Promise<NewsSourceRow> {
    const [row] = await this.db<NewsSourceRow>('news_sources')
      .insert({ name, feed_url: feedUrl })
      .onConflict('feed_url')
      .merge({ name, updated_at: this.db.fn.now() } as never)
      .returning('*');
    return row!;
  }

  async setEnabled(id: number, enabled: boolean): Promise<NewsSourceRow | undefined> {
    const [row] = await this.db<NewsSourceRow>('news_sources').where({ id }).update({ enabled, updated_at: this.db.fn.now() } as never).returning('*');
    return row;
  }

  async recordSuccess(id: number, cache: { etag?: string | null; lastModified?: string | null }): Promise<void> {
    await this.db('news_sources')
      .where({ id })
      .update({
        last_fetched_at: this.db.fn.now(),
        last_success_at: this.db.fn.now(),
        last_error: null,
        consecutive_failures: 0,
        updated_at: this.db.fn.now(),
        ...(cache.etag !== undefined ? { etag: cache.etag } : {}),
        ...(cache.lastModified !== undefined ? { last_modified: cache.lastModified } : {}),
      });
  }

  async recordFailure(id: number, error: string): Promise<void> {
    await this.db('news_sources')
      .where({ id })
      .update({ last_fetched_at: this.db.fn.now(), last_error: error.slice(0, 1000), updated_at: this.db.fn.now() })
      .increment('consecutive_failures', 1);
  }
}
