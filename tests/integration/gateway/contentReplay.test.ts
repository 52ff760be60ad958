import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSystem, type RunningSystem } from '../../support/system';
import { insertNewsItem, insertTool } from '../../support/factories';
import { fetchUntilChanged, until } from '../../support/until';

/**
 * With the cache on, the gateway replays public content answers for
 * CONTENT_REPLAY_SECONDS (here 300), far beyond their max-age (here 2 s),
 * because any committed change to the tables behind them purges them: a
 * Postgres NOTIFY heard by the content service, which empties its own cache
 * and publishes a gateway purge of the area, at most once per max-age. Changes
 * are written straight to the database, as the pipeline and operators' tools do.
 */
const CACHE_SECONDS = 2;
const pastInterval = () => new Promise((r) => setTimeout(r, CACHE_SECONDS * 1000 + 300));
let sys: RunningSystem;
let replayTool: { id: number };
beforeAll(async () => {
  sys = await startSystem({ CONTENT_CACHE_SECONDS: String(CACHE_SECONDS), CONTENT_REPLAY_SECONDS: '300' });
  replayTool = await insertTool(sys.database.db, { name: 'Replay Tool', slug: 'replay-tool' });
  await insertNewsItem(sys.database.db, { title: 'Replay story one', slug: 'replay-story-one' });
  // The purges of these inserts (and of the start) are behind us.
  await pastInterval();
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
  return (await pollUntilChanged(path, done, withinMs)).ms;
}

/** As changedWithin, also returning the x-cache of every answer before the changed one. */
const pollUntilChanged = (path: string, done: (body: any) => boolean, withinMs: number) =>
  fetchUntilChanged(`${sys.url}${path}`, done, withinMs);

describe('public content answers replayed until their content changes', () => {
  it('are replayed beyond their max-age, without the surrogate headers, and renewed within a second of a change', async () => {
    const db = sys.database.db;
    const path = '/api/tools/replay-tool';
    await get(path);
    await get('/api/news?limit=9');
    const first = await get(path);
    expect(first.cache).toBe('HIT');
    expect(first.headers.get('cache-control')).toBe(`public, max-age=${CACHE_SECONDS}`);
    expect(first.headers.get('surrogate-control')).toBeNull();
    expect(first.headers.get('surrogate-key')).toBeNull();

    // Past the max-age, nothing changed: still replayed.
    await pastInterval();
    expect((await get(path)).cache).toBe('HIT');

    await db('tools').where({ id: replayTool.id }).update({ name: 'Replay Tool Renamed' });
    const renamed = await pollUntilChanged(path, (b) => b.name === 'Replay Tool Renamed', 2000);
    expect(renamed.ms).toBeLessThan(1000);
    // A quiet area's change is purged hard: once the purge arrived, no visitor got the old answer.
    expect(renamed.before.every((cache) => cache === 'HIT')).toBe(true);
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

  it('purges an area at most once per CONTENT_CACHE_SECONDS: the first change at once, the next together at its end, softly', async () => {
    const db = sys.database.db;
    const tool = await insertTool(db, { name: 'Busy Tool', slug: 'busy-tool' });
    // This insert's purge may itself wait for the interval to end; then a whole interval passes without one.
    await pastInterval();
    await pastInterval();
    await get('/api/tools/busy-tool');
    await db('tools').where({ id: tool.id }).update({ name: 'Busy Tool 2' });
    expect(await changedWithin('/api/tools/busy-tool', (b) => b.name === 'Busy Tool 2', 2000)).toBeLessThan(1000);
    await settle();
    await get('/api/tools/busy-tool');
    expect((await get('/api/tools/busy-tool')).cache).toBe('HIT');
    await db('tools').where({ id: tool.id }).update({ name: 'Busy Tool 3' });
    const second = await pollUntilChanged('/api/tools/busy-tool', (b) => b.name === 'Busy Tool 3', 4000);
    expect(second.ms).toBeGreaterThan(800);
    // The busy area's purge is soft: the old answer stands in (UPDATING) while the gateway fetches the new one.
    expect(second.before.at(-1)).toBe('UPDATING');
    expect(second.before.filter((cache) => cache !== 'HIT' && cache !== 'UPDATING')).toEqual([]);
  });

  it('purges only the answers showing a news item an update changed, when the lists stay as they were', async () => {
    const db = sys.database.db;
    // Own tags and categories, so neither story is among the other's related news.
    const edited = await insertNewsItem(db, { title: 'Edited story', slug: 'edited-story', tags: ['edits'], category: 'Edited Desk' });
    await insertNewsItem(db, { title: 'Untouched story', slug: 'untouched-story', tags: ['untouched'], category: 'Untouched Desk' });
    await pastInterval();
    const watched = [
      '/api/news/edited-story',
      '/api/news/tag/edits',
      '/api/news/untouched-story',
      '/api/news/tag/untouched',
      '/api/ai-stats',
    ];
    for (const path of watched) await until(async () => (await get(path)).cache === 'HIT');

    // No column a visitor sees: nothing is purged.
    await db('news_feed').where({ id: edited.id }).update({ processing_attempts: 2, seo_processing_attempts: 1 });
    await settle();
    for (const path of watched) expect((await get(path)).cache, path).toBe('HIT');

    // The title: the answers showing the item are renewed within a second; the others are still replayed.
    await db('news_feed').where({ id: edited.id }).update({ title: 'Edited story, corrected' });
    const renewed = await pollUntilChanged('/api/news/edited-story', (b) => b.article.title === 'Edited story, corrected', 2000);
    expect(renewed.ms).toBeLessThan(1000);
    expect(renewed.before.every((cache) => cache === 'HIT')).toBe(true);
    expect(await changedWithin('/api/news/tag/edits', (b) => b.articles[0]?.title === 'Edited story, corrected', 2000)).toBeLessThan(1000);
    await settle();
    for (const path of ['/api/news/untouched-story', '/api/news/tag/untouched', '/api/ai-stats'])
      expect((await get(path)).cache, path).toBe('HIT');

    // Its tags move it between tag pages: every news answer is purged.
    await db('news_feed')
      .where({ id: edited.id })
      .update({ tags: ['edits', 'moved'] });
    expect(await changedWithin('/api/news/edited-story', (b) => b.article.tags.includes('moved'), 2000)).toBeLessThan(1000);
    await until(async () => (await get('/api/news/untouched-story')).cache !== 'HIT', 2000);
  });

  it('purges, for a news item published, the lists and the answers it can appear in, not the others', async () => {
    const db = sys.database.db;
    const day = (n: number) => new Date(Date.UTC(2027, 0, n));
    await insertNewsItem(db, {
      title: 'Harbour opens',
      slug: 'harbour-opens',
      tags: ['ships'],
      category: 'Harbour Desk',
      publish_date: day(1),
    });
    await insertNewsItem(db, {
      title: 'Rail line closes',
      slug: 'rail-line-closes',
      tags: ['trains'],
      category: 'Rail Desk',
      publish_date: day(2),
    });
    await pastInterval();
    const untouched = ['/api/news/rail-line-closes', '/api/news/tag/trains'];
    for (const path of ['/api/news/harbour-opens', '/api/news/tag/ships', '/api/news?limit=9', ...untouched])
      await until(async () => (await get(path)).cache === 'HIT');

    await insertNewsItem(db, {
      title: 'Second harbour opens',
      slug: 'second-harbour-opens',
      tags: ['ships'],
      category: 'Harbour Desk',
      publish_date: day(3),
    });
    expect(await changedWithin('/api/news?limit=9', (b) => b.articles[0]?.slug === 'second-harbour-opens', 2000)).toBeLessThan(1000);
    expect(await changedWithin('/api/news/tag/ships', (b) => b.articles[0]?.slug === 'second-harbour-opens', 2000)).toBeLessThan(1000);
    // An article sharing its tag lists it among related news.
    expect(
      await changedWithin(
        '/api/news/harbour-opens',
        (b) => b.relatedArticles.some((r: { slug: string }) => r.slug === 'second-harbour-opens'),
        2000,
      ),
    ).toBeLessThan(1000);
    await settle();
    for (const path of untouched) expect((await get(path)).cache, path).toBe('HIT');
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
