import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';

interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Until then it is replayed as a hit; after, only in place of a failed upstream. */
  freshUntil: number;
}

/** How long an expired answer is kept to stand in for its service while that is down (stale-if-error). */
export const STALE_IF_ERROR_SECONDS = 600;

const MAX_BODY_BYTES = 1024 * 1024;
const KEPT_HEADERS = ['content-type', 'cache-control', 'content-encoding', 'vary'];

/** Seconds of `Cache-Control: public, max-age=N`, or 0 when the response may not be shared. */
function sharedMaxAge(cacheControl: string | string[] | undefined): number {
  const value = Array.isArray(cacheControl) ? cacheControl.join(',') : (cacheControl ?? '');
  if (!/\bpublic\b/.test(value) || /\b(no-store|private|no-cache)\b/.test(value)) return 0;
  const match = value.match(/\bmax-age=(\d+)/);
  return match ? Number(match[1]) : 0;
}

/**
 * A micro-cache of public API GET responses, like a reverse proxy's: a service
 * opts in per response with `Cache-Control: public, max-age=N`, and the gateway
 * replays the stored bytes for N seconds without touching Express or the service.
 * An expired answer is kept STALE_IF_ERROR_SECONDS longer and replayed
 * (`x-cache: STALE`) when its service is down or answers 5xx, so public pages
 * keep their data through a service restart. Replays carry the same security
 * headers as every other response.
 */
export class ApiMicroCache {
  /** Headers every response carries (the security headers), added to each replay. */
  private readonly alwaysHeaders: Record<string, string>;
  constructor(alwaysHeaders: Record<string, string> = {}) {
    this.alwaysHeaders = alwaysHeaders;
  }

  private readonly cache = new LRUCache<string, CachedResponse>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (entry) => entry.body.length + 256,
    ttlAutopurge: false,
  });

  /** Answers from the cache when it can; returns false to let the request through. */
  tryServe(req: IncomingMessage, res: ServerResponse, requestId: () => string): boolean {
    if (req.method !== 'GET' || !req.url?.startsWith('/api/')) return false;
    const hit = this.cache.get(req.url);
    if (!hit || hit.freshUntil <= Date.now()) return false;
    this.replay(res, hit, 'HIT', requestId());
    return true;
  }

  /** Answers a GET whose service failed with the last good answer, if one is kept; returns false when there is none. */
  serveStale(req: IncomingMessage, res: ServerResponse, requestId: string): boolean {
    if (req.method !== 'GET' || !req.url || res.headersSent) return false;
    const kept = this.cache.get(req.url);
    if (!kept) return false;
    this.replay(res, kept, 'STALE', requestId);
    return true;
  }

  private replay(res: ServerResponse, entry: CachedResponse, cacheStatus: 'HIT' | 'STALE', requestId: string): void {
    res.writeHead(entry.status, { ...this.alwaysHeaders, ...entry.headers, 'content-length': entry.body.length, 'x-request-id': requestId, 'x-cache': cacheStatus });
    res.end(entry.body);
  }

  /** Tees a proxied upstream response into the cache when it is public and cacheable. */
  capture(req: IncomingMessage, upstream: IncomingMessage): void {
    if (req.method !== 'GET' || !req.url || upstream.statusCode !== 200) return;
    const ttl = sharedMaxAge(upstream.headers['cache-control']);
    if (!ttl) return;
    const chunks: Buffer[] = [];
    let size = 0;
    upstream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    upstream.on('end', () => {
      if (size > MAX_BODY_BYTES || !upstream.complete) return;
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const v = upstream.headers[name];
        if (typeof v === 'string') headers[name] = v;
      }
      this.cache.set(req.url!, { status: 200, headers, body: Buffer.concat(chunks), freshUntil: Date.now() + ttl * 1000 }, { ttl: (ttl + STALE_IF_ERROR_SECONDS) * 1000 });
    });
  }
}
