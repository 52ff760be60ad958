import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { parsePurgeMessage, SURROGATE_CONTROL_HEADER, SURROGATE_KEY_HEADER, type Logger, type Redis } from '@neuralbeat/common';
import { TOTAL_COUNT_HEADER } from '@neuralbeat/common/contracts';
import { ApiBody, sendBody } from './apiRepresentation';

interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  /** The identity bytes and the encoded variants made of them, each once for as long as the answer is kept. */
  body: ApiBody;
  /** Until then it is replayed as a hit; after, only in place of a failed upstream or while its successor is fetched. */
  freshUntil: number;
  /** The service's `stale-while-revalidate`, in ms: how long after expiring (or a soft purge) it may stand in while its successor is fetched. */
  revalidateMs: number;
  /** Until then, expired, it is replayed while one request fetches its successor in the background (0: never). */
  revalidateUntil: number;
  /** Whether that fetch is under way. */
  revalidating: boolean;
  /** Its surrogate keys: a purge naming one of them expires it. */
  keys: string[];
}

/**
 * Fetches a public answer anew in the background (stale-while-revalidate),
 * on behalf of the request that found it stale; settles when the fetch is over,
 * whether or not a new answer was kept.
 */
export type ApiRevalidator = (req: IncomingMessage, requestId: string) => Promise<void>;

/** A service's answer to a forwarded request, as far as its status line and headers. */
export interface UpstreamAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
}

/** How long an expired answer is kept to stand in for its service while that is down (stale-if-error). */
export const STALE_IF_ERROR_SECONDS = 600;

/** Answers longer than this are passed on but neither held nor kept. */
export const MAX_BODY_BYTES = 1024 * 1024;
const KEPT_HEADERS = ['content-type', 'cache-control', 'vary', TOTAL_COUNT_HEADER];
/**
 * After a purge, new answers with the purged key are passed on but not kept
 * for this long: the service process that answered may not have heard of the
 * change yet (each hears it over pub/sub in its own time).
 */
export const PURGE_SETTLE_MS = 250;
/**
 * At most this many background fetches at once: a soft purge of a whole area
 * must not send every one of its answers to the service together. Beyond it,
 * a stale answer is replayed without one, and the next request asks again
 * (as it does within PURGE_SETTLE_MS of a purge).
 */
const MAX_REVALIDATIONS = 16;

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : (value ?? ''));
const maxAge = (value: string) => Number(value.match(/\bmax-age=(\d+)/)?.[1] ?? 0);
const staleWhileRevalidate = (value: string) => Number(value.match(/\bstale-while-revalidate=(\d+)/)?.[1] ?? 0);

/** Seconds of `Cache-Control: public, max-age=N`, or 0 when the response may not be shared. */
function sharedMaxAge(cacheControl: string | string[] | undefined): number {
  const value = headerText(cacheControl);
  return /\bpublic\b/.test(value) && !/\b(no-store|private|no-cache)\b/.test(value) ? maxAge(value) : 0;
}

/** Seconds of `Surrogate-Control: max-age=N` (meant for the gateway alone), or undefined when there is none. */
function surrogateMaxAge(surrogateControl: string | string[] | undefined): number | undefined {
  if (surrogateControl === undefined) return undefined;
  const value = headerText(surrogateControl);
  return /\bno-store\b/.test(value) ? 0 : maxAge(value);
}

const headerKeys = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value.join(' ') : (value ?? '')).split(/\s+/).filter(Boolean);

