import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Knex } from '@neuralbeat/common';
import { migrateToLatest } from '../../../services/content/src/db/migrate';
import { seedEssentials } from '../../../services/content/src/db/seeds/essentials';
import { startContent } from '../../../services/content/src/server';
import { startSearch } from '../../../services/search/src/server';
import { startPipeline } from '../../../services/pipeline/src/server';
import { startGateway } from '../../../services/gateway/src/server';
import { SourcesRepository } from '../../../services/pipeline/src/repositories/sourcesRepository';
import { testConfig } from '../../support/testEnv';
import { startFeedServer, type FeedServer } from '../../support/feedServer';
import { startFakeAiServer, type FakeAiServer } from '../../support/fakeAiServers';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../support/throwawayServers';
import { batchFeed, request, until } from '../../support/faults';

/**
 * Postgres (a cluster of this test's own) is stopped mid-batch and started
 * again. Meanwhile every API call must answer 503 in the JSON envelope (never
 * 500, never hang); afterwards work resumes by itself.
 */
const ARTICLES = 16;

let cluster: ThrowawayPostgres;
let db: Knex;
let feeds: FeedServer;
let ai: FakeAiServer;
beforeAll(async () => {
  [cluster, feeds, ai] = await Promise.all([startThrowawayPostgres(), startFeedServer(), startFakeAiServer()]);
  db = createDb(await cluster.createDatabase('neuralbeat'), { max: 2 });
  await db.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await migrateToLatest(db);
  await seedEssentials(db);
}, 60_000);
afterAll(async () => {
  await db?.destroy();
  await Promise.all([cluster?.remove(), feeds.close(), ai.close()]);
});

const completed = async () =>
  Number((await db('articles').where({ processing_status: 'completed' }).count<{ n: string }[]>({ n: '*' }))[0]!.n);

describe('fault: Postgres stopped and restarted', () => {
  it('API calls answer 503 JSON while it is down and work resumes after', { timeout: 180_000 }, async () => {
    ai.delayMs = 150;
    feeds.routes.set('/batch.xml', { body: batchFeed(ARTICLES, 'postgres') });
    await new SourcesRepository(db).upsert('Postgres Wire', `${feeds.url}/batch.xml`);
    const cfg = testConfig(cluster.urlOf('neuralbeat'), {
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: `${ai.url}/v1`,
      PIPELINE_LOCK_MS: '3000',
      PIPELINE_BACKOFF_MS: '200',
      PIPELINE_CONCURRENCY: '2',
      OUTBOX_POLL_MS: '100',
      OUTBOX_RELAY_AFTER_MS: '300',
      PIPELINE_SWEEP_INTERVAL_SECONDS: '1',
      PIPELINE_SWEEP_AFTER_SECONDS: '5',
    });
    const content = await startContent(cfg);
    const search = await startSearch({ ...cfg, CONTENT_URL: content.url });
    const pipeline = await startPipeline(cfg);
    const gateway = await startGateway({ ...cfg, CONTENT_URL: content.url, SEARCH_URL: search.url, PIPELINE_URL: pipeline.url });
    try {
      await until(async () => (await completed()) >= 2, 'a few articles published');
      const atStop = await completed();
      expect(atStop).toBeLessThan(ARTICLES);

      await cluster.stop();
      const calls = [
        () => request(`${gateway.url}/api/news?limit=5`),
        () => request(`${gateway.url}/api/tools?page=1`),
        () => request(`${gateway.url}/api/events`),
        () => request(`${gateway.url}/api/tools/search?q=model`),
        () => request(`${content.url}/api/home`),
        () =>
          request(`${gateway.url}/api/newsletter/subscribe`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'down@example.com' }),
          }),
      ];
      const statuses: number[] = [];
      // Several rounds: the first finds pooled connections cut, later ones cannot connect at all.
      for (let round = 0; round < 3; round++) {
        for (const call of calls) {
          const res = await call();
          statuses.push(res.status);
          expect(res.status, JSON.stringify(res.body)).toBe(503);
          expect(res.body).toMatchObject({ error: { status: 503, code: 'service_unavailable' } });
          expect(res.headers.get('retry-after')).toBe('5');
        }
      }
      const ready = await request(`${content.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.body.checks.redis).toBe('ok');
      const page = await request(`${gateway.url}/news`);
      expect(page.status).toBe(200);

      const stoppedFor = Date.now();
      await new Promise((r) => setTimeout(r, 1500));
      await cluster.start();
      const restartedAt = Date.now();
      await until(async () => (await request(`${gateway.url}/api/news?limit=5`)).status === 200, 'the API to answer again', 30_000);
      const apiBackAfter = Date.now() - restartedAt;
      await until(async () => (await completed()) === ARTICLES, 'every article published', 120_000);
      const doneAfter = Date.now() - restartedAt;
      const rows = await db('articles').select('processing_status');
      expect(rows.map((r: { processing_status: string }) => r.processing_status)).toEqual(Array(ARTICLES).fill('completed'));
      expect(new Set((await db('news_feed').select('article_id')).map((r: { article_id: number }) => r.article_id)).size).toBe(ARTICLES);
      expect(
        (
          await request(`${gateway.url}/api/newsletter/subscribe`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'down@example.com' }),
          })
        ).status,
      ).toBe(200);
      console.log(
        `[fault: Postgres outage] stopped with ${atStop}/${ARTICLES} published; ${statuses.length} API calls while down (${Math.round((restartedAt - stoppedFor) / 100) / 10}+ s): all 503 JSON with Retry-After, 0 × 500; ` +
          `API answering ${apiBackAfter} ms after Postgres came back; all ${ARTICLES} published once ${(doneAfter / 1000).toFixed(1)} s after, none failed`,
      );
    } finally {
      ai.delayMs = 0;
      for (const s of [gateway, pipeline, search, content]) await s.close();
    }
  });
});
