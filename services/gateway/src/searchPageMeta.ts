import { LRUCache } from 'lru-cache';
import { SEARCH_KINDS, TOTAL_COUNT_HEADER, searchPageMeta } from '@neuralbeat/common/contracts';
import type { PageMeta } from './pageMeta';

const TIMEOUT_MS = 2000;

/**
 * Head tags of /search?q= for crawlers: the query in the title, the number of
 * results (from the five search calls' X-Total-Count) in the description, and
 * noindex when nothing matched. Answers are cached briefly per query.
 */
export class SearchPageMetaResolver {
  private readonly cache = new LRUCache<string, PageMeta>({ max: 1000, ttl: 10_000 });
  private readonly searchUrl: string;
  constructor(searchUrl: string) {
    this.searchUrl = searchUrl.replace(/\/$/, '');
  }

  /** The meta of the search page, or null for any other path. */
  async resolve(path: string, query: Record<string, unknown>): Promise<PageMeta | null> {
    if (path.replace(/\/+$/, '') !== '/search') return null;
    const q = typeof query.q === 'string' ? query.q.trim().slice(0, 1000) : '';
    const cached = this.cache.get(q);
    if (cached) return cached;
    const meta = this.toPageMeta(q, q ? await this.total(q) : null);
    this.cache.set(q, meta);
    return meta;
  }

  private toPageMeta(q: string, total: number | null): PageMeta {
    const m = searchPageMeta(q, total);
    return {
      status: 200,
      title: m.title,
      description: m.description,
      canonicalPath: m.path,
      type: 'website',
      noindex: m.noindex,
      jsonLd: [],
    };
  }

  /** Matches across the five kinds, or null when the search service cannot say. */
  private async total(q: string): Promise<number | null> {
    try {
      const counts = await Promise.all(
        SEARCH_KINDS.map(async (kind) => {
          const res = await fetch(`${this.searchUrl}/api/${kind}/search?q=${encodeURIComponent(q)}&limit=1`, {
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          if (!res.ok) throw new Error(`search answered ${res.status}`);
          await res.body?.cancel();
          return Number(res.headers.get(TOTAL_COUNT_HEADER) ?? NaN);
        }),
      );
      return counts.every(Number.isFinite) ? counts.reduce((a, b) => a + b, 0) : null;
    } catch {
      return null;
    }
  }
}