/**
 * A micro-cache of public API GET responses, like a reverse proxy's: a service
 * opts in per response with `Cache-Control: public, max-age=N`, and the gateway
 * replays the stored bytes for N seconds without touching Express or the service
 * (to GET and HEAD, with its strong ETag, as `304` to a matching If-None-Match,
 * and in the coding the visitor accepts: each coding made once per kept answer,
 * on first ask, see apiRepresentation.ts).
 * An expired answer is kept STALE_IF_ERROR_SECONDS longer and replayed
 * (`x-cache: STALE`) when its service is down or answers 5xx, so public pages
 * keep their data through a service restart. Replays carry the same security
 * headers as every other response.
 *
 * Answers that must change the moment their data does (search) opt in with
 * `Surrogate-Control` and `Surrogate-Key` instead (see cachePurge.ts): they are
 * kept only while the gateway hears purges, and a purge expires them at once
 * (they stay as stand-ins for a failed service, like expired answers).
 *
 * An answer whose service allows `stale-while-revalidate=N` (RFC 5861, in
 * either header) is, for N seconds after it expires or a soft purge names it,
 * replayed (`x-cache: UPDATING`, nginx's word) while one request fetches its
 * successor in the background: visitors do not wait for a refill, and the
 * service is asked once per answer, not once per waiting visitor.
 */
export class ApiMicroCache {
  /** Headers every response carries (the security headers), added to each replay. */
  private readonly alwaysHeaders: Record<string, string>;
  /** API reads so far by x-cache result, for the metrics: a MISS is forwarded (and may then be answered STALE). */
  readonly lookups = { HIT: 0, MISS: 0, STALE: 0, UPDATING: 0 };
  constructor(alwaysHeaders: Record<string, string> = {}) {
    this.alwaysHeaders = alwaysHeaders;
  }

  private readonly cache = new LRUCache<string, CachedResponse>({
    maxSize: 64 * 1024 * 1024,
    // Counted when kept, before its variants are made: room for them (JSON shrinks to a third or less) is counted with it.
    sizeCalculation: (entry) => Math.ceil(entry.body.identity.length * 1.7) + 256,
    ttlAutopurge: false,
  });
  /** When each surrogate key was last purged (Date.now()). */
  private readonly purgedAt = new Map<string, number>();
  /** Whether purge messages reach this gateway now: keyed answers are kept only then. */
  private hearingPurges = false;
  private revalidate: ApiRevalidator | undefined;
  /** Background fetches under way. */
  private revalidations = 0;

  /** How stale answers are fetched anew; without it, none is replayed while stale (see the class comment). */
  revalidateWith(revalidate: ApiRevalidator): void {
    this.revalidate = revalidate;
  }

  /**
   * Takes purge messages from `channel` on `subscriber` (a connection of its own).
   * While the connection is down, purges may be missed: keyed answers are then
   * expired and none are kept until it is subscribed again.
   */
  listenForPurges(subscriber: Redis, channel: string, logger?: Logger): void {
    subscriber.on('message', (from: string, message: string) => {
      if (from !== channel) return;
      const named = parsePurgeMessage(message);
      this.purge(named.filter((n) => !n.soft).map((n) => n.key));
      this.purge(
        named.filter((n) => n.soft).map((n) => n.key),
        { soft: true },
      );
    });
    subscriber.on('close', () => {
      this.hearingPurges = false;
      this.purge(null);
    });
    subscriber.on('ready', () => {
      subscriber.subscribe(channel).then(
        () => {
          this.purge(null);
          this.hearingPurges = true;
        },
        (err) => logger?.error({ err }, 'gateway could not subscribe to cache purges'),
      );
    });
  }

  /** Whether an answer with these surrogate keys, asked for at `askedAt`, may be kept. */
  private mayKeep(keys: string[], askedAt: number): boolean {
    if (!keys.length) return true;
    return this.hearingPurges && keys.every((k) => (this.purgedAt.get(k) ?? -Infinity) < askedAt - PURGE_SETTLE_MS);
  }

  /**
   * Expires the answers carrying any of `keys` (null: every keyed answer). A
   * soft purge leaves those that allow stale-while-revalidate to stand in, for
   * that long, while their successors are fetched.
   */
  purge(keys: string[] | null, options: { soft?: boolean } = {}): void {
    if (keys?.length === 0) return;
    const now = Date.now();
    const named = keys && new Set(keys);
    for (const key of named ?? []) this.purgedAt.set(key, now);
    this.cache.forEach((entry) => {
      if (!entry.keys.length || (named && !entry.keys.some((k) => named.has(k)))) return;
      entry.freshUntil = Math.min(entry.freshUntil, now);
      entry.revalidateUntil = options.soft ? Math.min(entry.revalidateUntil, now + entry.revalidateMs) : 0;
    });
  }

