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

/**
 * Deletes every key under `prefix` (queues, schedules, sessions, rate limits): the
 * Redis state of a database that is gone. Their jobs name rows by id, and a new
 * database's rows reuse those ids, so a stage job kept from before would stand in
 * for the new article's (same job id) and the article would never be processed.
 * Answers how many keys went.
 */
export async function clearRedisPrefix(redis: Redis, prefix: string): Promise<number> {
  let cleared = 0;
  const stream = redis.scanStream({ match: `${prefix}:*`, count: 1000 });
  for await (const keys of stream as AsyncIterable<string[]>) {
    if (!keys.length) continue;
    await redis.unlink(...keys);
    cleared += keys.length;
  }
  return cleared;
}

export type { Redis };
