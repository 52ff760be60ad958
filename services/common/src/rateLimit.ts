import { createHash } from 'node:crypto';
import { rateLimit, ipKeyGenerator, type IncrementResponse, type Options, type Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { Request, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { tooManyRequests } from './errors';
import { withTimeout } from './http';

export interface RateLimitOptions {
  redis: Redis;
  /** The system's Redis key prefix (REDIS_PREFIX). */
  prefix: string;
  /** Names this limit's counters, e.g. `public-post`, `sign-in-user`. */
  name: string;
  limit: number;
  windowMs: number;
  /** The client key; by default the client address (`req.ip`, which honours the app's `trust proxy`). */
  key?: (req: Request) => string;
  /** Counts only failed requests (status ≥ 400), e.g. wrong passwords. */
  skipSuccessfulRequests?: boolean;
  /** Leaves uncounted the services' own calls (from a trusted proxy, without X-Forwarded-For): for public reads the gateway makes on a page view's behalf. */
  skipInternal?: boolean;
  /**
   * Counts in the process and adds the counts to Redis every `batchMs` in one
   * round trip, instead of one per request. For high-volume, generous limits
   * (public reads): a client is refused at once by the process it calls, and
   * by the others within `batchMs`. While Redis is down each process keeps
   * limiting on its own counts.
   */
  batchMs?: number;
}

/** Longest a counter update may take before the request is let through uncounted. */
const REDIS_TIMEOUT_MS = 500;
const DOWN = new Set(['reconnecting', 'close', 'end']);

/**
 * Sends the store's commands to Redis. Its two Lua scripts run by EVALSHA, one
 * short round trip per request; a script Redis does not hold (never loaded, a
 * load that failed while Redis was down, a restarted Redis) is sent in full with
 * EVAL once, which also caches it there. While Redis is down a command fails at
 * once instead of queueing, so the limiter lets requests through and never holds them.
 */
function storeCommands(redis: Redis): (command: string, ...args: string[]) => Promise<RedisReply> {
  const scripts = new Map<string, string>();
  const send = async (command: string, args: string[]) => {
    // Known to be down: fail now. Still connecting (a process just started): the command queues, within the timeout.
    if (DOWN.has(redis.status)) throw new Error(`Redis is ${redis.status}`);
    return (await withTimeout(redis.call(command, ...args), REDIS_TIMEOUT_MS)) as RedisReply;
  };
  return async (command, ...args) => {
    if (command === 'SCRIPT' && args[0] === 'LOAD') {
      const sha = createHash('sha1').update(args[1]!).digest('hex');
      scripts.set(sha, args[1]!);
      return sha;
    }
    const script = command === 'EVALSHA' ? scripts.get(args[0]!) : undefined;
    if (!script) return send(command, args);
    try {
      return await send(command, args);
    } catch (err) {
      if (!/^NOSCRIPT/.test((err as Error).message)) throw err;
      return send('EVAL', [script, ...args.slice(1)]);
    }
  };
}

/**
 * The Redis store, with a failed update counted as no hit: while Redis is down
 * every request passes (and nothing floods the log with one line per request).
 */
class PassWhenDownStore implements Store {
  private readonly redisStore: RedisStore;
  private windowMs = 60_000;
  constructor(redisStore: RedisStore) {
    this.redisStore = redisStore;
  }
  init(options: Options): void {
    this.windowMs = options.windowMs;
    void this.redisStore.init(options);
  }
  async increment(key: string): Promise<IncrementResponse> {
    try {
      return await this.redisStore.increment(key);
    } catch {
      return { totalHits: 1, resetTime: new Date(Date.now() + this.windowMs) };
    }
  }
  async decrement(key: string): Promise<void> {
    await this.redisStore.decrement(key).catch(() => {});
  }
  async resetKey(key: string): Promise<void> {
    await this.redisStore.resetKey(key).catch(() => {});
  }
}

/** How often high-volume read limits (public API reads, search) send their counts to Redis. */
export const READ_LIMIT_BATCH_MS = 100;

/** Adds a process's hits to a window counter; the counter expires with its window. Returns [total, ms left]. */
const ADD_HITS_SCRIPT = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {total, ttl}`;

interface BatchedCounter {
  /** The window's total in Redis at the last flush, this process's hits included. */
  flushed: number;
  /** Hits counted here since the last flush. */
  pending: number;
  resetAt: number;
}

/**
 * Fixed-window counters kept in the process and added to Redis in batches, so
 * a request costs no round trip. What a client is told is the window's total
 * as Redis last reported it plus the hits this process has not sent yet.
 */
export class BatchedRedisStore implements Store {
  private readonly counters = new Map<string, BatchedCounter>();
  private windowMs = 60_000;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly batchMs: number,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private counter(key: string): BatchedCounter {
    const now = Date.now();
    let counter = this.counters.get(key);
    if (!counter || counter.resetAt <= now) {
      counter = { flushed: 0, pending: 0, resetAt: now + this.windowMs };
      this.counters.set(key, counter);
    }
    return counter;
  }

  increment(key: string): IncrementResponse {
    const counter = this.counter(key);
    counter.pending++;
    this.scheduleFlush();
    return { totalHits: counter.flushed + counter.pending, resetTime: new Date(counter.resetAt) };
  }

  decrement(key: string): void {
    const counter = this.counter(key);
    counter.pending--;
    this.scheduleFlush();
  }

  async resetKey(key: string): Promise<void> {
    this.counters.delete(key);
    await this.redis.del(this.keyPrefix + key).catch(() => {});
  }

  private scheduleFlush(): void {
    if (this.timer || this.flushing) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flushing = this.flush().finally(() => {
        this.flushing = undefined;
        // Hits counted while the batch was on its way (or while Redis was down) go with the next one.
        for (const counter of this.counters.values()) if (counter.pending !== 0) return this.scheduleFlush();
      });
    }, this.batchMs);
    this.timer.unref();
  }

  /** Sends every pending count in one pipeline; forgets counters whose window has passed. */
  private async flush(): Promise<void> {
    const now = Date.now();
    const sending: [string, BatchedCounter, number][] = [];
    for (const [key, counter] of this.counters) {
      if (counter.resetAt <= now) this.counters.delete(key);
      else if (counter.pending !== 0) sending.push([key, counter, counter.pending]);
    }
    if (!sending.length || DOWN.has(this.redis.status)) return;
    const pipeline = this.redis.pipeline();
    for (const [key, , hits] of sending) pipeline.eval(ADD_HITS_SCRIPT, 1, this.keyPrefix + key, hits, this.windowMs);
    const replies = await withTimeout(pipeline.exec(), REDIS_TIMEOUT_MS).catch(() => null);
    if (!replies) return;
    const answered = Date.now();
    sending.forEach(([, counter, hits], i) => {
      const [err, reply] = replies[i] ?? [new Error('no reply')];
      if (err) return;
      const [total, ttl] = reply as [number, number];
      counter.pending -= hits;
      counter.flushed = total;
      // The window is the one Redis keeps, shared by every process.
      counter.resetAt = answered + ttl;
    });
  }
}

/**
 * Requests the services make to each other (the gateway reading a record for a
 * page's head tags) come from a trusted proxy without X-Forwarded-For: they act
 * for a page view that was already let in.
 */
function isInternal(req: Request): boolean {
  const trusted = req.app.get('trust proxy fn') as ((addr: string, i: number) => boolean) | undefined;
  return !req.headers['x-forwarded-for'] && Boolean(req.socket.remoteAddress && trusted?.(req.socket.remoteAddress, 0));
}

/**
 * A rate limit whose counters live in Redis, so every process of a service
 * shares them. Clients are told their budget (RateLimit headers); over the
 * limit: 429 in the error envelope with Retry-After. If Redis does not answer,
 * requests pass rather than fail.
 */
export function redisRateLimit({
  redis,
  prefix,
  name,
  limit,
  windowMs,
  key,
  skipSuccessfulRequests,
  skipInternal = false,
  batchMs,
}: RateLimitOptions): RequestHandler {
  const keyPrefix = `${prefix}:rate:${name}:`;
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests,
    skip: skipInternal ? isInternal : undefined,
    identifier: name,
    keyGenerator: key ?? ((req) => ipKeyGenerator(req.ip ?? 'unknown')),
    store: batchMs
      ? new BatchedRedisStore(redis, keyPrefix, batchMs)
      : new PassWhenDownStore(new RedisStore({ prefix: keyPrefix, sendCommand: storeCommands(redis) })),
    handler: (_req, res) => {
      const error = tooManyRequests();
      res.status(error.status).json(error.toEnvelope());
    },
  });
}
