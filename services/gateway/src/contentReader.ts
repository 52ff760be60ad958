import { LRUCache } from 'lru-cache';
import { TOTAL_COUNT_HEADER } from '@neuralbeat/common/contracts';

/** A content service answer as the gateway reads it for a page's HTML. */
export interface ContentAnswer {
  status: number;
  /** The body as sent (JSON text for our APIs). */
  body: string;
  contentType: string;
  /** X-Total-Count: how many a paged list holds in all, when the answer is a page of one. */
  total: string | null;
}

/** Seconds of `Cache-Control: public, max-age=N`, or 0 when the answer may not be reused. */
function sharedMaxAge(cacheControl: string | null): number {
  const value = cacheControl ?? '';
  if (!/\bpublic\b/.test(value) || /\b(no-store|private|no-cache)\b/.test(value)) return 0;
  const match = value.match(/\bmax-age=(\d+)/);
  return match ? Number(match[1]) : 0;
}

/**
 * GETs of the content service's public API made while writing a page's HTML
 * (head tags, embedded first-screen data). Concurrent reads of one path share a
 * request, and answers are reused for as long as the service allows
 * (`Cache-Control: public, max-age`), so a page costs the content service what
 * the browser's own calls would have, or less.
 */
export class ContentReader {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly inFlight = new Map<string, Promise<ContentAnswer>>();
  private readonly cache = new LRUCache<string, ContentAnswer>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (a) => a.body.length + 128,
  });

  constructor(baseUrl: string, timeoutMs = 2000) {
    this.baseUrl = baseUrl.replace(/\/$/, '');
    this.timeoutMs = timeoutMs;
  }

  /** Reads `apiPath` (e.g. `/api/home`); rejects when the service does not answer in time. */
  get(apiPath: string, requestId?: string): Promise<ContentAnswer> {
    const cached = this.cache.get(apiPath);
    if (cached) return Promise.resolve(cached);
    let pending = this.inFlight.get(apiPath);
    if (!pending) {
      pending = this.fetch(apiPath, requestId).finally(() => this.inFlight.delete(apiPath));
      this.inFlight.set(apiPath, pending);
    }
    return pending;
  }

  private async fetch(apiPath: string, requestId?: string): Promise<ContentAnswer> {
    const res = await fetch(`${this.baseUrl}${apiPath}`, {
      headers: requestId ? { 'x-request-id': requestId } : undefined,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const answer = {
      status: res.status,
      body: await res.text(),
      contentType: res.headers.get('content-type') ?? '',
      total: res.headers.get(TOTAL_COUNT_HEADER),
    };
    const ttl = res.status === 200 ? sharedMaxAge(res.headers.get('cache-control')) : 0;
    if (ttl) this.cache.set(apiPath, answer, { ttl: ttl * 1000 });
    return answer;
  }
}
