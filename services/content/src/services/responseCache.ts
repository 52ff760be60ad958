import { LRUCache } from 'lru-cache';

/**
 * A short-lived, bounded cache of public read responses. News changes at the
 * pace of the pipeline, so a few seconds of staleness lets hot URLs skip the
 * database and serialisation altogether; the queries themselves read indexes
 * and kept counts, so a miss costs a page's worth of work, not a table's.
 */
export class ResponseCache {
  private readonly cache: LRUCache<string, object> | null;
  constructor(ttlSeconds: number, max = 1000) {
    this.cache = ttlSeconds > 0 ? new LRUCache<string, object>({ max, ttl: ttlSeconds * 1000 }) : null;
  }

  async get<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.cache) return load();
    const hit = this.cache.get(key) as T | undefined;
    if (hit) return hit;
    const value = await load();
    this.cache.set(key, value);
    return value;
  }
}
