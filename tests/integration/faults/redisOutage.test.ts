import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus, createLogger, createRedis, type Knex, type RunningServer } from '@neuralbeat/common';
import { startContent } from '../../../services/content/src/server';
import { startSearch } from '../../../services/search/src/server';
import { startPipeline } from '../../../services/pipeline/src/server';
import { ToolService } from '../../../services/content/src/services/toolService';
import { SourcesRepository } from '../../../services/pipeline/src/repositories/sourcesRepository';
import { createTestDatabase, testConfig, type TestDatabase } from '../../support/testEnv';
import { startFeedServer, type FeedServer } from '../../support/feedServer';
import { startFakeAiServer, type FakeAiServer } from '../../support/fakeAiServers';
import { startThrowawayRedis, type ThrowawayRedis } from '../../support/throwawayServers';
import { insertTool } from '../../support/factories';
import { batchFeed, request, until } from '../../support/faults';

/**
 * Redis dies mid-batch (SIGKILL; it keeps nothing on disk, so every queued job
 * and event is lost) and comes back empty. Nothing of ours is restarted.
 */
const ARTICLES = 24;

let redis: ThrowawayRedis;
let t: TestDatabase;
let feeds: FeedServer;
let ai: FakeAiServer;
beforeAll(async () => {
  [redis, t, feeds, ai] = await Promise.all([startThrowawayRedis(), createTestDatabase(), startFeedServer(), startFakeAiServer()]);
});
afterAll(async () => {
  await Promise.all([redis.remove(), t.drop(), feeds.close(), ai.close()]);
});

const completed = async (db: Knex) =>
  Number((await db('articles').where({ processing_status: 'completed' }).count<{ n: string }[]>({ n: '*' }))[0]!.n);
const readiness = async (services: RunningServer[]) => Promise.all(services.map(async (s) => (await request(`${s.url}/readyz`)).body));

describe('fault: Redis stopped and restarted mid-batch', () => {
  it(
    'readyz goes red then green with no restart, every article still ends once, and an event written meanwhile reaches search',
    { timeout: 180_000 },
    async () => {
      ai.delayMs = 100;
      feeds.routes.set('/batch.xml', { body: batchFeed(ARTICLES, 'redis') });
      await new SourcesRepository(t.db).upsert('Redis Wire', `${feeds.url}/batch.xml`);
      const cfg = testConfig(t.url, {
        REDIS_URL: redis.url,
        AI_PROVIDER: 'openai',
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: `${ai.url}/v1`,
        PIPELINE_LOCK_MS: '3000',
        PIPELINE_BACKOFF_MS: '100',
        PIPELINE_CONCURRENCY: '2',
        OUTBOX_POLL_MS: '100',
        OUTBOX_RELAY_AFTER_MS: '300',
        PIPELINE_SWEEP_INTERVAL_SECONDS: '1',
        PIPELINE_SWEEP_AFTER_SECONDS: '3',
      });
      const content = await startContent(cfg);
      const search = await startSearch({ ...cfg, CONTENT_URL: content.url });
      const pipeline = await startPipeline(cfg);
      const services = [content, search, pipeline];
      const toolRedis = createRedis(redis.url);
      const toolBus = new EventBus({ connection: toolRedis, prefix: cfg.REDIS_PREFIX, logger: createLogger('test', 'silent') });
      try {
        await until(async () => (await completed(t.db)) >= 3, 'a few articles published');
        const atKill = await completed(t.db);
        expect(atKill).toBeLessThan(ARTICLES);

        await redis.kill();
        const killedAt = Date.now();
        const red = await until(
          async () => {
            const checks = await readiness(services);
            return checks.every((c) => c.status === 'not ready' && c.checks.redis !== 'ok') ? checks : undefined;
          },
          'every service to report Redis down',
          20_000,
        );
        const redAfter = Date.now() - killedAt;
        expect(red.map((c) => c.checks.postgres)).toEqual(['ok', 'ok', 'ok']);
        // Reading content needs no Redis, and a public POST does not wait for its rate-limit counter.
        expect((await request(`${content.url}/api/news?limit=3`)).status).toBe(200);
        const subscribed = await request(`${content.url}/api/newsletter/subscribe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'outage@example.com' }),
        });
        expect(subscribed.status).toBeLessThan(300);
        expect(await t.db('newsletters').where({ email: 'outage@example.com' })).toHaveLength(1);
        // A change made now commits; its event waits in the outbox.
        const tool = await insertTool(t.db, { name: 'Outage Proof Indexer', slug: 'outage-proof-indexer', approved: false });
        await new ToolService(t.db, toolBus).approve(tool.id, 'req-during-outage');
        const event = await t
          .db('event_outbox')
          .where({ name: 'tool.approved' })
          .where('payload', '@>', JSON.stringify({ toolId: tool.id }))
          .first();
        expect(event.published_at).toBeNull();

        await redis.start();
        const restartedAt = Date.now();
        await until(async () => (await readiness(services)).every((c) => c.status === 'ready'), 'every service ready again', 30_000);
        const greenAfter = Date.now() - restartedAt;
        await until(async () => (await completed(t.db)) === ARTICLES, 'every article published', 120_000);
        const doneAfter = Date.now() - restartedAt;
        const found = await until(
          async () => {
            const hits = (await request(`${search.url}/api/tools/search?q=outage`)).body;
            return Array.isArray(hits) && hits.length ? hits : undefined;
          },
          'the tool approved during the outage to be searchable',
          30_000,
        );
        expect(found).toEqual([expect.objectContaining({ id: tool.id, slug: 'outage-proof-indexer' })]);
        await until(async () => (await t.db('event_outbox').whereNull('published_at')).length === 0, 'every event sent', 30_000);

        const rows = await t.db('articles').select('processing_status', 'published');
        expect(rows).toHaveLength(ARTICLES);
        expect(
          rows.every((r: { processing_status: string; published: boolean }) => r.processing_status === 'completed' && r.published),
        ).toBe(true);
        const feed = await t.db('news_feed').select('article_id');
        expect(new Set(feed.map((f: { article_id: number }) => f.article_id)).size).toBe(ARTICLES);
        expect(feed).toHaveLength(ARTICLES);
        console.log(
          `[fault: Redis outage] killed with ${atKill}/${ARTICLES} published; all 3 services red after ${redAfter} ms, green ${greenAfter} ms after Redis came back (no restart); ` +
            `all ${ARTICLES} published once ${(doneAfter / 1000).toFixed(1)} s after it came back (queues were lost: the sweep re-drove them); the tool approved during the outage was searchable after the relay sent its event`,
        );
      } finally {
        ai.delayMs = 0;
        await toolBus.close();
        toolRedis.disconnect();
        for (const s of [pipeline, search, content]) await s.close();
      }
    },
  );
});
