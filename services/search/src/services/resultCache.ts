import { LRUCache } from 'lru-cache';
import type { Logger, Redis } from '@neuralbeat/common';

/** A search answer ready to send: the JSON body and the number of matches in all. */
export interface SearchAnswer {
  json: string;
  total: number;
}

/**
 * Recent search answers, so a popular query costs one engine call per change of
 * the index rather than one per visitor. Any write to the index empties it at
 * once, here and (over Redis pub/sub) in every other search process; the TTL
 * only bounds what a lost message could leave behind.
 */
export class SearchResultCache {
  private readonly cache: LRUCache<string, SearchAnswer> | null;
  private readonly redis?: Redis;
  private subscriber?: Redis;
  private readonly channel: string;
  /** Bumped by every index change: an answer computed across a change is not kept. */
  private generation = 0;
  constructor(opts: { ttlSeconds: number; redis?: Redis; prefix: string; logger?: Logger }) {
    this.cache = opts.ttlSeconds > 0 ? new LRUCache({ max: 5000, maxSize: 64 * 1024 * 1024, sizeCalculation: (a) => a.json.length + 64, ttl: opts.ttlSeconds * 1000 }) : null;
    this.redis = opts.redis;
    this.channel = `${opts.prefix}:search:index-changed`;
    if (this.cache && opts.redis) {
      this.subscriber = opts.redis.duplicate();
      this.subscriber.on('message', () => this.clearLocal());
      this.subscriber.subscribe(this.channel).catch((err) => opts.logger?.error({ err }, 'search cache could not subscribe to index changes'));
    }
  }

  static key(kind: string, words: string[], limit: number): string {
    return `${kind}\u0000${limit}\u0000${words.join(' ')}`;
  }

  get(key: string): SearchAnswer | undefined {
    return this.cache?.get(key);
  }

  /** Taken before asking the engine, handed back to `set`. */
  get version(): number {
    return this.generation;
  }

  /**
   * Keeps an answer unless the index changed while it was being computed: the
   * engine may have read the index before that change, and the clear has
   * already happened, so keeping it would serve the old answer until the TTL.
   */
  set(key: string, answer: SearchAnswer, version: number): void {
    if (version === this.generation) this.cache?.set(key, answer);
  }

  private clearLocal(): void {
    this.generation++;
    this.cache?.clear();
  }

  /** The index changed: forget every answer, here and in the other search processes. */
  async invalidate(): Promise<void> {
    this.clearLocal();
    await this.redis?.publish(this.channel, '1');
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
  }
}
