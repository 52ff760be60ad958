import { Redis } from 'ioredis';

/** An ioredis connection suitable for BullMQ (blocking commands must not time out). */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
}
export type { Redis };
