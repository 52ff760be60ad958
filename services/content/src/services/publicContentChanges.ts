import pg from 'pg';
import { PurgeSchedule, purgeGatewayCache, type Logger, type Redis } from '@neuralbeat/common';

/**
 * The Postgres channel the change triggers notify (migrations 2026112400B and 2026112500B). The payload is
 * the area, or for news updates that leave the lists as they were, `news:items:{id,...}` and `news:stats`.
 */
export const PUBLIC_CONTENT_CHANNEL = 'public_content_changed';

export const CONTENT_AREAS = ['news', 'tools', 'resources', 'events', 'jobs'] as const;
export type ContentArea = (typeof CONTENT_AREAS)[number];

/** The surrogate key every public content answer carries; a purge of it expires them all. */
const ALL_CONTENT = 'content';
const areaKey = (area: ContentArea) => `content:${area}`;
/*
 * Finer keys of news answers (all also carry `content:news`), so a change renews only the answers it can
 * alter. Tags and categories are URI-encoded: a key is one token of an HTTP header.
 */
/** Every news answer that shows the item: as the article, in a list or among related news. */
export const newsItemKey = (id: number) => `content:news:item:${id}`;
/** Home, the feed and category lists, popular tags: what any newly published item changes. */
export const NEWS_LISTS_KEY = 'content:news:lists';
/** The tag page of `key` (a tag, or a lower-case category), and the articles whose related news come from it. */
export const newsTagPageKey = (key: string) => `content:news:tag:${encodeURIComponent(key)}`;
/** The articles of a (lower-case) category, whose related news are filled from its newest items. */
export const newsCategoryKey = (category: string) => `content:news:category:${encodeURIComponent(category)}`;
/** The AI stats, which count items by AI provider and SEO status. */
const NEWS_STATS_KEY = 'content:news:stats';

/** Which area a public path under /api answers from (undefined: none; such answers carry no surrogate key). */
const AREA_OF_SEGMENT: Record<string, ContentArea> = {
  home: 'news',
  news: 'news',
  'ai-stats': 'news',
  tools: 'tools',
  resources: 'resources',
  events: 'events',
  jobs: 'jobs',
};

/** The Surrogate-Key header value of a public answer at `path` (relative to /api), or undefined. */
export function contentSurrogateKeys(path: string): string | undefined {
  const segment = path.split('/')[1] ?? '';
  const area = AREA_OF_SEGMENT[segment];
  return area && `${ALL_CONTENT} ${areaKey(area)}${segment === 'ai-stats' ? ` ${NEWS_STATS_KEY}` : ''}`;
}

const PUBLISHED = 'news:published:';
/** The keys of what newly published items change (migration 2026112500C); every news answer if the list cannot be read. */
function publishedKeys(json: string): string[] {
  try {
    const { tagPages, categories } = JSON.parse(json) as { tagPages: string[]; categories: string[] };
    return [NEWS_LISTS_KEY, NEWS_STATS_KEY, ...tagPages.map(newsTagPageKey), ...categories.map(newsCategoryKey)];
  } catch {
    return [areaKey('news')];
  }
}

