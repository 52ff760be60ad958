import { describe, expect, it } from 'vitest';
import type { SearchEngine, SearchPage } from '../engine/SearchEngine';
import { SearchResultCache } from './resultCache';
import { SearchService } from './searchService';

/** An engine whose answer the test releases by hand, to change the index while a search is under way. */
function heldEngine() {
  let answer: SearchPage = { total: 0, hits: [] };
  let release = () => {};
  const engine = {
    name: 'held',
    search: () =>
      new Promise<SearchPage>((resolve) => {
        const current = answer;
        release = () => resolve(current);
      }),
  } as unknown as SearchEngine;
  return {
    engine,
    setIndex: (page: SearchPage) => (answer = page),
    release: () => release(),
  };
}

const hit = (id: number): SearchPage => ({ total: 1, hits: [{ result: { id }, why: { field: 'title', match: 'exact', terms: ['orbit'] } }] });

describe('search answers and index changes', () => {
  it('does not keep an answer read before an index change that happened while it was computed', async () => {
    const held = heldEngine();
    const cache = new SearchResultCache({ ttlSeconds: 60, prefix: 'test' });
    const service = new SearchService(held.engine, cache);

    const before = service.search('tools', 'orbit', 10);
    // The engine has read the old index; the change commits and clears the cache before the answer is kept.
    held.setIndex(hit(7));
    await cache.invalidate();
    held.release();
    expect((await before).total).toBe(0);

    const after = service.search('tools', 'orbit', 10);
    held.release();
    expect(JSON.parse((await after).json).map((r: { id: number }) => r.id)).toEqual([7]);
  });

  it('answers a repeated query from the cache while the index is unchanged', async () => {
    const held = heldEngine();
    const cache = new SearchResultCache({ ttlSeconds: 60, prefix: 'test' });
    const service = new SearchService(held.engine, cache);
    held.setIndex(hit(3));
    const first = service.search('tools', 'orbit', 10);
    held.release();
    await first;
    held.setIndex(hit(4));
    // No engine call: nothing releases it, and the cached answer comes back.
    expect(JSON.parse((await service.search('tools', 'orbit', 10)).json)[0].id).toBe(3);
  });
});
