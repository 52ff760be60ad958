import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, type Knex } from '@neuralbeat/common';
import { createPipelineQueues, closeQueues } from '../../../services/pipeline/src/queues';
import { QueueArticleFlow } from '../../../services/pipeline/src/flow';
import { createTestDatabase, testConfig, testRedisPrefix, type TestDatabase } from '../../support/testEnv';
import { insertArticle } from '../../support/factories';
import { uniqueArticleHtml } from '../../support/feedServer';
import { startFakeAiServer, type FakeAiServer } from '../../support/fakeAiServers';
import { startSystem } from '../../support/system';
import { inject } from 'vitest';
import { until } from '../../support/until';

let ai: FakeAiServer;
beforeAll(async () => {
  ai = await startFakeAiServer();
});
afterAll(async () => ai.close());

const generated = (db: Knex, n: number) =>
  insertArticle(db, {
    title: `Language model release number ${n} improves AI inference`,
    content: uniqueArticleHtml(n),
    excerpt: `Release ${n} of an AI model, with notes on training and inference.`,
  });

describe('failures', () => {
  it('a provider that keeps failing is tried 3 times, then the article is failed with its error', async () => {
    ai.mode = 'fail';
    const sys = await startSystem({
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: `${ai.url}/v1`,
      PIPELINE_BACKOFF_MS: '20',
    });
    const redis = createRedis(sys.config.REDIS_URL);
    const queues = createPipelineQueues(redis, sys.config);
    try {
      const a = await generated(sys.database.db, 1);
      await new QueueArticleFlow(queues, sys.database.db).start(a.id);
      const row = await until(async () => {
        const r = await sys.database.db('articles').where({ id: a.id }).first();
        return r.processing_status === 'failed' ? r : undefined;
      });
      expect(row.processing_attempts).toBe(3);
      expect(row.last_error).toMatch(/^rewrite: .*500/);
      const metrics = await sys.database.db('ai_provider_metrics').where({ article_id: a.id }).orderBy('id');
      expect(metrics).toHaveLength(3);
      expect(metrics.every((m: { success: boolean; provider: string }) => !m.success && m.provider === 'openai')).toBe(true);
      expect(await sys.database.db('news_feed').where({ article_id: a.id })).toHaveLength(0);
    } finally {
      ai.mode = 'ok';
      await closeQueues(queues);
      redis.disconnect();
      await sys.stop();
    }
  });
});

describe('crash safety', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t.drop());

  function startWorkerProcess(prefix: string): ChildProcess {
    return spawn(process.execPath, ['--import', 'tsx', 'services/pipeline/src/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: t.url,
        REDIS_URL: inject('redisUrl'),
        REDIS_PREFIX: prefix,
        PIPELINE_PORT: '0',
        DEMO_FEEDS: 'false',
        LOG_LEVEL: 'error',
        AI_PROVIDER: 'openai',
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: `${ai.url}/v1`,
        PIPELINE_LOCK_MS: '1500',
        PIPELINE_BACKOFF_MS: '50',
        PIPELINE_CONCURRENCY: '4',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }

  it('a worker killed with SIGKILL mid-batch loses nothing and publishes nothing twice after a restart', { timeout: 120_000 }, async () => {
    ai.delayMs = 120;
    const prefix = testRedisPrefix();
    const cfg = testConfig(t.url, { REDIS_PREFIX: prefix });
    const redis = createRedis(cfg.REDIS_URL);
    const queues = createPipelineQueues(redis, cfg);
    const flow = new QueueArticleFlow(queues, t.db);
    const ids: number[] = [];
    for (let n = 0; n < 40; n++) ids.push((await generated(t.db, 100 + n)).id);
    for (const id of ids) await flow.start(id);

    let worker = startWorkerProcess(prefix);
    const completed = async () =>
      Number((await t.db('articles').where({ processing_status: 'completed' }).count<{ n: string }[]>({ n: '*' }))[0]!.n);
    await until(async () => (await completed()) >= 4);
    worker.kill('SIGKILL');
    await new Promise((r) => worker.once('exit', r));
    const atKill = await completed();
    expect(atKill).toBeLessThan(40);

    worker = startWorkerProcess(prefix);
    try {
      await until(async () => (await completed()) === 40, 60_000);
    } finally {
      worker.kill('SIGTERM');
      await new Promise((r) => worker.once('exit', r));
      await closeQueues(queues);
      redis.disconnect();
      ai.delayMs = 0;
    }
    const rows = await t.db('articles').whereIn('id', ids).select('id', 'processing_status', 'published');
    expect(rows.every((r: { processing_status: string; published: boolean }) => r.processing_status === 'completed' && r.published)).toBe(
      true,
    );
    const feed = await t.db('news_feed').whereIn('article_id', ids).select('article_id');
    expect(feed).toHaveLength(40);
    expect(new Set(feed.map((f: { article_id: number }) => f.article_id)).size).toBe(40);
  });

  it('SIGTERM lets the job in progress finish before the worker exits', { timeout: 60_000 }, async () => {
    ai.delayMs = 1500;
    const prefix = testRedisPrefix();
    const cfg = testConfig(t.url, { REDIS_PREFIX: prefix });
    const redis = createRedis(cfg.REDIS_URL);
    const queues = createPipelineQueues(redis, cfg);
    try {
      const a = await generated(t.db, 900);
      await new QueueArticleFlow(queues, t.db).start(a.id);
      const worker = startWorkerProcess(prefix);
      const callsBefore = ai.calls.length;
      // The provider has been asked: the rewrite job is running.
      await until(async () => {
        const r = await t.db('ai_provider_metrics').where({ article_id: a.id }).first();
        return !r && (await t.db('articles').where({ id: a.id }).first()).processing_attempts === 1;
      });
      worker.kill('SIGTERM');
      const code = await new Promise<number | null>((r) => worker.once('exit', r));
      expect(code).toBe(0);
      const row = await t.db('articles').where({ id: a.id }).first();
      expect(row.pipeline_stage).toBe('rewritten');
      expect(await t.db('ai_provider_metrics').where({ article_id: a.id, success: true })).toHaveLength(1);
      expect(ai.calls.length).toBe(callsBefore + 1);
    } finally {
      ai.delayMs = 0;
      await closeQueues(queues);
      redis.disconnect();
    }
  });
});
