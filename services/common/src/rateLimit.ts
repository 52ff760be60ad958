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
export function redisRateLimit({ redis, prefix, name, limit, windowMs, key, skipSuccessfulRequests, skipInternal = false }: RateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests,
    skip: skipInternal ? isInternal : undefined,
    identifier: name,
    keyGenerator: key ?? ((req) => ipKeyGenerator(req.ip ?? 'unknown')),
    store: new PassWhenDownStore(new RedisStore({ prefix: `${prefix}:rate:${name}:`, sendCommand: storeCommands(redis) })),
    handler: (_req, res) => {
      const error = tooManyRequests();
      res.status(error.status).json(error.toEnvelope());
    },
  });
}
