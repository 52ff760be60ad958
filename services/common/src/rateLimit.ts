import { rateLimit, ipKeyGenerator } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { Request, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { tooManyRequests } from './errors';

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
}

/**
 * A rate limit whose counters live in Redis, so every process of a service
 * shares them. Over the limit: 429 in the error envelope with Retry-After.
 * If Redis does not answer, requests pass rather than fail.
 */
export function redisRateLimit({ redis, prefix, name, limit, windowMs, key, skipSuccessfulRequests }: RateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    passOnStoreError: true,
    skipSuccessfulRequests,
    keyGenerator: key ?? ((req) => ipKeyGenerator(req.ip ?? 'unknown')),
    store: new RedisStore({
      prefix: `${prefix}:rate:${name}:`,
      // While Redis is down a count fails at once (the request passes) instead of waiting in the client's
      // offline queue; loading the counting script waits, since the store keeps the first answer for good.
      sendCommand: (command: string, ...args: string[]) =>
        redis.status === 'ready' || command.toUpperCase() === 'SCRIPT'
          ? (redis.call(command, ...args) as Promise<RedisReply>)
          : Promise.reject(new Error(`Redis is ${redis.status}`)),
    }),
    handler: (_req, res) => {
      const error = tooManyRequests();
      res.status(error.status).json(error.toEnvelope());
    },
  });
}
