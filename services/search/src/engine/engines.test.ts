import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Meilisearch } from 'meilisearch';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '../../../../tests/support/testEnv';
import { migrateSearch } from '../db/migrate';
import { PostgresSearchEngine } from './postgresEngine';
import { MeilisearchEngine } from './meilisearchEngine';
import type { SearchDocument, SearchEngine, SearchKind } from './SearchEngine';
import { queryWords } from './text';

const DAY = 86_400_000;
const doc = (
  kind: SearchKind,
  refId: number,
  fields: Partial<Omit<SearchDocument, 'kind' | 'refId'>> & { title: string },
): SearchDocument => ({
  kind,
  refId,
  tags: [],
  excerpt: '',
  body: '',
  publishedAt: new Date(Date.UTC(2026, 0, 1) + refId * DAY).toISOString(),
  result: { id: refId, title: fields.title },
  ...fields,
});
const tool = (refId: number, title: string, fields: Partial<SearchDocument> = {}) => doc('tools', refId, { title, ...fields });

const search = (engine: SearchEngine, kind: SearchKind, q: string, limit = 10) => engine.search(kind, queryWords(q), limit);
const ids = async (engine: SearchEngine, kind: SearchKind, q: string) => (await search(engine, kind, q)).hits.map((h) => h.result.id);

