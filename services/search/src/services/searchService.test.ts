import { afterAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { testRedis, testRedisPrefix } from '../../../../tests/support/testEnv';
import { until } from '../../../../tests/support/until';
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

const hit = (id: number): SearchPage => ({
  total: 1,
  hits: [{ result: { id }, why: { field: 'title', match: 'exact', terms: ['orbit'] } }],
});

describe('search answers and index changes', () => {
  it('does not keep an answer read before an index change that happened while it was computed', async () => {
    const held = heldEngine();
    const cache = new SearchResultCache({ ttlSeconds: 60, prefix: 'test' });
    const service = new SearchService(held.engine, cache);

    const before = service.search('tools', 'orbit', 10);
    // The engine has read the old index; the change commits and clears the cache before the answer is kept.
    held.setIndex(hit(7));
    await cache.invalidate('tools');
    held.release();
    expect((await before).total).toBe(0);

    const after = service.search('tools', 'orbit', 10);
    held.release();
    expect(JSON.parse((await after).json).map((r: { id: number }) => r.id)).toEqual([7]);
  });

  it('computes an answer once for visitors who ask the same while it is computed, but not across an index change', async () => {
    // Each engine call answers with its own number, when the test releases it.
    const releases: (() => void)[] = [];
    let calls = 0;
    const engine = {
      name: 'counting',
      search: () =>
        new Promise<SearchPage>((resolve) =>
          releases.push(
            (
              (n) => () =>
                resolve(hit(n))
            )(++calls),
          ),
        ),
    } as unknown as SearchEngine;
    const cache = new SearchResultCache({ ttlSeconds: 60, prefix: 'test' });
    const service = new SearchService(engine, cache);
    const ids = async (answer: Promise<{ json: string }>) => JSON.parse((await answer).json).map((r: { id: number }) => r.id);

    const together = [service.search('tools', 'orbit', 10), service.search('tools', '  Orbit ', 10), service.search('tools', 'orbit', 10)];
    expect(calls).toBe(1);
    await cache.invalidate('tools');
    const afterChange = service.search('tools', 'orbit', 10);
    expect(calls).toBe(2);
    releases.forEach((release) => release());
    for (const answer of together) expect(await ids(answer)).toEqual([1]);
    expect(await ids(afterChange)).toEqual([2]);
    // The answer begun after the change is the one kept.
    expect(await ids(service.search('tools', 'orbit', 10))).toEqual([2]);
    expect(calls).toBe(2);
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

  /** Answers `kind`'s query once with `id`, so it is cached; the engine then holds any further call. */
  async function cached(service: SearchService, held: ReturnType<typeof heldEngine>, kind: 'news' | 'tools', id: number) {
    held.setIndex(hit(id));
    const first = service.search(kind, 'orbit', 10);
    held.release();
    await first;
  }
  const answerId = async (service: SearchService, held: ReturnType<typeof heldEngine>, kind: 'news' | 'tools') => {
    const pending = service.search(kind, 'orbit', 10);
    // Releases the engine if the answer was not cached (it then returns what the index holds now).
    setTimeout(() => held.release(), 20);
    return JSON.parse((await pending).json)[0].id as number;
  };

  it("forgets only the changed kind's answers: publishing news keeps the tools' answers", async () => {
    const held = heldEngine();
    const cache = new SearchResultCache({ ttlSeconds: 60, prefix: 'test' });
    const service = new SearchService(held.engine, cache);
    await cached(service, held, 'news', 1);
    await cached(service, held, 'tools', 2);
    held.setIndex(hit(9));
    await cache.invalidate('news');
    expect(await answerId(service, held, 'tools')).toBe(2);
    expect(await answerId(service, held, 'news')).toBe(9);
  });

  const redisClients: Redis[] = [];
  afterAll(() => redisClients.forEach((r) => r.disconnect()));

  it('tells the other search processes which kind changed', async () => {
    const redis = testRedis();
    redisClients.push(redis);
    const prefix = testRedisPrefix();
    const [mine, theirs] = [
      new SearchResultCache({ ttlSeconds: 60, redis, prefix }),
      new SearchResultCache({ ttlSeconds: 60, redis, prefix }),
    ];
    const held = heldEngine();
    const service = new SearchService(held.engine, theirs);
    await cached(service, held, 'news', 1);
    await cached(service, held, 'tools', 2);
    // The other process subscribes as it starts: wait until a change sent by this one reaches it.
    await until(async () => {
      await mine.invalidate('events');
      return theirs.version('events') > 0;
    });
    await mine.invalidate('news');
    await until(async () => theirs.version('news') > 0);
    held.setIndex(hit(9));
    expect(await answerId(service, held, 'tools')).toBe(2);
    expect(await answerId(service, held, 'news')).toBe(9);
    await mine.close();
    await theirs.close();
  });
});
