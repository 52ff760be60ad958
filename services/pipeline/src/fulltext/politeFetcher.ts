import robotsParser from 'robots-parser';
import type { Redis } from '@neuralbeat/common';
import { CRAWLER_TOKEN } from '../crawler';

export interface PageValidators {
  etag: string | null;
  lastModified: string | null;
}

/** What asking for a page gave. `unavailable` carries the reason, said on the article; `busy` means another request to the host is under way. */
export type PageOutcome =
  | { kind: 'fetched'; html: string; url: string; etag: string | null; lastModified: string | null }
  | { kind: 'not-modified' }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'busy'; retryInMs: number };

export interface PoliteFetcherOptions {
  userAgent: string;
  timeoutMs: number;
  maxBytes: number;
  /** Redis key prefix; host locks and cached robots.txt live under it. */
  prefix: string;
}

const ROBOTS_MAX_BYTES = 512 * 1024;
const ROBOTS_TTL_SECONDS = 3600;
/** A robots.txt that could not be read is asked for again sooner. */
const ROBOTS_RETRY_SECONDS = 600;
const MAX_REDIRECTS = 5;
/** Longest pause between two requests to one host that a robots.txt Crawl-delay can ask of us. */
const MAX_CRAWL_DELAY_MS = 30_000;

class PageError extends Error {}

/** Deletes the host lock only if we still hold it. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
/** Keeps the host lock for the crawl delay, so the next request waits it out. */
const HOLD = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

interface RobotsRules {
  /** null when robots.txt could not be read: nothing is fetched from the host until it can be. */
  body: string | null;
  problem?: string;
  /** The host did not answer at all (no such host, refused, timed out). */
  unreachable?: boolean;
}

/**
 * Fetches article pages politely: one request at a time per host (a lock in
 * Redis, shared by every pipeline process), robots.txt honoured and cached per
 * host (Crawl-delay included), a user agent naming the site and its contact
 * address, a timeout, a size cap, conditional requests and a bounded number of
 * redirects, each target checked against its own robots.txt.
 */
export class PoliteFetcher {
  private readonly redis: Redis;
  private readonly options: PoliteFetcherOptions;
  constructor(redis: Redis, options: PoliteFetcherOptions) {
    this.redis = redis;
    this.options = options;
  }

