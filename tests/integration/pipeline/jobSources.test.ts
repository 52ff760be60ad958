import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSystem, type RunningSystem } from '../../support/system';
import { adminCall, insertAccounts, signIn, until } from '../../support/admin';
import { rssFeed, startFeedServer, type FeedServer } from '../../support/feedServer';
import { daysAgo, greenhouseBoard, leverPostings } from '../../support/jobBoards';
import { insertJob } from '../../support/factories';
import { shellDist } from '../../support/shellDist';

let sys: RunningSystem;
let cookie: string;
let boards: FeedServer;
const shell = shellDist();

beforeAll(async () => {
  [sys, boards] = await Promise.all([startSystem({ WEB_DIST: shell.dir, PIPELINE_SWEEP_INTERVAL_SECONDS: '1' }), startFeedServer()]);
  await insertAccounts(sys.database.db);
  cookie = await signIn(sys.url);
});
afterAll(async () => {
  await boards.close();
  await sys.stop();
  shell.remove();
});

const post = (path: string, body: unknown = {}) => adminCall(sys.url, cookie, path, { body });
const db = () => sys.database.db;

/** The JSON-LD blocks of a page as the gateway serves it (what a crawler reads without running JavaScript). */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}
const jobPosting = (html: string) => jsonLdOf(html).find((d) => d['@type'] === 'JobPosting');

const GH = '/v1/boards/acme/jobs?content=true';
const LEVER = '/v0/postings/acme?mode=json';

