import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventSchema, jobSchema, resourceSchema, aiStatsSchema } from '@neuralbeat/common/contracts';
import { startSystem, type RunningSystem } from '../../support/system';
import { insertEvent, insertJob, insertNewsItem, insertResource } from '../../support/factories';

let sys: RunningSystem;
const get = async (path: string) => {
  const res = await fetch(`${sys.url}${path}`);
  return { status: res.status, body: (await res.json()) as any };
};
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${sys.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};
const day = 86_400_000;

beforeAll(async () => {
  sys = await startSystem();
});
afterAll(async () => sys.stop());

describe('resources', () => {
  it('lists newest first, filters by category and limit, finds by slug', async () => {
    const db = sys.database.db;
    await insertResource(db, { slug: 'ml-intro', category: 'Machine Learning', published_at: new Date('2026-03-01') });
    await insertResource(db, {
      slug: 'ethics-101',
      category: 'AI Ethics',
      difficulty_level: 'Advanced',
      published_at: new Date('2026-05-01'),
    });
    await insertResource(db, {
      slug: 'nlp-guide',
      category: 'NLP',
      difficulty_level: 'Intermediate',
      published_at: new Date('2026-04-01'),
    });
    const all = z.array(resourceSchema).parse((await get('/api/resources')).body);
    expect(all.map((r) => r.slug)).toEqual(['ethics-101', 'nlp-guide', 'ml-intro']);
    expect((await get('/api/resources?limit=2')).body.map((r: { slug: string }) => r.slug)).toEqual(['ethics-101', 'nlp-guide']);
    expect((await get('/api/resources?category=NLP')).body.map((r: { slug: string }) => r.slug)).toEqual(['nlp-guide']);
    const one = resourceSchema.parse((await get('/api/resources/nlp-guide')).body);
    expect(one.difficultyLevel).toBe('Intermediate');
  });

  it('rejects an unknown category or bad limit naming the field, and 404s a missing slug', async () => {
    const bad = await get('/api/resources?category=Cooking');
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('category');
    expect((await get('/api/resources?limit=-3')).body.error.field).toBe('limit');
    const missing = await get('/api/resources/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Resource not found');
  });
});

describe('events', () => {
  it('lists all published events by start date and upcoming ones from today', async () => {
    const db = sys.database.db;
    const now = Date.now();
    await insertEvent(db, { slug: 'past-summit', start_date: new Date(now - 40 * day), end_date: new Date(now - 38 * day) });
    await insertEvent(db, { slug: 'ongoing-week', start_date: new Date(now - 2 * day), end_date: new Date(now + 2 * day) });
    await insertEvent(db, { slug: 'future-conf', start_date: new Date(now + 20 * day), end_date: null });
    await insertEvent(db, { slug: 'hidden', start_date: new Date(now + 5 * day), published: false });
    const all = z.array(eventSchema).parse((await get('/api/events')).body);
    expect(all.map((e) => e.slug)).toEqual(['past-summit', 'ongoing-week', 'future-conf']);
    const upcoming = z.array(eventSchema).parse((await get('/api/events/upcoming')).body);
    expect(upcoming.map((e) => e.slug)).toEqual(['ongoing-week', 'future-conf']);
    expect(eventSchema.parse((await get('/api/events/future-conf')).body).endDate).toBeNull();
    const missing = await get('/api/events/hidden');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Event not found');
  });
});

describe('jobs', () => {
  it('lists newest first, features the 2 newest, finds by id, validates the id', async () => {
    const db = sys.database.db;
    const a = await insertJob(db, { title: 'Old role', created_at: new Date(Date.now() - 10 * day) });
    await insertJob(db, {
      title: 'Mid role',
      job_type: 'Contract',
      remote: true,
      salary_range: '$100k',
      created_at: new Date(Date.now() - 5 * day),
    });
    await insertJob(db, { title: 'New role', job_type: 'Part-time', created_at: new Date(Date.now() - day) });
    const all = z.array(jobSchema).parse((await get('/api/jobs')).body);
    expect(all.map((j) => j.title)).toEqual(['New role', 'Mid role', 'Old role']);
    expect((await get('/api/jobs/featured')).body.map((j: { title: string }) => j.title)).toEqual(['New role', 'Mid role']);
    expect(jobSchema.parse((await get(`/api/jobs/${a.id}`)).body).title).toBe('Old role');
    expect((await get('/api/jobs/abc')).body.error).toMatchObject({ status: 400, field: 'id' });
    expect((await get('/api/jobs/-4')).status).toBe(400);
    const missing = await get('/api/jobs/987654');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Job not found');
  });
});