/** The behaviour every engine must share: the one suite both engines pass. */
function engineSuite(name: string, make: () => Promise<{ engine: SearchEngine; cleanup: () => Promise<void> }>) {
  describe(name, () => {
    let engine: SearchEngine;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ engine, cleanup } = await make());
      await engine.upsertMany([
        // One word, "orbit", in a different field of each; the body match is the newest, the title match the oldest.
        tool(1, 'Orbit Planner', { publishedAt: '2025-01-01T00:00:00Z' }),
        tool(2, 'Route Mapper', { tags: ['orbit', 'space'], publishedAt: '2025-02-01T00:00:00Z' }),
        tool(3, 'Launch Desk', { excerpt: 'Schedules every orbit of a satellite fleet', publishedAt: '2025-03-01T00:00:00Z' }),
        tool(4, 'Mission Log', {
          body: 'Keeps a log of each mission, from launch to a stable orbit and beyond.',
          publishedAt: '2025-04-01T00:00:00Z',
        }),
        // Two title matches: the newer ranks first.
        tool(5, 'Orbit Studio', { publishedAt: '2025-05-01T00:00:00Z' }),
        tool(10, 'Transformer Lab', { excerpt: 'Fine-tune transformer models on your own data', tags: ['llm'] }),
        tool(11, 'Anthropic Console', { excerpt: 'Build with Claude models', tags: ['llm', 'api'] }),
        tool(12, 'Stable Diffusion XL', { excerpt: 'Open image generation model', tags: ['image'] }),
        tool(13, 'Label Studio', { excerpt: 'Data labelling for machine learning', tags: ['data'] }),
        tool(14, 'Diffusion Bee', { excerpt: 'Image generation on your Mac', tags: ['image'] }),
        tool(15, 'Canvas Painter', { excerpt: 'Generative image studio for illustrators', tags: ['image'] }),
        tool(16, 'Transcribe Pro', { excerpt: 'Speech to text for meetings', tags: ['audio'] }),
      ]);
      // Engines that keep a typo dictionary build it after bulk loads.
      await engine.finishReindex('tools');
    });
    afterAll(async () => cleanup());

    it('ranks a title match above tags above excerpt above body, newest first among equals', async () => {
      expect(await ids(engine, 'tools', 'orbit')).toEqual([5, 1, 2, 3, 4]);
    });

    it('matches a partial last word while typing', async () => {
      expect(await ids(engine, 'tools', 'transcri')).toEqual([16]);
      expect(await ids(engine, 'tools', 'orbit stu')).toEqual([5]);
      const page = await search(engine, 'tools', 'transcri');
      expect(page.hits[0]!.why).toMatchObject({ field: 'title', match: 'prefix', terms: ['transcribe'] });
    });

    it('matches English word forms (stemming)', async () => {
      expect(await ids(engine, 'tools', 'painters')).toEqual([15]);
      expect(await ids(engine, 'tools', 'generating')).toEqual(expect.arrayContaining([15]));
      const why = (await search(engine, 'tools', 'painters')).hits[0]!.why;
      expect(why).toMatchObject({ field: 'title', match: 'exact', terms: ['painter'] });
    });

    it('finds the intended item despite one or two typos', async () => {
      expect((await ids(engine, 'tools', 'transfomer'))[0]).toBe(10);
      expect((await ids(engine, 'tools', 'antropic'))[0]).toBe(11);
      expect((await ids(engine, 'tools', 'stabel difusion'))[0]).toBe(12);
      expect((await ids(engine, 'tools', 'transfromer'))[0]).toBe(10);
      const why = (await search(engine, 'tools', 'antropic')).hits[0]!.why;
      expect(why).toMatchObject({ field: 'title', match: 'typo', terms: ['anthropic'] });
    });

    it('does not take another word for a typo: two letters more is not a slip', async () => {
      // As "openai" must not turn into "open": beyond the typo budget (one edit at this length, or one swap).
      expect(await ids(engine, 'tools', 'canvasai')).toEqual([]);
      expect(await ids(engine, 'tools', 'labelai')).toEqual([]);
    });

    it('says which field matched, with a passage for a body match', async () => {
      const byId = new Map((await search(engine, 'tools', 'orbit')).hits.map((h) => [h.result.id, h.why]));
      expect(byId.get(2)).toMatchObject({ field: 'tags', match: 'exact' });
      expect(byId.get(3)).toMatchObject({ field: 'excerpt', match: 'exact' });
      expect(byId.get(4)).toMatchObject({ field: 'body', match: 'exact', terms: ['orbit'] });
      expect(byId.get(4)!.snippet).toContain('a stable orbit and beyond');
    });

    it('requires every word and counts all matches beyond the limit', async () => {
      expect(await ids(engine, 'tools', 'orbit planner')).toEqual([1]);
      const page = await search(engine, 'tools', 'orbit', 2);
      expect(page.hits.map((h) => h.result.id)).toEqual([5, 1]);
      expect(page.total).toBe(5);
      expect(await search(engine, 'tools', 'zebra')).toEqual({ hits: [], total: 0 });
    });

    it('replaces a document on upsert and forgets it on remove', async () => {
      await engine.upsert(tool(20, 'Meeting Scribe', { excerpt: 'Speech notes' }));
      expect(await ids(engine, 'tools', 'scribe')).toEqual([20]);
      await engine.upsert(tool(20, 'Meeting Scribe', { excerpt: 'Summaries of calls' }));
      expect(await ids(engine, 'tools', 'speech')).toEqual([16]);
      expect(await ids(engine, 'tools', 'summaries')).toEqual([20]);
      await engine.remove('tools', 20);
      expect(await ids(engine, 'tools', 'scribe')).toEqual([]);
    });

    it('indexes all five kinds and keeps them apart', async () => {
      const kinds: SearchKind[] = ['news', 'tools', 'resources', 'events', 'jobs'];
      await engine.upsertMany(kinds.map((kind, i) => doc(kind, 100 + i, { title: `Quasar ${kind} item` })));
      for (const [i, kind] of kinds.entries()) expect(await ids(engine, kind, 'quasar')).toEqual([100 + i]);
      expect(await ids(engine, 'news', 'canvas')).toEqual([]);
    });

    it('removes what a reindex did not touch and counts documents', async () => {
      const before = await engine.count();
      await new Promise((r) => setTimeout(r, 5));
      const since = new Date();
      await engine.upsertMany([doc('jobs', 200, { title: 'Quasar analyst' })]);
      await engine.removeStale('jobs', since);
      expect(await ids(engine, 'jobs', 'quasar')).toEqual([200]);
      expect(await engine.count()).toBe(before);
    });

    it('leaves out a job past its validThrough, though it is still indexed (the sweep has not closed it yet)', async () => {
      const at = (ms: number) => new Date(Date.now() + ms).toISOString();
      await engine.upsertMany([
        doc('jobs', 310, { title: 'Pulsar astronomer', validThrough: at(-1000) }),
        doc('jobs', 311, { title: 'Pulsar analyst', validThrough: at(DAY) }),
        doc('jobs', 312, { title: 'Pulsar researcher', validThrough: null }),
      ]);
      expect(await search(engine, 'jobs', 'pulsar')).toMatchObject({ total: 2, hits: [{ result: { id: 312 } }, { result: { id: 311 } }] });
      // Closing a second from now: found until then, not after.
      await engine.upsert(doc('jobs', 313, { title: 'Pulsar designer', validThrough: at(1000) }));
      expect(await ids(engine, 'jobs', 'designer')).toEqual([313]);
      await new Promise((r) => setTimeout(r, 1100));
      expect(await search(engine, 'jobs', 'designer')).toEqual({ hits: [], total: 0 });
    });

    it('takes operators, quotes and code in a query as plain words', async () => {
      for (const q of ['orbit:*', '"orbit"', "orbit'); --", 'orbit\\', 'ORBIT', '(orbit)', 'órbit']) {
        expect((await ids(engine, 'tools', q))[0], q).toBe(5);
      }
      // "&", "!" and "-" are not operators: both words must match, so only the Orbit Planner does.
      expect(await ids(engine, 'tools', 'orbit & !planner')).toEqual([1]);
      expect(await ids(engine, 'tools', 'orbit -planner')).toEqual([1]);
      expect(await ids(engine, 'tools', "x' OR 1=1; DROP TABLE search_documents; --")).toEqual([]);
      expect(await engine.count()).toBeGreaterThan(0);
    });
  });
}

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await migrateSearch(t.db);
});
afterAll(async () => t.drop());

