import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createRedis } from '@neuralbeat/common';
import { SEARCH_KINDS, searchResultSchemas, type SearchKind } from '@neuralbeat/common/contracts';
import { PostgresSearchEngine } from '../../../services/search/src/engine/postgresEngine';
import { ContentClient } from '../../../services/search/src/contentClient';
import { SearchResultCache } from '../../../services/search/src/services/resultCache';
import { reindex } from '../../../services/search/src/services/reindex';
import { startSystem, type RunningSystem } from '../../support/system';
import { insertEvent, insertJob, insertNewsItem, insertResource, insertTool } from '../../support/factories';

let sys: RunningSystem;
const get = async (path: string) => {
  const res = await fetch(`${sys.url}${path}`);
  const text = await res.text();
  return { status: res.status, total: res.headers.get('x-total-count'), type: res.headers.get('content-type'), body: JSON.parse(text) };
};
const search = (kind: SearchKind, q: string, extra = '') => get(`/api/${kind}/search?q=${encodeURIComponent(q)}${extra}`);

/** The keys of each kind's results (contracts/search.ts), plus the additive `why` (and tags where the result cards show them). */
const KEYS: Record<SearchKind, string[]> = {
  news: ['category', 'excerpt', 'id', 'publishDate', 'slug', 'tags', 'title', 'why'],
  tools: ['description', 'id', 'name', 'slug', 'tags', 'why'],
  resources: ['difficultyLevel', 'id', 'publishedAt', 'slug', 'summary', 'tags', 'title', 'why'],
  events: ['description', 'id', 'location', 'name', 'slug', 'startDate', 'why'],
  jobs: ['company', 'description', 'id', 'jobType', 'location', 'title', 'why'],
};

beforeAll(async () => {
  sys = await startSystem();
  const db = sys.database.db;
  // Rows written straight to the tables announce nothing: the reindex below is what indexes them.
  await insertNewsItem(db, {
    title: 'Nebula model tops the reasoning charts',
    slug: 'nebula-tops',
    excerpt: 'A new open model.',
    publish_date: new Date('2026-03-01'),
  });
  await insertNewsItem(db, {
    title: 'Chip makers brace for demand',
    slug: 'chip-demand',
    excerpt: 'Nebula training runs drive orders.',
    publish_date: new Date('2026-03-05'),
  });
  await insertNewsItem(db, {
    title: 'Weekly roundup',
    slug: 'weekly-roundup',
    excerpt: 'Everything else.',
    content: '<p>Also this week: the <b>nebula</b> release notes.</p>',
    publish_date: new Date('2026-03-09'),
  });
  await insertNewsItem(db, { title: 'Anthropic ships a console update', slug: 'anthropic-console', excerpt: 'Tools for teams.' });
  await insertTool(db, {
    name: 'Nebula Studio',
    slug: 'nebula-studio',
    short_description: 'Prompt workbench for teams',
    tags: ['prompts', 'llm', 'teams', 'testing', 'evals', 'ops'],
  });
  await insertTool(db, { name: 'Hidden Nebula', slug: 'hidden-nebula', approved: false });
  await insertResource(db, {
    title: 'Nebula models, a beginner guide',
    slug: 'nebula-guide',
    summary: 'What they are.',
    difficulty_level: 'Beginner',
    tags: ['basics'],
  });
  await insertEvent(db, { name: 'Nebula Summit', slug: 'nebula-summit', location: 'Lisbon, Portugal' });
  await insertEvent(db, { name: 'Nebula Private Preview', slug: 'nebula-private', published: false });
  await insertJob(db, { title: 'Nebula Platform Engineer', company: 'Orbital AI', location: 'Remote', job_type: 'Contract' });

  const redis = createRedis(sys.config.REDIS_URL);
  const cache = new SearchResultCache({ ttlSeconds: 0, redis, prefix: sys.config.REDIS_PREFIX });
  await reindex({
    db,
    engine: new PostgresSearchEngine(db),
    content: new ContentClient(sys.services.content.url),
    logger: createLogger('test', 'silent'),
    onChange: () => cache.invalidate(),
  });
  redis.disconnect();
});
afterAll(async () => sys.stop());

