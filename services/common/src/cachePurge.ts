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
export async function purgeGatewayCache(
  redis: Redis,
  redisPrefix: string,
  keys: readonly string[],
  options: { soft?: boolean } = {},
): Promise<void> {
  await redis.publish(cachePurgeChannel(redisPrefix), keys.map((key) => (options.soft ? SOFT_MARK + key : key)).join(' '));
}

/** The tags a purge message names, and whether each purge is soft. */
export function parsePurgeMessage(message: string): { key: string; soft: boolean }[] {
  return message
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => (token.startsWith(SOFT_MARK) ? { key: token.slice(1), soft: true } : { key: token, soft: false }));
}

/** Beyond this many keys seen, the quiet ones are forgotten (see forgetQuietKeys). */
const REMEMBERED_KEYS = 1000;

interface PurgeScheduleOptions {
  /** A key is purged at most once per this many ms. */
  intervalMs: number;
  /** A change after this long without one (and at least intervalMs after the last purge) is quiet. Default: intervalMs. */
  quietMs?: number;
  /** Sends the purge; must not throw (a failure to publish is the caller's to log). */
  purge: (keys: string[], options: { soft: boolean }) => void;
}

/**
 * When to purge the gateways' copies of something that changes, per surrogate
 * key. A quiet key's change is purged hard at once, so its next visitor sees
 * it (an operator's edit). A busy key's changes (news published every second)
 * are purged softly, together, at most once per interval: visitors are
 * answered with the old copy while its successor is fetched in the
 * background, instead of all waiting for a refill after every change.
 */
export class PurgeSchedule {
  private readonly options: Required<PurgeScheduleOptions>;
  private readonly lastChangeAt = new Map<string, number>();
  private readonly lastPurgeAt = new Map<string, number>();
  private readonly softLater = new Map<string, NodeJS.Timeout>();
  private allPurgedAt = -Infinity;

  constructor(options: PurgeScheduleOptions) {
    this.options = { ...options, quietMs: options.quietMs ?? options.intervalMs };
  }

  /** The things behind `keys` changed. */
  changed(keys: readonly string[]): void {
    const { intervalMs, quietMs } = this.options;
    const now = Date.now();
    const hard: string[] = [];
    for (const key of keys) {
      const quiet = now - (this.lastChangeAt.get(key) ?? -Infinity) >= quietMs;
      this.lastChangeAt.set(key, now);
      // A purge already due takes this change along.
      if (this.softLater.has(key)) continue;
      const wait = Math.max(this.lastPurgeAt.get(key) ?? -Infinity, this.allPurgedAt) + intervalMs - now;
      if (quiet && wait <= 0) {
        hard.push(key);
        this.lastPurgeAt.set(key, now);
        continue;
      }
      const timer = setTimeout(
        () => {
          this.softLater.delete(key);
          this.lastPurgeAt.set(key, Date.now());
          this.options.purge([key], { soft: true });
        },
        Math.max(0, wait),
      );
      timer.unref();
      this.softLater.set(key, timer);
    }
    if (hard.length) this.options.purge(hard, { soft: false });
    if (this.lastChangeAt.size > REMEMBERED_KEYS) this.forgetQuietKeys(now);
  }

  /** Keys unchanged for longer than quietMs and intervalMs act as never seen: forgotten, so per-item keys do not pile up. */
  private forgetQuietKeys(now: number): void {
    const before = now - Math.max(this.options.quietMs, this.options.intervalMs);
    for (const [key, at] of this.lastChangeAt) {
      if (at <= before && (this.lastPurgeAt.get(key) ?? -Infinity) <= before) {
        this.lastChangeAt.delete(key);
        this.lastPurgeAt.delete(key);
      }
    }
  }

  /**
   * Everything was just purged, by the caller: purges still due are dropped, and every key counts as
   * purged now, so a change within the interval waits for its end like any other.
   */
  purgedAll(): void {
    this.cancel();
    this.allPurgedAt = Date.now();
  }

  /** Drops the purges still due (on close). */
  cancel(): void {
    for (const timer of this.softLater.values()) clearTimeout(timer);
    this.softLater.clear();
  }
}