/** What a notification says changed: the area (for the service's own cache) and the surrogate keys to purge. */
export function parseContentChange(payload: string): { area: ContentArea; keys: string[] } | undefined {
  if ((CONTENT_AREAS as readonly string[]).includes(payload))
    return { area: payload as ContentArea, keys: [areaKey(payload as ContentArea)] };
  if (payload === 'news:stats') return { area: 'news', keys: [NEWS_STATS_KEY] };
  if (payload.startsWith(PUBLISHED)) return { area: 'news', keys: publishedKeys(payload.slice(PUBLISHED.length)) };
  const items = /^news:items:(\d+(?:,\d+)*)$/.exec(payload);
  return items ? { area: 'news', keys: items[1]!.split(',').map((id) => newsItemKey(Number(id))) } : undefined;
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

interface PublicContentChangesOptions {
  databaseUrl: string;
  redis: Redis;
  redisPrefix: string;
  logger: Logger;
  /** Called with the areas that changed, or null when any may have (at start and after a lost connection). */
  onChange: (areas: ContentArea[] | null) => void;
  /**
   * An area's gateway copies are purged at most once per this many ms: the first change at once, the
   * changes that follow within it together at its end. Content published every second then costs the
   * gateways a refill every interval (as plain expiry did), not every second. A purge at the end of an
   * interval is soft: the area is busy, so its answers are renewed in the background as visitors ask
   * for them (stale-while-revalidate) instead of every visitor waiting for a refill. A change to a quiet
   * area (an operator's edit, say) is purged hard, so the next visitor sees it.
   */
  purgeIntervalMs: number;
}

/**
 * Listens for committed changes to public content and purges what was kept of
 * it: the service's own response cache (`onChange`, at once) and every
 * gateway's copies (a purge of `content:{area}`, or of the changed news items'
 * `content:news:item:{id}`, at most once per `purgeIntervalMs` per key).
 * Notifications of one turn of the event loop are
 * handled together. While the connection is lost nothing can be heard, so on
 * every (re)connection everything is purged.
 */
export class PublicContentChanges {
  private readonly options: PublicContentChangesOptions;
  private client: pg.Client | null = null;
  private closing = false;
  private retryMs = RECONNECT_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  /** Changes heard in this turn of the event loop (null: anything may have changed). */
  private pending: { areas: Set<ContentArea>; keys: Set<string> } | null | undefined;
  private readonly gatewayPurges: PurgeSchedule;

  constructor(options: PublicContentChangesOptions) {
    this.options = options;
    this.gatewayPurges = new PurgeSchedule({
      intervalMs: options.purgeIntervalMs,
      purge: (keys, { soft }) => void this.purge(keys, { soft }),
    });
  }

  /** Connects and listens; resolves once listening (or after the first failure, retrying in the background). */
  async start(): Promise<this> {
    await this.connect();
    return this;
  }

  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.retryTimer);
    this.gatewayPurges.cancel();
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const { logger } = this.options;
    const client = new pg.Client({ connectionString: this.options.databaseUrl, application_name: 'content-changes' });
    this.client = client;
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost || this.closing) return;
      lost = true;
      logger.warn({ err: err?.message, retryInMs: this.retryMs }, 'lost the public content change feed; reconnecting');
      client.end().catch(() => undefined);
      this.retryLater();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (msg) => {
      const change = parseContentChange(msg.payload ?? '');
      if (change) this.changed(change);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${PUBLIC_CONTENT_CHANNEL}`);
      this.retryMs = RECONNECT_MIN_MS;
      // Changes made while nobody listened (before start, or while the connection was down) were not heard.
      this.changed(null);
    } catch (err) {
      onLost(err as Error);
    }
  }

  private retryLater(): void {
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
  }

  private changed(change: { area: ContentArea; keys: string[] } | null): void {
    const first = this.pending === undefined;
    if (change === null || this.pending === null) this.pending = null;
    else {
      this.pending ??= { areas: new Set(), keys: new Set() };
      this.pending.areas.add(change.area);
      for (const key of change.keys) this.pending.keys.add(key);
    }
    if (first) setImmediate(() => this.flush());
  }

  private flush(): void {
    const pending = this.pending;
    this.pending = undefined;
    this.options.onChange(pending ? [...pending.areas] : null);
    if (!pending) {
      this.gatewayPurges.purgedAll();
      void this.purge([ALL_CONTENT]);
      return;
    }
    this.gatewayPurges.changed([...pending.keys]);
  }

  private async purge(keys: string[], options: { soft?: boolean } = {}): Promise<void> {
    try {
      await purgeGatewayCache(this.options.redis, this.options.redisPrefix, keys, options);
    } catch (err) {
      // A gateway that lost Redis too keeps no keyed answers; one that did not keeps them at most CONTENT_REPLAY_SECONDS.
      this.options.logger.warn({ err: (err as Error).message, keys }, 'could not publish a gateway cache purge');
    }
  }
}
