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

/** The Redis channel of purge messages: the tags, separated by spaces, each marked `~` when the purge is soft. */
export const cachePurgeChannel = (redisPrefix: string) => `${redisPrefix}:gateway:cache-purge`;

const SOFT_MARK = '~';

/**
 * Tells every gateway that answers tagged with any of `keys` are out of date.
 * A hard purge makes the next request for such an answer wait for a new one.
 * A soft purge (Fastly's term) marks them stale instead: an answer whose
 * service allowed `stale-while-revalidate` is replayed once more while the
 * gateway fetches its successor in the background; others are expired as by a hard one.
 */
export async function purgeGatewayCache(redis: Redis, redisPrefix: string, keys: readonly string[], options: { soft?: boolean } = {}): Promise<void> {
  await redis.publish(cachePurgeChannel(redisPrefix), keys.map((key) => (options.soft ? SOFT_MARK + key : key)).join(' '));
}

/** The tags a purge message names, and whether each purge is soft. */
export function parsePurgeMessage(message: string): { key: string; soft: boolean }[] {
  return message
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => (token.startsWith(SOFT_MARK) ? { key: token.slice(1), soft: true } : { key: token, soft: false }));
}
