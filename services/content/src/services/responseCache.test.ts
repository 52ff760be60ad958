import { describe, expect, it } from 'vitest';
import { ResponseCache } from './responseCache';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('ResponseCache', () => {
  it('loads a key once for every request that arrives while it loads, and reuses it', async () => {
    const cache = new ResponseCache(5);
    const db = deferred<{ page: number }>();
    let loads = 0;
    const load = () => {
      loads++;
      return db.promise;
    };
    const waiting = Array.from({ length: 50 }, () => cache.get('news:1', load));
    db.resolve({ page: 1 });
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: 50 }, () => ({ page: 1 })));
    expect(await cache.get('news:1', load)).toEqual({ page: 1 });
    expect(loads).toBe(1);
  });

  it('keeps no failed load: the next request loads again', async () => {
    const cache = new ResponseCache(5);
    await expect(cache.get('home', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('home', async () => ({ latestNews: [] }))).toEqual({ latestNews: [] });
  });

  it('loads every time when turned off', async () => {
    const cache = new ResponseCache(0);
    let loads = 0;
    await cache.get('home', async () => ({ n: ++loads }));
    await cache.get('home', async () => ({ n: ++loads }));
    expect(loads).toBe(2);
  });
});
