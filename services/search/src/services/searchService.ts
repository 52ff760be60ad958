import type { SearchKind } from '@neuralbeat/common/contracts';
import type { SearchEngine } from '../engine/SearchEngine';
import { queryWords } from '../engine/text';
import { SearchResultCache, type SearchAnswer } from './resultCache';

/** One kind's search: the query reduced to its words, answered from the cache or the engine. */
export class SearchService {
  private readonly engine: SearchEngine;
  private readonly cache: SearchResultCache;
  /** Answers being computed: visitors asking the same while the first is computed share it (a purge sends many at once). */
  private readonly computing = new Map<string, Promise<SearchAnswer>>();
  constructor(engine: SearchEngine, cache: SearchResultCache) {
    this.engine = engine;
    this.cache = cache;
  }

  /** The response body (the results of contracts/search.ts with their `why`, as JSON) and the number of matches in all. */
  async search(kind: SearchKind, q: string, limit: number): Promise<SearchAnswer> {
    const words = queryWords(q);
    // Punctuation, quotes or symbols alone search for nothing.
    if (!words.length) return { json: '[]', total: 0 };
    const key = SearchResultCache.key(kind, words, limit);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const version = this.cache.version(kind);
    // Keyed by version too: a request after a change must not take an answer begun before it.
    const computingKey = `${key}\u0000${version}`;
    let answer = this.computing.get(computingKey);
    if (!answer) {
      answer = this.compute(kind, words, limit).finally(() => this.computing.delete(computingKey));
      this.computing.set(computingKey, answer);
      void answer.then(
        (a) => this.cache.set(kind, key, a, version),
        () => {},
      );
    }
    return answer;
  }

  private async compute(kind: SearchKind, words: string[], limit: number): Promise<SearchAnswer> {
    const page = await this.engine.search(kind, words, limit);
    // Serialised once: a cached answer is sent as it is.
    return {
      json: JSON.stringify(page.hits.map((hit) => ({ ...hit.result, why: hit.why }))),
      total: page.total,
      ...(page.validUntil === undefined ? {} : { validUntil: page.validUntil }),
    };
  }
}
