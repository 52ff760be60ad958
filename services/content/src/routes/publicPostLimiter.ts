import type { RequestHandler } from 'express';
import { redisRateLimit, type Config, type Redis } from '@neuralbeat/common';

/** Per-client limit on a public POST route, shared by every content process through Redis. */
export function publicPostLimiter(
  deps: { redis: Redis; config: Pick<Config, 'PUBLIC_POST_RATE_LIMIT' | 'REDIS_PREFIX'> },
  route: string,
): RequestHandler {
  return redisRateLimit({
    redis: deps.redis,
    prefix: deps.config.REDIS_PREFIX,
    name: route,
    limit: deps.config.PUBLIC_POST_RATE_LIMIT,
    windowMs: 60_000,
  });
}
