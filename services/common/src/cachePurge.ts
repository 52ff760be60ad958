import type { Redis } from 'ioredis';

/**
 * How a service lets the gateway keep its answers when they must change the
 * moment their data does, in the CDN convention (Fastly, Varnish xkey):
 * `Surrogate-Control: max-age=N` lets the gateway replay an answer for N seconds
 * (browsers are not told to keep it, and never see the header); `Surrogate-Key`
 * tags it; a message on `cachePurgeChannel` naming a tag expires every answer
 * carrying it, in every gateway.
 */
export const SURROGATE_CONTROL_HEADER = 'surrogate-control';
export const SURROGATE_KEY_HEADER = 'surrogate-key';

/** The Redis channel of purge messages: the tags, separated by spaces. */
export const cachePurgeChannel = (redisPrefix: string) => `${redisPrefix}:gateway:cache-purge`;

/** Tells every gateway that answers tagged with any of `keys` are out of date. */
export async function purgeGatewayCache(redis: Redis, redisPrefix: string, keys: readonly string[]): Promise<void> {
  await redis.publish(cachePurgeChannel(redisPrefix), keys.join(' '));
}