describe('job sources end to end', () => {
  it('collects boards into jobs with their own pages, JobPosting data as served, and closes a job that leaves its board', async () => {
    boards.routes.set(GH, {
      body: greenhouseBoard([
        { id: 9101, title: 'Applied Scientist, Retrieval', location: 'Remote (United States)' },
        { id: 9102, title: 'Inference Engineer', location: 'Toronto, Canada' },
      ]),
      contentType: 'application/json',
    });
    boards.routes.set(LEVER, {
      body: leverPostings([
        {
          id: 'b0b0b0b0-0000-4000-8000-000000000001',
          text: 'Speech Model Trainer',
          location: 'Austin, TX',
          salary: { min: 140_000, max: 175_000, currency: 'USD', interval: 'per-year-salary' },
        },
      ]),
      contentType: 'application/json',
    });
    const gh = await post('/api/admin/sources', {
      name: 'Acme Research',
      feedUrl: `${boards.url}/v1/boards/acme/jobs`,
      kind: 'greenhouse',
    });
    expect(gh.status).toBe(201);
    expect(gh.body.source).toMatchObject({ kind: 'greenhouse', feedUrl: `${boards.url}${GH}`, enabled: true });
    const lever = await post('/api/admin/sources', { name: 'Acme Voice', feedUrl: `${boards.url}/v0/postings/acme`, kind: 'lever' });
    expect(lever.body.source).toMatchObject({ kind: 'lever', feedUrl: `${boards.url}${LEVER}` });

    const list = () => fetch(`${sys.url}/api/jobs`).then((r) => r.json() as Promise<{ id: number; title: string }[]>);
    const jobs = await until(async () => {
      const all = await list();
      return all.length === 3 ? all : undefined;
    });
    const remote = jobs.find((j) => j.title === 'Applied Scientist, Retrieval')!;
    const onsite = jobs.find((j) => j.title === 'Speech Model Trainer')!;

    const api = await fetch(`${sys.url}/api/jobs/${remote.id}`);
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({
      company: 'Acme Research',
      remote: true,
      applicantCountry: 'United States',
      validThrough: expect.any(String),
    });

    const page = await fetch(`${sys.url}/jobs/${remote.id}`);
    expect(page.status).toBe(200);
    const posting = jobPosting(await page.text())!;
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      title: 'Applied Scientist, Retrieval',
      // HTML, as Google wants it: the page's paragraphs, headings and lists, then the requirements.
      description: expect.stringContaining(
        '<p>Acme builds evaluation tools for language models.</p><p>Our story</p><h2>What you will do</h2><ul><li>Ship model evaluation pipelines</li>',
      ),
      datePosted: expect.any(String),
      validThrough: expect.any(String),
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Acme Research' },
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'United States' },
    });
    expect(posting.description).toContain('<h2>Qualifications</h2><ul><li>3+ years of Python</li>');
    expect(posting.description).not.toMatch(/##|<script|javascript:/);
    expect(posting).not.toHaveProperty('baseSalary');
    expect(posting).not.toHaveProperty('jobLocation');
    expect(new Date(posting.validThrough as string).getTime()).toBeGreaterThan(Date.now());

    const onsitePage = jobPosting(await (await fetch(`${sys.url}/jobs/${onsite.id}`)).text())!;
    expect(onsitePage).toMatchObject({
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Austin, TX' } },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: { '@type': 'QuantitativeValue', minValue: 140_000, maxValue: 175_000, unitText: 'YEAR' },
      },
    });
    expect(onsitePage).not.toHaveProperty('jobLocationType');

    const search = () => fetch(`${sys.url}/api/jobs/search?q=retrieval`).then((r) => r.json() as Promise<{ id: number }[]>);
    await until(async () => (await search()).some((r) => r.id === remote.id));

    // The board drops the remote job: the next collection closes it, and it leaves the list, search and its page.
    boards.routes.set(GH, {
      body: greenhouseBoard([{ id: 9102, title: 'Inference Engineer', location: 'Toronto, Canada' }]),
      contentType: 'application/json',
    });
    expect((await post(`/api/admin/sources/${gh.body.source.id}/collect`)).status).toBe(200);
    await until(async () => (await fetch(`${sys.url}/api/jobs/${remote.id}`)).status === 410);
    const gone = await (await fetch(`${sys.url}/api/jobs/${remote.id}`)).json();
    expect(gone).toEqual({ error: { status: 410, code: 'job_closed', message: 'This job is no longer open' } });
    expect((await list()).map((j) => j.id)).not.toContain(remote.id);
    await until(async () => !(await search()).some((r) => r.id === remote.id));
    // The page follows at once: it was read before the job closed, and is not kept.
    const closedRes = await fetch(`${sys.url}/jobs/${remote.id}`);
    expect(closedRes.status).toBe(410);
    const closedPage = await closedRes.text();
    expect(closedPage).toContain('This job is no longer open.');
    expect(closedPage).toMatch(/<meta[^>]*name="robots" content="noindex, nofollow"/);
    expect(jobPosting(closedPage)).toBeUndefined();
    expect(closedPage).not.toContain('Applied Scientist, Retrieval');

    const sources = (await adminCall(sys.url, cookie, '/api/admin/sources')).body.sources as {
      id: number;
      counters: Record<string, number>;
    }[];
    expect(sources.find((s) => s.id === gh.body.source.id)!.counters).toMatchObject({ items_seen: 1, items_closed: 1 });
    expect(await db()('jobs').where({ source_id: gh.body.source.id }).count<{ count: string }[]>()).toEqual([{ count: '2' }]);
  });

  it('gives crawlers no made-up place: a remote job with no country is TELECOMMUTE alone, a posting with no place has no jobLocation', async () => {
    boards.routes.set('/careers.xml', {
      body: rssFeed(
        [
          { title: 'Remote Agent Engineer', link: 'https://careers.example/1', guid: 'c-1', html: '<p>Build agents.</p>' },
          { title: 'Robotics Technician', link: 'https://careers.example/2', guid: 'c-2', html: '<p>Fix robots.</p>' },
        ],
        'Careers',
      ),
    });
    const feed = await post('/api/admin/sources', { name: 'Feed Careers', feedUrl: `${boards.url}/careers.xml`, kind: 'job-feed' });
    expect(feed.status).toBe(201);
    const jobs = await until(async () => {
      const rows = await db()('jobs').where({ source_id: feed.body.source.id }).orderBy('external_id');
      return rows.length === 2 ? rows : undefined;
    });
    expect(jobs.map((j) => [j.location, j.remote, j.country])).toEqual([
      ['Remote', true, null],
      ['See the posting', false, null],
    ]);
    const [remote, unplaced] = await Promise.all(jobs.map(async (j) => jobPosting(await (await fetch(`${sys.url}/jobs/${j.id}`)).text())!));
    expect(remote).toMatchObject({ jobLocationType: 'TELECOMMUTE', description: '<p>Build agents.</p>' });
    expect(remote).not.toHaveProperty('jobLocation');
    expect(remote).not.toHaveProperty('applicantLocationRequirements');
    expect(unplaced).toMatchObject({ title: 'Robotics Technician', description: '<p>Fix robots.</p>' });
    expect(unplaced).not.toHaveProperty('jobLocation');
    expect(unplaced).not.toHaveProperty('jobLocationType');
    // Visitors still read where to look.
    expect(await (await fetch(`${sys.url}/api/jobs/${jobs[1].id}`)).json()).toMatchObject({ location: 'See the posting' });
  });

  it('a collected job an operator deletes stays deleted: its board still lists it, and collecting again does not bring it back', async () => {
    const path = '/v1/boards/delta/jobs?content=true';
    const board = (ids: number[]) => ({
      body: greenhouseBoard(ids.map((id) => ({ id, title: `Delta Role ${id}`, location: 'Lyon, France' }))),
      contentType: 'application/json',
    });
    boards.routes.set(path, board([9301, 9302]));
    const source = (
      await post('/api/admin/sources', { name: 'Delta AI', feedUrl: `${boards.url}/v1/boards/delta/jobs`, kind: 'greenhouse' })
    ).body.source as { id: number };
    const jobsOfDelta = () => db()('jobs').where({ source_id: source.id }).orderBy('external_id');
    const [deleted] = await until(async () => {
      const rows = await jobsOfDelta();
      return rows.length === 2 ? rows : undefined;
    });

    const answer = await adminCall(sys.url, cookie, `/api/admin/jobs/${deleted.id}`, { method: 'DELETE' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Job "Delta Role 9301" was deleted');
    expect(await db()('admin_audit_log').where({ action: 'contentDelete' }).whereRaw(`params->>'name' = ?`, ['Delta Role 9301'])).toEqual([
      expect.objectContaining({
        affected_ids: [deleted.id],
        actor_username: 'operator',
        params: expect.objectContaining({ kind: 'jobs' }),
      }),
    ]);
    expect(await db()('dismissed_source_items').where({ source_id: source.id }).select('item_key')).toEqual([{ item_key: '9301' }]);

    // The board still lists it and gains a job: the new one comes, the deleted one does not.
    boards.routes.set(path, board([9301, 9302, 9303]));
    expect((await post(`/api/admin/sources/${source.id}/collect`)).status).toBe(200);
    const after = await until(async () => {
      const rows = await jobsOfDelta();
      return rows.length === 2 && rows.some((r) => r.external_id === '9303') ? rows : undefined;
    });
    expect(after.map((r) => r.external_id)).toEqual(['9302', '9303']);
    expect((await (await fetch(`${sys.url}/api/jobs`)).json()).map((j: { title: string }) => j.title)).not.toContain('Delta Role 9301');
    // An editorial job has no board: deleting it dismisses nothing.
    const editorial = await insertJob(db(), { title: 'Editorial Role' });
    expect((await adminCall(sys.url, cookie, `/api/admin/jobs/${editorial.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await db()('dismissed_source_items').count<{ count: string }[]>()).toEqual([{ count: '1' }]);
  });

  it("an operator's corrections to a collected job stand when its board changes it; the fields they did not change follow the board", async () => {
    const path = '/v1/boards/echo/jobs?content=true';
    const board = (title: string, html: string) => ({
      body: greenhouseBoard([{ id: 9401, title, location: 'Oslo, Norway', html }]),
      contentType: 'application/json',
    });
    boards.routes.set(path, board('ML Enginer', '<p>Train ranking models.</p>'));
    const source = (await post('/api/admin/sources', { name: 'Echo AI', feedUrl: `${boards.url}/v1/boards/echo/jobs`, kind: 'greenhouse' }))
      .body.source as { id: number };
    const collected = await until(() => db()('jobs').where({ source_id: source.id }).first());

    const patched = await adminCall(sys.url, cookie, `/api/admin/jobs/${collected.id}`, {
      method: 'PATCH',
      body: { title: 'ML Engineer', location: collected.location },
    });
    expect(patched.status).toBe(200);
    expect(await db()('jobs').where({ id: collected.id }).first()).toMatchObject({ operator_edited_fields: ['title'] });

    boards.routes.set(path, board('ML Enginer, Ranking', '<p>Train and ship ranking models.</p>'));
    expect((await post(`/api/admin/sources/${source.id}/collect`)).status).toBe(200);
    const after = await until(async () => {
      const row = await db()('jobs').where({ id: collected.id }).first();
      return row.description.includes('ship') ? row : undefined;
    });
    expect(after).toMatchObject({ title: 'ML Engineer', location: 'Oslo, Norway', closed_at: null });
  });

  it('closes a job past JOB_MAX_AGE_DAYS with no board collected (the pipeline sweep), and it leaves the list', async () => {
    const old = await insertJob(db(), { title: 'Long Gone Engineer', created_at: daysAgo(46) });
    await until(async () => (await db()('jobs').where({ id: old.id }).first()).closed_at !== null);
    expect((await fetch(`${sys.url}/api/jobs/${old.id}`)).status).toBe(410);
    const listed = (await (await fetch(`${sys.url}/api/jobs`)).json()) as { id: number }[];
    expect(listed.map((j) => j.id)).not.toContain(old.id);
  });

  it('refuses an unknown kind and a board URL that is not the board API, naming the field', async () => {
    const kind = await post('/api/admin/sources', { name: 'X', feedUrl: 'https://x.example/feed', kind: 'podcast' });
    expect({ status: kind.status, field: kind.body.error.field }).toEqual({ status: 400, field: 'kind' });
    expect(kind.body.error.message).toBe('kind must be one of: news, ical, event-feed, greenhouse, lever, job-feed');
    const url = await post('/api/admin/sources', { name: 'X', feedUrl: 'https://jobs.lever.co/acme', kind: 'lever' });
    expect({ status: url.status, field: url.body.error.field }).toEqual({ status: 400, field: 'feedUrl' });
  });
});
