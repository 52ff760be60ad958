import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService } from '../../../scripts/buildServices';
import { scratchBuildDir } from '../../support/scratchBuild';
import type { Knex } from '@neuralbeat/common';
import { SourcesRepository } from '../../../services/pipeline/src/repositories/sourcesRepository';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '../../support/testEnv';
import { startFeedServer, type FeedServer } from '../../support/feedServer';
import { startFakeAiServer, type FakeAiServer } from '../../support/fakeAiServers';
import { startThrowawayRedis, type ThrowawayRedis } from '../../support/throwawayServers';
import { batchFeed, exited, seededRandom, until } from '../../support/faults';

/**
 * SIGKILL the pipeline at seeded random points while it collects and works
 * through a batch: every article must still end in exactly one terminal state,
 * published once, with every event it produced sent.
 */
const ARTICLES = 30;
const KILLS = 5;

let redis: ThrowawayRedis;
let t: TestDatabase;
let feeds: FeedServer;
let ai: FakeAiServer;
let pipeline: ChildProcess | undefined;
// The compiled pipeline, as production runs it (and it starts in a fraction of the time tsx needs).
const scratch = scratchBuildDir('pipeline');
const build = scratch.dir;
beforeAll(async () => {
  [redis, t, feeds, ai] = await Promise.all([
    startThrowawayRedis(),
    createTestDatabase(),
    startFeedServer(),
    startFakeAiServer(),
    buildService('pipeline', { outdir: build }),
  ]);
});
afterAll(async () => {
  if (pipeline && pipeline.exitCode === null && pipeline.signalCode === null) {
    pipeline.kill('SIGKILL');
    await exited(pipeline);
  }
  await Promise.all([redis.remove(), t.drop(), feeds.close(), ai.close()]);
  scratch.remove();
});

const startPipelineProcess = (env: Record<string, string>) =>
  spawn(process.execPath, [path.join(build, 'main.js')], {
    env: { ...process.env, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

const STAGES = ['collected', 'deduped', 'scored', 'rewritten', 'tagged', 'published'];
/** How far the batch has got: one point per stored article and per stage each has passed. */
async function progress(db: Knex): Promise<number> {
  const rows: { pipeline_stage: string }[] = await db('articles').select('pipeline_stage');
  return rows.reduce((sum, r) => sum + 1 + STAGES.indexOf(r.pipeline_stage), 0);
}

const count = async (db: Knex, q: (qb: Knex.QueryBuilder) => Knex.QueryBuilder) =>
  Number((await q(db('articles')).count<{ n: string }[]>({ n: '*' }))[0]!.n);

describe('fault: the pipeline process killed at random points', () => {
  it(
    `SIGKILL ${KILLS} times over a batch of ${ARTICLES}: each article ends once, none published twice, none lost`,
    { timeout: 300_000 },
    async () => {
      ai.delayMs = 60;
      feeds.routes.set('/batch.xml', { body: batchFeed(ARTICLES, 'kills') });
      await new SourcesRepository(t.db).upsert('Kill Wire', `${feeds.url}/batch.xml`);
      const env = {
        DATABASE_URL: t.url,
        REDIS_URL: redis.url,
        REDIS_PREFIX: testRedisPrefix(),
        PIPELINE_PORT: '0',
        DEMO_FEEDS: 'false',
        AI_PROVIDER: 'openai',
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: `${ai.url}/v1`,
        // Long enough that a busy machine's event-loop stalls do not cost a lock (a killed worker's job is taken up after it).
        PIPELINE_LOCK_MS: '3000',
        PIPELINE_BACKOFF_MS: '50',
        OUTBOX_POLL_MS: '100',
        OUTBOX_RELAY_AFTER_MS: '300',
        PIPELINE_SWEEP_INTERVAL_SECONDS: '1',
        PIPELINE_SWEEP_AFTER_SECONDS: '4',
      };
      const random = seededRandom(20261123);
      const started = Date.now();
      const log: string[] = [];
      pipeline = startPipelineProcess(env);
      try {
        for (let k = 0; k < KILLS; k++) {
          // A random point in the work: after 1 to 25 more steps (an article stored, a stage passed) since the last start,
          // short of the very end so there is always work left to interrupt.
          const target = Math.min((await progress(t.db)) + 1 + Math.floor(random() * 25), ARTICLES * STAGES.length - 1);
          await until(async () => (await progress(t.db)) >= target, `progress ${target}`, 60_000);
          pipeline.kill('SIGKILL');
          await exited(pipeline);
          const stored = await count(t.db, (q) => q);
          const done = await count(t.db, (q) => q.where({ processing_status: 'completed' }));
          const unsent = (await t.db('event_outbox').whereNull('published_at')).length;
          log.push(`kill ${k + 1} at step ${target}: ${stored} stored, ${done} published, ${unsent} events unsent`);
          pipeline = startPipelineProcess(env);
        }
        await until(
          async () => (await count(t.db, (q) => q.where({ processing_status: 'completed' }))) === ARTICLES,
          'every article published',
          120_000,
        ).catch(async (err) => {
          const states = await t
            .db('articles')
            .select('processing_status', 'pipeline_stage', 'last_error')
            .count({ n: '*' })
            .groupBy('processing_status', 'pipeline_stage', 'last_error');
          throw new Error(`${(err as Error).message} (${log.join('; ')}) — articles now: ${JSON.stringify(states)}`);
        });
        await until(async () => (await t.db('event_outbox').whereNull('published_at')).length === 0, 'every event sent', 30_000);
      } finally {
        pipeline.kill('SIGTERM');
        await exited(pipeline);
        ai.delayMs = 0;
      }
      const articles = await t.db('articles').select('id', 'processing_status', 'published', 'pipeline_stage');
      expect(articles).toHaveLength(ARTICLES);
      expect(
        articles.every(
          (a: { processing_status: string; published: boolean; pipeline_stage: string }) =>
            a.processing_status === 'completed' && a.published && a.pipeline_stage === 'published',
        ),
      ).toBe(true);
      const feed = await t.db('news_feed').select('article_id', 'slug');
      expect(feed).toHaveLength(ARTICLES);
      expect(new Set(feed.map((f: { article_id: number }) => f.article_id)).size).toBe(ARTICLES);
      // Unique headlines: a second publish of the same article would have needed a "-2" slug.
      expect(feed.filter((f: { slug: string }) => /-\d+-\d+$/.test(f.slug) && /-2$/.test(f.slug))).toEqual([]);
      const announced = await t
        .db('event_outbox')
        .where({ name: 'newsfeed.published' })
        .select(t.db.raw("(payload->>'articleId')::int AS id"));
      expect(new Set(announced.map((r: { id: number }) => r.id)).size).toBe(ARTICLES);
      const collected = await t.db('event_outbox').where({ name: 'article.collected' });
      expect(collected).toHaveLength(ARTICLES);
      console.log(
        `[fault: pipeline kills] ${log.join('; ')}; all ${ARTICLES} published once after ${((Date.now() - started) / 1000).toFixed(1)} s; ${announced.length} newsfeed.published events for ${ARTICLES} articles`,
      );
    },
  );
});