describe('GET /api/{kind}/search', () => {
  it('answers every kind with its result shape plus why, and the total in X-Total-Count', async () => {
    for (const kind of SEARCH_KINDS) {
      const res = await search(kind, 'nebula');
      expect(res.status, kind).toBe(200);
      expect(res.body.length, kind).toBeGreaterThan(0);
      for (const hit of res.body) {
        expect(Object.keys(hit).sort(), kind).toEqual(KEYS[kind]);
        expect(searchResultSchemas[kind].safeParse(hit).success, kind).toBe(true);
      }
      expect(res.total, kind).toBe(String(res.body.length));
    }
  });

  it('lists only what visitors can see: no unapproved tool, no unpublished event', async () => {
    expect((await search('tools', 'nebula')).body.map((t: { slug: string }) => t.slug)).toEqual(['nebula-studio']);
    expect((await search('events', 'nebula')).body.map((e: { slug: string }) => e.slug)).toEqual(['nebula-summit']);
  });

  it('puts the best match first: title, then excerpt, then body', async () => {
    const res = await search('news', 'nebula');
    expect(res.body.map((n: { slug: string }) => n.slug)).toEqual(['nebula-tops', 'chip-demand', 'weekly-roundup']);
    expect(res.body.map((n: { why: { field: string } }) => n.why.field)).toEqual(['title', 'excerpt', 'body']);
    expect(res.body[2].why.snippet).toContain('the nebula release notes');
  });

  it('matches while typing and despite typos, and says how', async () => {
    expect((await search('news', 'nebu')).body[0]).toMatchObject({
      slug: 'nebula-tops',
      why: { field: 'title', match: 'prefix', terms: ['nebula'] },
    });
    expect((await search('news', 'antropic')).body[0]).toMatchObject({
      slug: 'anthropic-console',
      why: { field: 'title', match: 'typo', terms: ['anthropic'] },
    });
    expect((await search('jobs', 'orbital')).body[0]).toMatchObject({ company: 'Orbital AI', why: { field: 'tags', match: 'exact' } });
  });

  it('returns the best `limit` and counts them all', async () => {
    const res = await search('news', 'nebula', '&limit=1');
    expect(res.body.map((n: { slug: string }) => n.slug)).toEqual(['nebula-tops']);
    expect(res.total).toBe('3');
    for (const limit of ['0', '101', 'ten', '1.5']) {
      const bad = await search('news', 'nebula', `&limit=${limit}`);
      expect(bad.status, limit).toBe(400);
      expect(bad.body.error.field, limit).toBe('limit');
    }
  });

  it('answers a blank, missing or repeated q with a 400 naming q', async () => {
    for (const path of ['/api/news/search', '/api/news/search?q=', '/api/tools/search?q=%20%20%09', '/api/jobs/search?q=a&q=b']) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error, path).toMatchObject({ status: 400, code: 'validation_failed', field: 'q' });
    }
  });

  it('never answers odd or hostile queries with a 500', async () => {
    const raw = [
      'a'.repeat(1000),
      'nebula '.repeat(140).slice(0, 1000),
      '"nebula"',
      "'nebula'",
      'nebula AND chip',
      'nebula OR chip',
      '-nebula',
      'nebula:*',
      ':*',
      '&|!()<->',
      "'; DROP TABLE search_documents; --",
      '1 OR 1=1',
      'C:\\path\\',
      '\\',
      '🚀 nebula 🤖',
      '🚀',
      'Ｎｅｂｕｌａ',
      'ne\u0301bula',
    ];
    for (const q of raw) {
      const res = await search('news', q);
      expect(res.status, q).toBe(200);
      expect(Array.isArray(res.body), q).toBe(true);
    }
    expect((await search('news', '"nebula"')).body[0].slug).toBe('nebula-tops');
    expect((await search('news', 'Ｎｅｂｕｌａ')).body[0].slug).toBe('nebula-tops');
    // Percent-escapes that are not UTF-8, a NUL byte, a lone surrogate.
    for (const escaped of ['%E0%A4%A', '%FF', '%C0%AF', '%ED%A0%80', '%00', 'nebula%00', '%', '%%', '%uD83D']) {
      const res = await get(`/api/news/search?q=${escaped}`);
      expect(res.status, escaped).toBeLessThan(500);
      expect(res.type, escaped).toMatch(/json/);
    }
    const tooLong = await search('news', 'a'.repeat(1001));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.field).toBe('q');
  });
});

describe('content search sources (internal, for the indexer)', () => {
  const internal = async (path: string) => {
    const res = await fetch(`${sys.services.content.url}/internal/search-sources${path}`);
    return { status: res.status, body: (await res.json()) as any };
  };

  it('pages through the visible records of a kind in id order', async () => {
    const first = await internal('/events?after=0&limit=1');
    expect(first.status).toBe(200);
    expect(first.body.items.map((e: { slug: string }) => e.slug)).toEqual(['nebula-summit']);
    expect(first.body.next).toBe(first.body.items[0].id);
    const rest = await internal(`/events?after=${first.body.next}&limit=1`);
    // The unpublished event is never handed over.
    expect(rest.body).toEqual({ items: [], next: null });
  });

  it('answers one record, 404 when hidden, and 400 naming a bad kind or id', async () => {
    const hidden = await sys.database.db('tools').where({ slug: 'hidden-nebula' }).first('id');
    expect((await internal(`/tools/${hidden.id}`)).status).toBe(404);
    const shown = await sys.database.db('tools').where({ slug: 'nebula-studio' }).first('id');
    expect((await internal(`/tools/${shown.id}`)).body).toMatchObject({
      slug: 'nebula-studio',
      shortDescription: 'Prompt workbench for teams',
    });
    expect((await internal('/recipes')).body.error.field).toBe('kind');
    expect((await internal('/tools/abc')).body.error.field).toBe('id');
    expect((await internal('/tools?limit=5000')).body.error.field).toBe('limit');
  });
});