engineSuite('Postgres full-text engine', async () => ({ engine: new PostgresSearchEngine(t.db), cleanup: async () => {} }));

it('keeps the Postgres typo dictionary counts exact as documents change', async () => {
  const engine = new PostgresSearchEngine(t.db);
  const docs = async (term: string) => (await t.db('search_terms').where({ kind: 'events', term }).first('docs'))?.docs ?? 0;
  await engine.upsert(doc('events', 1, { title: 'Robotics Summit' }));
  await engine.upsert(doc('events', 2, { title: 'Robotics Expo' }));
  expect([await docs('robotics'), await docs('summit'), await docs('expo')]).toEqual([2, 1, 1]);
  await engine.upsert(doc('events', 2, { title: 'Vision Expo' }));
  await engine.remove('events', 1);
  expect([await docs('robotics'), await docs('summit'), await docs('vision')]).toEqual([0, 0, 1]);
});

it('leaves numbers out of the Postgres typo dictionary', async () => {
  const engine = new PostgresSearchEngine(t.db);
  await engine.upsert(doc('jobs', 300, { title: 'Rover Engineer 2041', excerpt: 'Team 512' }));
  const terms = await t
    .db('search_terms')
    .where({ kind: 'jobs' })
    .whereIn('term', ['rover', 'engineer', '2041', '512'])
    .orderBy('term')
    .pluck('term');
  expect(terms).toEqual(['engineer', 'rover']);
});

it('answers a word found in more documents than it ranks: title matches first, newest first, and an estimated total', async () => {
  const engine = new PostgresSearchEngine(t.db);
  // 1,500 resources with "nebula": every third in its title, the rest in the excerpt only.
  await engine.upsertMany(
    Array.from({ length: 1500 }, (_, i) =>
      i % 3 === 0
        ? doc('resources', i + 1, { title: `Nebula guide ${i + 1}` })
        : doc('resources', i + 1, { title: `Star guide ${i + 1}`, excerpt: 'Where a nebula forms' }),
    ),
  );
  await engine.finishReindex('resources');
  const page = await search(engine, 'resources', 'nebula');
  expect(page.hits.map((h) => h.result.id)).toEqual([1498, 1495, 1492, 1489, 1486, 1483, 1480, 1477, 1474, 1471]);
  expect(page.hits.every((h) => h.why.field === 'title')).toBe(true);
  expect(page.total).toBeGreaterThan(1400);
  expect(page.total).toBeLessThan(1600);
});

it('keeps the GIN pending lists short, and empties them at the end of a reindex (every search reads them in full)', async () => {
  const gin = async () =>
    (
      await t.db.raw<{ rows: { name: string; options: string[] | null }[] }>(
        `SELECT c.relname AS name, c.reloptions AS options FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
         WHERE am.amname = 'gin' AND i.indrelid IN ('search_documents'::regclass, 'search_terms'::regclass) ORDER BY 1`,
      )
    ).rows;
  const indexes = await gin();
  expect(indexes.map((i) => i.name)).toEqual(
    expect.arrayContaining(['search_documents_events_head_tsv_idx', 'search_documents_events_tsv_idx']),
  );
  for (const index of indexes) expect(index.options).toContain('gin_pending_list_limit=256');

  await t.db.raw('CREATE EXTENSION IF NOT EXISTS pgstattuple');
  const pending = async () =>
    Number((await t.db.raw(`SELECT pending_tuples FROM pgstatginindex('search_documents_events_head_tsv_idx')`)).rows[0].pending_tuples);
  const engine = new PostgresSearchEngine(t.db);
  await engine.upsertMany(
    Array.from({ length: 200 }, (_, i) => doc('events', 5000 + i, { title: `Summit on nebula ${i}`, excerpt: 'Talks and workshops' })),
  );
  expect(await pending()).toBeGreaterThan(0);
  await engine.finishReindex('events');
  expect(await pending()).toBe(0);
});

const MEILI_HOST = process.env.MEILI_HOST ?? 'http://127.0.0.1:7700';
const meiliUp = await fetch(`${MEILI_HOST}/health`, { signal: AbortSignal.timeout(1000) }).then(
  (r) => r.ok,
  () => false,
);
if (meiliUp) {
  engineSuite('Meilisearch engine', async () => {
    const prefix = testRedisPrefix();
    return {
      engine: new MeilisearchEngine(MEILI_HOST, process.env.MEILI_API_KEY, prefix),
      cleanup: async () => {
        const client = new Meilisearch({ host: MEILI_HOST, apiKey: process.env.MEILI_API_KEY });
        for (const kind of ['news', 'tools', 'resources', 'events', 'jobs']) await client.deleteIndex(`${prefix}_${kind}`).waitTask();
      },
    };
  });
} else {
  console.log(`Meilisearch engine suite SKIPPED: no Meilisearch server answered at ${MEILI_HOST} (set MEILI_HOST to run it).`);
}
