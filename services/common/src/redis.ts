import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * An ioredis connection suitable for BullMQ (blocking commands must not time out).
 * It reconnects by itself; an outage is logged once when it starts and once when it ends.
 */
export function createRedis(url: string, logger?: Logger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
  let down = false;
  redis.on('error', (err) => {
    if (down) return;
    down = true;
    logger?.warn({ err: err.message }, 'Redis connection lost; reconnecting');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    logger?.info('Redis connection back');
  });
  return redis;
}
export type { Redis };
