import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSystem, type RunningSystem } from '../../support/system';
import { insertNewsItem, insertTool } from '../../support/factories';

/**
 * With the cache on, the gateway replays public content answers for
 * CONTENT_REPLAY_SECONDS (here 300), far beyond their 5 s max-age, because any
 * committed change to the tables behind them purges them at once: a Postgres
 * NOTIFY heard by the content service, which empties its own cache and
 * publishes a gateway purge of the area. Changes are written straight to the
 * database, as the pipeline and operators' tools do.
 */
let sys: RunningSystem;
beforeAll(async () => {
  sys = await startSystem({ CONTENT_CACHE_SECONDS: '5', CONTENT_REPLAY_SECONDS: '300' });
});
afterAll(async () => sys?.stop());

const get = async (path: string) => {
  const res = await fetch(`${sys.url}${path}`);
  return { status: res.status, cache: res.headers.get('x-cache'), headers: res.headers, body: (await res.json()) as any };
};
/** Answers asked for within 250 ms of a purge are passed on but not kept (they may predate the change). */
const settle = () => new Promise((r) => setTimeout(r, 300));

/** Polls `path` until `done(body)`; returns how long it took (ms), or fails after `withinMs`. */
async function changedWithin(path: string, done: (body: any) => boolean, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (done((await get(path)).body)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${path} did not change within ${withinMs} ms`);
}

describe('public content answers replayed until their content changes', () => {
  it('are replayed beyond their max-age, without the surrogate headers, and renewed within a second of a change', async () => {
    const db = sys.database.db;
    const tool = await insertTool(db, { name: 'Replay Tool', slug: 'replay-tool' });
    await insertNewsItem(db, { title: 'Replay story one', slug: 'replay-story-one' });
    const path = '/api/tools/replay-tool';
    await settle();
    await get(path);
    await get('/api/news?limit=9');
    const first = await get(path);
    expect(first.cache).toBe('HIT');
    expect(first.headers.get('cache-control')).toBe('public, max-age=5');
    expect(first.headers.get('surrogate-control')).toBeNull();
    expect(first.headers.get('surrogate-key')).toBeNull();

    // Past the 5 s max-age, nothing changed: still replayed.
    await new Promise((r) => setTimeout(r, 5500));
    expect((await get(path)).cache).toBe('HIT');

    await db('tools').where({ id: tool.id }).update({ name: 'Replay Tool Renamed' });
    expect(await changedWithin(path, (b) => b.name === 'Replay Tool Renamed', 2000)).toBeLessThan(1000);
    await settle();
    await get(path);
    expect((await get(path)).cache).toBe('HIT');
    // A tools change leaves the news answers kept.
    expect((await get('/api/news?limit=9')).cache).toBe('HIT');

    // A news item published: the content service's own cache is emptied too, not only the gateway's.
    await insertNewsItem(db, { title: 'Replay story two', slug: 'replay-story-two', publish_date: new Date() });
    expect(await changedWithin('/api/news?limit=9', (b) => b.articles[0]?.slug === 'replay-story-two', 2000)).toBeLessThan(1000);
    expect(await changedWithin('/api/home', (b) => b.latestNews[0]?.slug === 'replay-story-two', 2000)).toBeLessThan(1000);
  });

  it('purges everything after the change feed reconnects, as changes made meanwhile were not heard', async () => {
    const db = sys.database.db;
    const tool = await insertTool(db, { name: 'Gap Tool', slug: 'gap-tool' });
    await settle();
    await get('/api/tools/gap-tool');
    expect((await get('/api/tools/gap-tool')).cache).toBe('HIT');
    const { rows } = await db.raw(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = 'content-changes' AND datname = current_database()`,
    );
    expect(rows).toEqual([{ ended: true }]);
    await db('tools').where({ id: tool.id }).update({ name: 'Gap Tool Renamed' });
    await changedWithin('/api/tools/gap-tool', (b) => b.name === 'Gap Tool Renamed', 4000);
  });
});