describe('a job past its validThrough, not yet closed by the sweep', () => {
  it('is gone at once: from the lists, its answer (410), the sitemap and the search sources', async () => {
    const db = sys.database.db;
    const open = await insertJob(db, { title: 'Dated open role', valid_through: new Date(Date.now() + day) });
    const past = await insertJob(db, { title: 'Dated past role', valid_through: new Date(Date.now() - 60_000) });
    expect(past.closed_at).toBeNull();
    const titles = async (path: string) => (await get(path)).body.map((j: { title: string }) => j.title);
    expect(await titles('/api/jobs')).toContain('Dated open role');
    expect(await titles('/api/jobs')).not.toContain('Dated past role');
    expect(await titles('/api/jobs/featured')).not.toContain('Dated past role');
    expect((await get(`/api/jobs/${open.id}`)).status).toBe(200);
    expect((await get(`/api/jobs/${past.id}`)).body).toEqual({
      error: { status: 410, code: 'job_closed', message: 'This job is no longer open' },
    });
    const sitemap = await (await fetch(`${sys.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`/jobs/${open.id}<`);
    expect(sitemap).not.toContain(`/jobs/${past.id}<`);
    const source = (path: string) => fetch(`${sys.services.content.url}/internal/search-sources/jobs${path}`);
    expect((await source(`/${open.id}`)).status).toBe(200);
    expect((await source(`/${past.id}`)).status).toBe(404);
    const page = (await (await source('?after=0&limit=100')).json()) as { items: { id: number }[] };
    expect(page.items.map((r) => r.id)).toContain(open.id);
    expect(page.items.map((r) => r.id)).not.toContain(past.id);
  });
});

describe('POST /api/newsletter/subscribe', () => {
  it('stores an address once, trimmed with its domain lower-cased, and answers the same for a repeat', async () => {
    const first = await post('/api/newsletter/subscribe', { email: ' Reader@Example.com ' });
    const again = await post('/api/newsletter/subscribe', { email: 'Reader@example.COM' });
    expect(first).toEqual({ status: 200, body: { message: 'Check your inbox to confirm your subscription.' } });
    expect(again).toEqual(first);
    const rows = await sys.database.db('newsletters').where({ email: 'Reader@example.com' });
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('pending');
  });

  it.each([
    {},
    { email: '' },
    { email: 'no-at-sign' },
    { email: 'two@@x.com' },
    { email: 'a b@x.com' },
    { email: 'a@nodot' },
    { email: 42 },
  ])('rejects %j naming the email field', async (body) => {
    const res = await post('/api/newsletter/subscribe', body);
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('email');
  });
});

describe('GET /api/ai-stats', () => {
  it('breaks the feed down by provider and SEO status, and caches the answer', async () => {
    const db = sys.database.db;
    await insertNewsItem(db, { ai_provider: 'openai', seo_status: 'completed' });
    await insertNewsItem(db, { ai_provider: 'openai', seo_status: 'completed' });
    await insertNewsItem(db, { ai_provider: 'gemini', seo_status: 'pending' });
    await insertNewsItem(db, { ai_provider: null, seo_status: 'failed' });
    const stats = aiStatsSchema.parse((await get('/api/ai-stats')).body);
    expect(stats.totalArticles).toBe(4);
    expect(stats.providers).toEqual([
      { id: 'openai', name: 'OpenAI', articleCount: 2, percentage: 50 },
      { id: 'gemini', name: 'Google Gemini', articleCount: 1, percentage: 25 },
      { id: 'legacy', name: 'Legacy (Unknown)', articleCount: 1, percentage: 25 },
    ]);
    expect(stats.seo).toEqual({ optimizationPercentage: 50, statuses: { pending: 1, processing: 0, completed: 2, failed: 1 } });

    await insertNewsItem(db, { ai_provider: 'gemini' });
    expect(aiStatsSchema.parse((await get('/api/ai-stats')).body).totalArticles).toBe(4);
  });
});
