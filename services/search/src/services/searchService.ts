import type { SearchKind } from '@neuralbeat/common/contracts';
import type { SearchEngine, SearchPage } from '../engine/SearchEngine';
import { queryWords } from '../engine/text';
import { SearchResultCache } from './resultCache';

/** One kind's search: the query reduced to its words, answered from the cache or the engine. */
export class SearchService {
  private readonly engine: SearchEngine;
  private readonly cache: SearchResultCache;
  constructor(engine: SearchEngine, cache: SearchResultCache) {
    this.engine = engine;
    this.cache = cache;
  }

  async search(kind: SearchKind, q: string, limit: number): Promise<SearchPage> {
    const words = queryWords(q);
    // Punctuation, quotes or symbols alone search for nothing.
    if (!words.length) return { hits: [], total: 0 };
    const key = SearchResultCache.key(kind, words, limit);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const page = await this.engine.search(kind, words, limit);
    this.cache.set(key, page);
    return page;
  }
}