  /** Answers from the cache when it can; returns false to let the request through. */
  tryServe(req: IncomingMessage, res: ServerResponse, requestId: () => string): boolean {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith('/api/')) return false;
    const hit = this.cache.get(req.url);
    if (!hit) {
      this.lookups.MISS++;
      return false;
    }
    const now = Date.now();
    if (hit.freshUntil > now) {
      this.lookups.HIT++;
      this.replay(req, res, hit, 'HIT', requestId());
      return true;
    }
    if (hit.revalidateUntil <= now || !this.revalidate) {
      this.lookups.MISS++;
      return false;
    }
    this.lookups.UPDATING++;
    const id = requestId();
    this.replay(req, res, hit, 'UPDATING', id);
    // Not while an answer fetched now would not be kept (just after a purge): that fetch would be wasted, and another follow it.
    if (!hit.revalidating && this.revalidations < MAX_REVALIDATIONS && this.mayKeep(hit.keys, now)) {
      hit.revalidating = true;
      this.revalidations++;
      void this.revalidate(req, id).finally(() => {
        hit.revalidating = false;
        this.revalidations--;
      });
    }
    return true;
  }

  /** Answers a GET whose service failed with the last good answer, if one is kept; returns false when there is none. */
  serveStale(req: IncomingMessage, res: ServerResponse, requestId: string): boolean {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url || res.headersSent) return false;
    const kept = this.cache.get(req.url);
    if (!kept) return false;
    this.lookups.STALE++;
    this.replay(req, res, kept, 'STALE', requestId);
    return true;
  }

  private replay(
    req: IncomingMessage,
    res: ServerResponse,
    entry: CachedResponse,
    cacheStatus: 'HIT' | 'UPDATING' | 'STALE',
    requestId: string,
  ): void {
    sendBody(
      req,
      res,
      entry.status,
      { ...this.alwaysHeaders, ...entry.headers, 'x-request-id': requestId, 'x-cache': cacheStatus },
      entry.body,
    );
  }

  /** Gone (a closed job, a deleted record): the kept answer must not stand in for it any longer, not even while revalidating. */
  forget(req: IncomingMessage): void {
    if (req.url) this.cache.delete(req.url);
  }

  /**
   * Keeps a proxied upstream answer, read in full, when it is public and
   * cacheable. `askedAt` is when the gateway sent the request: an answer with a
   * key purged since (or just before) may predate the change and is not kept.
   * Returns the kept body, whose encoded variants are then made once for every replay.
   */
  keep(req: IncomingMessage, upstream: UpstreamAnswer, identity: Buffer, askedAt: number): ApiBody | undefined {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url || upstream.statusCode !== 200) return;
    if (upstream.headers['content-encoding'] || identity.length > MAX_BODY_BYTES) return;
    const keys = headerKeys(upstream.headers[SURROGATE_KEY_HEADER]);
    const surrogateControl = upstream.headers[SURROGATE_CONTROL_HEADER];
    const ttl = surrogateMaxAge(surrogateControl) ?? sharedMaxAge(upstream.headers['cache-control']);
    if (!ttl || !this.mayKeep(keys, askedAt)) return;
    const revalidateMs = staleWhileRevalidate(headerText(surrogateControl ?? upstream.headers['cache-control'])) * 1000;
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const v = upstream.headers[name];
      if (typeof v === 'string') headers[name] = v;
    }
    const freshUntil = Date.now() + ttl * 1000;
    const body = new ApiBody(identity, 'kept');
    this.cache.set(
      req.url,
      { status: 200, headers, body, freshUntil, revalidateMs, revalidateUntil: freshUntil + revalidateMs, revalidating: false, keys },
      { ttl: (ttl + STALE_IF_ERROR_SECONDS) * 1000 },
    );
    return body;
  }
}
