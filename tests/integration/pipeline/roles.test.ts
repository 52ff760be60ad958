import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue, QueueEvents, type Job } from 'bullmq';
import { createRedis, type Config, type RunningServer } from '@neuralbeat/common';
import { PIPELINE_QUEUES } from '@neuralbeat/common/contracts';
import { startPipeline } from '../../../services/pipeline/src/server';
import { ADMIN_FIX_LOCK } from '../../../services/pipeline/src/workers/adminFix';
import { SourcesRepository } from '../../../services/pipeline/src/repositories/sourcesRepository';
import { createTestDatabase, testConfig, type TestDatabase } from '../../support/testEnv';
import { insertArticle, insertNewsItem } from '../../support/factories';
import { until } from '../../support/until';

/**
 * Several pipeline processes on one database and one Redis, as a cluster runs
 * them: one `api` and two `worker` processes. What must happen once across the
 * installation happens once, whichever process does it.
 */
let t: TestDatabase;
let cfg: Config;
let api: RunningServer;
let secondApi: RunningServer | undefined;
let workers: RunningServer[];
let redis: ReturnType<typeof createRedis>;
let fixQueue: Queue;
let fixEvents: QueueEvents;

beforeAll(async () => {
  t = await createTestDatabase();
  cfg = testConfig(t.url);
  await new SourcesRepository(t.db).upsert('Roles Wire', 'http://127.0.0.1:9/feed.xml');
  api = await startPipeline({ ...cfg, PIPELINE_ROLES: 'api' });
  workers = [await startPipeline({ ...cfg, PIPELINE_ROLES: 'worker' }), await startPipeline({ ...cfg, PIPELINE_ROLES: 'worker' })];
  redis = createRedis(cfg.REDIS_URL);
  fixQueue = new Queue(PIPELINE_QUEUES.adminFix.name, { connection: redis, prefix: cfg.REDIS_PREFIX });
  fixEvents = new QueueEvents(PIPELINE_QUEUES.adminFix.name, { connection: redis.duplicate(), prefix: cfg.REDIS_PREFIX });
  await fixEvents.waitUntilReady();
});
afterAll(async () => {
  await fixEvents?.close();
  await fixQueue?.close();
  redis?.disconnect();
  await Promise.all([api, secondApi, ...(workers ?? [])].map((s) => s?.close()));
  await t.drop();
});

const live = { dryRun: false };

describe('pipeline roles', () => {
  it('the api process serves the operator API; a worker process serves health only', async () => {
    expect((await fetch(`${api.url}/api/admin/stats`)).status).toBe(401);
    expect((await fetch(`${workers[0]!.url}/api/admin/stats`)).status).toBe(404);
    for (const s of [api, ...workers]) expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
  });

  it('a second api process keeps one collection schedule per source', async () => {
    secondApi = await startPipeline({ ...cfg, PIPELINE_ROLES: 'api' });
    const collect = new Queue(PIPELINE_QUEUES.collect.name, { connection: redis, prefix: cfg.REDIS_PREFIX });
    const [source] = await new SourcesRepository(t.db).enabled();
    expect((await collect.getJobSchedulers()).map((s) => s.key)).toEqual([`collect-source-${source!.id}`]);
    await collect.close();
  });

  it('live admin fixes run one at a time across worker processes: the second waits for the first', async () => {
    const original = await insertArticle(t.db, { processing_status: 'completed', published: true, pipeline_stage: 'published' });
    const duplicate = await insertArticle(t.db, {
      processing_status: 'duplicate',
      is_duplicate: true,
      duplicate_of: original.id,
      pipeline_stage: 'deduped',
    });
    const mismatch = await insertNewsItem(t.db);
    await t.db('articles').where({ id: mismatch.article_id }).update({ processing_status: 'processing' });

    // The test holds the duplicate's row: the first fix takes the fix lock, then waits on that row.
    const holder = await t.db.transaction();
    let first: Job | undefined;
    let second: Job | undefined;
    try {
      await holder('articles').where({ id: duplicate.id }).forUpdate();
      first = await fixQueue.add('duplicateReset', { kind: 'duplicateReset', specificIds: [duplicate.id], ...live });
      // The fix lock in pg_locks: an advisory lock on a bigint key keeps its low 32 bits in objid.
      const advisory = async (): Promise<{ granted: boolean }[]> =>
        (
          await t.db.raw(
            `SELECT granted FROM pg_locks WHERE locktype = 'advisory' AND objid = ((hashtext(?)::bigint & 4294967295)::text)::oid`,
            [ADMIN_FIX_LOCK],
          )
        ).rows;
      await until(async () => (await advisory()).some((l) => l.granted));
      // Worker concurrency is 1, so the other worker process takes this one; it touches other rows, so only the fix lock holds it back.
      second = await fixQueue.add('publishedStatusFix', { kind: 'publishedStatusFix', ...live });
      await until(async () => (await advisory()).some((l) => !l.granted));
      expect(await second!.getState()).toBe('active');
      expect(await t.db('articles').where({ id: mismatch.article_id }).first()).toMatchObject({ processing_status: 'processing' });
      expect(await t.db('admin_audit_log').count({ n: '*' }).first()).toMatchObject({ n: '0' });
    } finally {
      await holder.commit();
    }
    expect(await first!.waitUntilFinished(fixEvents, 20_000)).toMatchObject({ results: { processed: 1 } });
    expect(await second!.waitUntilFinished(fixEvents, 20_000)).toMatchObject({ results: { processed: 1 } });
    expect((await t.db('admin_audit_log').orderBy('id').select('action')).map((r) => r.action)).toEqual([
      'duplicateReset',
      'publishedStatusFix',
    ]);
  });
});