  async fetch(pageUrl: string, validators: PageValidators): Promise<PageOutcome> {
    let url: URL;
    try {
      url = new URL(pageUrl);
    } catch {
      return { kind: 'unavailable', reason: 'the item has no valid link' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { kind: 'unavailable', reason: `the link is not a web page (${url.protocol})` };
    const lockKey = `${this.options.prefix}:fulltext:host:${url.host}`;
    const token = `${process.pid}-${Math.random().toString(36).slice(2)}`;
    const acquired = await this.redis.set(lockKey, token, 'PX', this.options.timeoutMs * 2 + 5000, 'NX');
    if (!acquired) return { kind: 'busy', retryInMs: Math.max(100, Math.min(5000, await this.redis.pttl(lockKey))) };
    let delayMs = 0;
    try {
      const rules = await this.robots(url);
      delayMs = rules.crawlDelayMs;
      if (rules.blocked) return { kind: 'unavailable', reason: rules.blocked };
      return await this.request(url, validators);
    } catch (err) {
      return { kind: 'unavailable', reason: describe(err, this.options.timeoutMs) };
    } finally {
      if (delayMs > 0) await this.redis.eval(HOLD, 1, lockKey, token, String(delayMs));
      else await this.redis.eval(RELEASE, 1, lockKey, token);
    }
  }

  /** Whether robots.txt lets us fetch `url`, and how long to wait before the next request to its host. */
  private async robots(url: URL): Promise<{ blocked: string | null; crawlDelayMs: number }> {
    const rules = await this.robotsRules(url.origin);
    if (rules.body === null) {
      return {
        blocked: rules.unreachable
          ? `${url.host} did not answer: ${rules.problem}`
          : `robots.txt of ${url.host} could not be read (${rules.problem})`,
        crawlDelayMs: 0,
      };
    }
    const robots = robotsParser(`${url.origin}/robots.txt`, rules.body);
    const crawlDelayMs = Math.min(MAX_CRAWL_DELAY_MS, (robots.getCrawlDelay(CRAWLER_TOKEN) ?? 0) * 1000);
    if (robots.isDisallowed(url.toString(), CRAWLER_TOKEN))
      return { blocked: `robots.txt of ${url.host} disallows ${url.pathname} for ${CRAWLER_TOKEN}`, crawlDelayMs };
    return { blocked: null, crawlDelayMs };
  }

  /** robots.txt of an origin, cached in Redis: a missing file (4xx) allows everything; a server error or no answer allows nothing for now. */
  private async robotsRules(origin: string): Promise<RobotsRules> {
    const cacheKey = `${this.options.prefix}:fulltext:robots:${origin}`;
    const cached = await this.redis.get(cacheKey);
    if (cached !== null) return JSON.parse(cached) as RobotsRules;
    let rules: RobotsRules;
    try {
      const res = await fetch(`${origin}/robots.txt`, {
        headers: { 'user-agent': this.options.userAgent, accept: 'text/plain' },
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'follow',
      });
      if (res.ok) rules = { body: new TextDecoder().decode(await readCapped(res, ROBOTS_MAX_BYTES)) };
      else if (res.status >= 400 && res.status < 500) rules = { body: '' };
      else rules = { body: null, problem: `HTTP ${res.status}` };
    } catch (err) {
      rules = { body: null, problem: describe(err, this.options.timeoutMs), unreachable: true };
    }
    await this.redis.set(cacheKey, JSON.stringify(rules), 'EX', rules.body === null ? ROBOTS_RETRY_SECONDS : ROBOTS_TTL_SECONDS);
    return rules;
  }

  private async request(start: URL, validators: PageValidators): Promise<PageOutcome> {
    let url = start;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const headers: Record<string, string> = {
        'user-agent': this.options.userAgent,
        accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
      };
      if (hop === 0 && validators.etag) headers['if-none-match'] = validators.etag;
      if (hop === 0 && validators.lastModified) headers['if-modified-since'] = validators.lastModified;
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(this.options.timeoutMs), redirect: 'manual' });
      if (res.status === 304) return { kind: 'not-modified' };
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel();
        const next = new URL(location, url);
        if (next.origin !== url.origin) {
          const rules = await this.robots(next);
          if (rules.blocked)
            return {
              kind: 'unavailable',
              reason: `redirected to ${next.host}, whose ${rules.blocked.replace(/^robots\.txt of \S+ /, 'robots.txt ')}`,
            };
        }
        url = next;
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel();
        return { kind: 'unavailable', reason: `the page answered HTTP ${res.status}` };
      }
      const contentType = res.headers.get('content-type') ?? '';
      if (!/html/i.test(contentType)) {
        await res.body?.cancel();
        return { kind: 'unavailable', reason: `the link is not an HTML page (${contentType.split(';')[0] || 'no content type'})` };
      }
      const declared = Number(res.headers.get('content-length') ?? 0);
      if (declared > this.options.maxBytes) {
        await res.body?.cancel();
        return { kind: 'unavailable', reason: `the page is larger than ${this.options.maxBytes} bytes` };
      }
      const body = await readCapped(res, this.options.maxBytes);
      return {
        kind: 'fetched',
        html: decodeHtml(body, contentType),
        url: url.toString(),
        etag: res.headers.get('etag'),
        lastModified: res.headers.get('last-modified'),
      };
    }
    return { kind: 'unavailable', reason: `more than ${MAX_REDIRECTS} redirects` };
  }
}

/** Reads a response body, giving up once it passes `max` bytes. */
async function readCapped(res: Response, max: number): Promise<Buffer> {
  const reader = res.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new PageError(`the page is larger than ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The charset from Content-Type, else from a <meta charset> near the top, else UTF-8. */
function decodeHtml(body: Buffer, contentType: string): string {
  const charset =
    contentType.match(/charset=["']?([\w-]+)/i)?.[1] ??
    body.toString('latin1', 0, Math.min(body.length, 4096)).match(/<meta[^>]+charset=["']?([\w-]+)/i)?.[1] ??
    'utf-8';
  try {
    return new TextDecoder(charset.toLowerCase()).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** A reason a reader understands: "no answer within 10000 ms", "could not reach host (ENOTFOUND)". */
function describe(err: unknown, timeoutMs: number): string {
  if (err instanceof PageError) return err.message;
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return `no answer within ${timeoutMs} ms`;
  const cause = (err as { cause?: { code?: string; hostname?: string } })?.cause;
  if (cause?.code) return `could not connect (${cause.code})`;
  return err instanceof Error ? err.message : String(err);
}
