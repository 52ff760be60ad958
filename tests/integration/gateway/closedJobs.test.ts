import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSystem, type RunningSystem } from '../../support/system';
import { insertJob } from '../../support/factories';
import { fetchUntilChanged } from '../../support/until';

/**
 * With the caches on (content's response cache, the gateway's replay), a job
 * closed by a collection, a sweep or psql leaves the public lists and its API
 * answer with the jobs area's purge (the UPDATE notifies): a kept answer never
 * stands in for its 410.
 */
const CACHE_SECONDS = 2;
let sys: RunningSystem;
let job: { id: number };
beforeAll(async () => {
  sys = await startSystem({ CONTENT_CACHE_SECONDS: String(CACHE_SECONDS), CONTENT_REPLAY_SECONDS: '300' });
  job = await insertJob(sys.database.db, { title: 'Replayed Role' });
  // The purges of the insert (and of the start) are behind us.
  await new Promise((r) => setTimeout(r, CACHE_SECONDS * 1000 + 300));
});
afterAll(async () => sys?.stop());

const get = async (path: string) => {
  const res = await fetch(`${sys.url}${path}`);
  return { status: res.status, cache: res.headers.get('x-cache'), body: (await res.json()) as unknown };
};

describe('a closed job with the caches on', () => {
  it('leaves the replayed list, the featured jobs and its own answer as soon as the jobs area is purged', async () => {
    for (const path of ['/api/jobs', '/api/jobs/featured', `/api/jobs/${job.id}`]) await get(path);
    expect((await get('/api/jobs')).cache).toBe('HIT');
    expect((await get(`/api/jobs/${job.id}`)).status).toBe(200);

    await sys.database.db('jobs').where({ id: job.id }).update({ closed_at: new Date() });
    const ids = (body: unknown) => (body as { id: number }[]).map((j) => j.id);
    await fetchUntilChanged(`${sys.url}/api/jobs`, (b: unknown) => !ids(b).includes(job.id), 3000);
    await fetchUntilChanged(`${sys.url}/api/jobs/featured`, (b: unknown) => !ids(b).includes(job.id), 3000);
    // Once the list has changed the area was purged: the kept 200 may be replayed only while one request fetches the job
    // again (UPDATING), never as fresh (HIT), and the 410 takes its place well within the 300 s the gateway may replay it.
    const gone = await fetchUntilChanged(
      `${sys.url}/api/jobs/${job.id}`,
      (b: unknown) => (b as { error?: { status: number } }).error?.status === 410,
      3000,
    );
    expect(gone.before.filter((cache) => cache !== 'UPDATING')).toEqual([]);
  });

  it('a job reaching its validThrough leaves the replayed lists and its answer then, with no write to tell the caches', async () => {
    const closesAt = Date.now() + 3000;
    const dated = await insertJob(sys.database.db, { title: 'Dated Role', valid_through: new Date(closesAt) });
    const ids = (body: unknown) => (body as { id: number }[]).map((j) => j.id);
    await fetchUntilChanged(`${sys.url}/api/jobs`, (b: unknown) => ids(b).includes(dated.id), 3000);
    expect((await get(`/api/jobs/${dated.id}`)).status).toBe(200);
    // Kept (replayed) at most until the job's date, not CONTENT_REPLAY_SECONDS (300 s here) nor until the sweep closes it.
    const list = await get('/api/jobs');
    expect(ids(list.body)).toContain(dated.id);
    await new Promise((r) => setTimeout(r, closesAt - Date.now() + 50));
    await fetchUntilChanged(`${sys.url}/api/jobs`, (b: unknown) => !ids(b).includes(dated.id), 1500);
    await fetchUntilChanged(`${sys.url}/api/jobs/featured`, (b: unknown) => !ids(b).includes(dated.id), 1500);
    expect((await get(`/api/jobs/${dated.id}`)).status).toBe(410);
    expect((await sys.database.db('jobs').where({ id: dated.id }).first()).closed_at).toBeNull();
  });
});
