import { LRUCache } from 'lru-cache';

/**
 * A short-lived, bounded cache of public read responses. News changes at the
 * pace of the pipeline, so a few seconds of staleness lets hot URLs skip the
 * database and serialisation altogether; the queries themselves read indexes
 * and kept counts, so a miss costs a page's worth of work, not a table's.
 * Requests arriving while a key loads share that load: when a hot entry
 * expires under 50 concurrent visitors, the database sees one query, not 50.
 */
export class ResponseCache {
  private readonly cache: LRUCache<string, Promise<object>> | null;
  /** Lookups so far, for the metrics (a HIT includes joining a load under way). */
  readonly lookups = { HIT: 0, MISS: 0 };
  constructor(ttlSeconds: number, max = 1000) {
    this.cache = ttlSeconds > 0 ? new LRUCache<string, Promise<object>>({ max, ttl: ttlSeconds * 1000 }) : null;
  }

  /**
   * Forgets every answer, after a change to the content. A load under way is
   * dropped with it: its waiters get it, later requests load afresh.
   */
  clear(): void {
    this.cache?.clear();
  }

  get<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.cache) return load();
    const pending = this.cache.get(key) as Promise<T> | undefined;
    if (pending) {
      this.lookups.HIT++;
      return pending;
    }
    this.lookups.MISS++;
    const loading = load();
    this.cache.set(key, loading);
    // A failed load is not kept: the next request tries again.
    loading.catch(() => {
      if (this.cache!.get(key) === loading) this.cache!.delete(key);
    });
    return loading;
  }
}
