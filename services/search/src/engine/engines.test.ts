import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '../../../../tests/support/testEnv';
import { migrateSearch } from '../db/migrate';
import { PostgresSearchEngine } from './postgresEngine';
import { MeilisearchEngine } from './meilisearchEngine';
import type { SearchDocument, SearchEngine } from './SearchEngine';

const tool = (refId: number, title: string, body: string, tags: string[] = []): SearchDocument => ({
  kind: 'tools',
  refId,
  title,
  body,
  tags,
  publishedAt: new Date(Date.UTC(2026, 0, refId)).toISOString(),
  result: { id: refId, name: title },
});

/** The behaviour every engine must share. */
function engineSuite(name: string, make: () => Promise<SearchEngine>) {
  describe(name, () => {
    let engine: SearchEngine;
    beforeAll(async () => {
      engine = await make();
      await engine.upsert(tool(1, 'Canvas Painter', 'Generative image studio for illustrators', ['image']));
      await engine.upsert(tool(2, 'Code Pilot', 'An assistant that writes generative code completions', ['coding']));
      await engine.upsert(tool(3, 'Transcribe Pro', 'Speech to text for meetings', ['audio']));
    });

    it('ranks a title match above a body match and matches prefixes', async () => {
      const hits = await engine.search('tools', 'generat', 10);
      expect(hits.map((h) => h.id)).toEqual(expect.arrayContaining([1, 2]));
      expect((await engine.search('tools', 'canvas', 10)).map((h) => h.id)).toEqual([1]);
      expect((await engine.search('tools', 'transcri', 10)).map((h) => h.id)).toEqual([3]);
    });

    it('replaces a document on upsert and forgets it on remove', async () => {
      await engine.upsert(tool(3, 'Transcribe Pro', 'Meeting notes and summaries', ['audio']));
      expect(await engine.search('tools', 'speech', 10)).toEqual([]);
      await engine.remove('tools', 3);
      expect(await engine.search('tools', 'transcribe', 10)).toEqual([]);
    });

    it('keeps kinds apart', async () => {
      expect(await engine.search('news', 'canvas', 10)).toEqual([]);
    });
  });
}

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await migrateSearch(t.db);
});
afterAll(async () => t.drop());

engineSuite('Postgres full-text engine', async () => new PostgresSearchEngine(t.db));

it('tolerates a typo through the trigram fallback (Postgres)', async () => {
  const engine = new PostgresSearchEngine(t.db);
  await engine.upsert(tool(10, 'Midjourney', 'Image generation from prompts'));
  expect((await engine.search('tools', 'midjorney', 10)).map((h) => h.id)).toEqual([10]);
});

if (process.env.MEILI_HOST) {
  engineSuite('Meilisearch engine', async () => new MeilisearchEngine(process.env.MEILI_HOST!, process.env.MEILI_API_KEY, testRedisPrefix()));
} else {
  console.log('Meilisearch engine tests skipped: MEILI_HOST is not set (no Meilisearch server on this machine).');
}
