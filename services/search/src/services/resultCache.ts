import { LRUCache } from 'lru-cache';
import { PurgeSchedule, purgeGatewayCache, type JsonText, type Logger, type Redis } from '@neuralbeat/common';
import { SEARCH_KINDS, type SearchKind } from '@neuralbeat/common/contracts';

/** A search answer ready to send: the JSON body and the number of matches in all. */
export interface SearchAnswer extends JsonText {
  total: number;
  /** When the first job it names passes its validThrough (ms): no index write tells the caches, and the answer must go then. */
  validUntil?: number;
}

/** The Redis channel on which search processes tell each other which kind's documents changed. */
export const indexChangedChannel = (redisPrefix: string) => `${redisPrefix}:search:index-changed`;

const kindPrefix = (kind: SearchKind) => `${kind}\u0000`;

/** The gateway keeps search answers under these tags: every answer is `search`, each also its kind's (`search:tools`). */
export const searchSurrogateKeys = (kind: SearchKind) => `search search:${kind}`;
const kindKey = (kind: SearchKind) => `search:${kind}`;
const ALL_SEARCH = 'search';

/** A change is searchable within this long, at the gateways too: a kind's copies there are purged at most this often. */
export const SEARCH_PURGE_INTERVAL_MS = 1000;
/**
 * A kind with no change for this long is quiet: its next change is purged hard at once. Within it
 * (news indexed every few seconds) changes are purged softly, the old answers standing in while
 * their successors are fetched, so searchers do not all wait for the engine after every change.
 */
export const SEARCH_QUIET_MS = 10_000;

/**
 * Recent search answers, so a popular query costs one engine call per change of
 * the index rather than one per visitor. A write to one kind's documents empties
 * that kind's answers at once, here and (over Redis pub/sub) in every other
 * search process; the other kinds keep theirs (news is published every few
 * seconds, and must not empty the tools' answers each time). The TTL only
 * bounds what a lost message could leave behind.
 */
export class SearchResultCache {
  private readonly cache: LRUCache<string, SearchAnswer> | null;
  /** Lookups so far, for the metrics. */
  readonly lookups = { HIT: 0, MISS: 0 };
  private readonly redis?: Redis;
  private subscriber?: Redis;
  private readonly channel: string;
  private readonly prefix: string;
  /** Per kind, bumped by every change of its documents: an answer computed across a change is not kept. */
  private readonly generations = new Map<string, number>();
  private readonly gatewayPurges: PurgeSchedule;
  private readonly logger?: Logger;
  constructor(opts: { ttlSeconds: number; redis?: Redis; prefix: string; logger?: Logger }) {
    this.cache =
      opts.ttlSeconds > 0
        ? new LRUCache({ max: 5000, maxSize: 64 * 1024 * 1024, sizeCalculation: (a) => a.json.length + 64, ttl: opts.ttlSeconds * 1000 })
        : null;
    this.redis = opts.redis;
    this.channel = indexChangedChannel(opts.prefix);
    this.prefix = opts.prefix;
    this.logger = opts.logger;
    this.gatewayPurges = new PurgeSchedule({
      intervalMs: SEARCH_PURGE_INTERVAL_MS,
      quietMs: SEARCH_QUIET_MS,
      purge: (keys, { soft }) => void this.purgeGateways(keys, soft),
    });
    if (this.cache && opts.redis) {
      this.subscriber = opts.redis.duplicate();
      this.subscriber.on('message', (_channel: string, kind: string) => this.clearLocal(isKind(kind) ? kind : undefined));
      this.subscriber
        .subscribe(this.channel)
        .catch((err) => opts.logger?.error({ err }, 'search cache could not subscribe to index changes'));
    }
  }

  static key(kind: SearchKind, words: string[], limit: number): string {
    return `${kindPrefix(kind)}${limit}\u0000${words.join(' ')}`;
  }

  get(key: string): SearchAnswer | undefined {
    const answer = this.cache?.get(key);
    this.lookups[answer ? 'HIT' : 'MISS']++;
    return answer;
  }

  /** Taken before asking the engine, handed back to `set`. */
  version(kind: SearchKind): number {
    return this.generations.get(kind) ?? 0;
  }

  /**
   * Keeps an answer unless the index changed while it was being computed: the
   * engine may have read the index before that change, and the clear has
   * already happened, so keeping it would serve the old answer until the TTL.
   */
  set(kind: SearchKind, key: string, answer: SearchAnswer, version: number): void {
    if (version !== this.version(kind)) return;
    if (answer.validUntil === undefined) return void this.cache?.set(key, answer);
    const left = answer.validUntil - Date.now();
    if (left > 0) this.cache?.set(key, answer, { ttl: Math.min(left, this.cache.ttl) });
  }

  private clearLocal(kind?: SearchKind): void {
    for (const k of kind ? [kind] : SEARCH_KINDS) this.generations.set(k, this.version(k) + 1);
    if (!kind) return void this.cache?.clear();
    const prefix = kindPrefix(kind);
    for (const key of [...(this.cache?.keys() ?? [])]) if (key.startsWith(prefix)) this.cache!.delete(key);
  }

  /**
   * One kind's documents changed (or, without a kind, the whole index): forget
   * its answers, here and in the other search processes at once, and in the
   * gateways that replay them as the purge schedule says (they wait a moment
   * before keeping a new answer, so the other search processes have heard first).
   */
  async invalidate(kind?: SearchKind): Promise<void> {
    this.clearLocal(kind);
    if (!this.redis) return;
    await this.redis.publish(this.channel, kind ?? '*');
    if (kind) return this.gatewayPurges.changed([kindKey(kind)]);
    this.gatewayPurges.purgedAll();
    await purgeGatewayCache(this.redis, this.prefix, [ALL_SEARCH]);
  }

  private async purgeGateways(keys: string[], soft: boolean): Promise<void> {
    try {
      await purgeGatewayCache(this.redis!, this.prefix, keys, { soft });
    } catch (err) {
      // The gateways replay these answers at most SEARCH_CACHE_SECONDS.
      this.logger?.warn({ err: (err as Error).message, keys }, 'could not publish a gateway cache purge');
    }
  }

  async close(): Promise<void> {
    this.gatewayPurges.cancel();
    this.subscriber?.disconnect();
  }
}

const isKind = (value: string): value is SearchKind => (SEARCH_KINDS as readonly string[]).includes(value);
