import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnrecoverableError, Worker } from 'bullmq';
import { createLogger, createRedis, type Knex } from '@neuralbeat/common';
import { PIPELINE_QUEUES } from '@neuralbeat/common/contracts';
import { QueueArticleFlow, stageJobId } from '../../../services/pipeline/src/flow';
import { closeQueues, createPipelineQueues, type PipelineQueues } from '../../../services/pipeline/src/queues';
import { PipelineSweep } from '../../../services/pipeline/src/sweep/pipelineSweep';
import { SourcesRepository } from '../../../services/pipeline/src/repositories/sourcesRepository';
import { createTestDatabase, testConfig, type TestDatabase } from '../../support/testEnv';
import { insertArticle } from '../../support/factories';

let t: TestDatabase;
let redis: ReturnType<typeof createRedis>;
let queues: PipelineQueues;
let flow: QueueArticleFlow;
let sweep: PipelineSweep;
let prefix: string;

beforeAll(async () => {
  t = await createTestDatabase();
  const cfg = testConfig(t.url);
  prefix = cfg.REDIS_PREFIX;
  redis = createRedis(cfg.REDIS_URL);
  queues = createPipelineQueues(redis, cfg);
  flow = new QueueArticleFlow(queues, t.db);
  sweep = new PipelineSweep({
    db: t.db,
    flow,
    collectQueue: queues.collect,
    logger: createLogger('test', 'silent'),
    intervalSeconds: 60,
    afterSeconds: 60,
    collectIntervalSeconds: 900,
  });
});
afterAll(async () => {
  await closeQueues(queues);
  redis.disconnect();
  await t.drop();
});

const LONG_AGO = new Date(Date.now() - 3600_000);
const stuck = (db: Knex, over: Record<string, unknown>) =>
  insertArticle(db, { processing_status: 'processing', updated_at: LONG_AGO, ...over });
const jobState = async (stage: 'dedupe' | 'seo' | 'rewrite' | 'tag' | 'publish', id: number, gen = 0) =>
  (await queues[stage].getJob(stageJobId(stage, id, gen)))?.getState() ?? 'missing';

/** Runs one job of the stage's queue to a final failure with the given reason. */
async function failJob(stage: 'seo' | 'rewrite', articleId: number, reason: string) {
  await flow.enqueueStage(stage, articleId, 0);
  const worker = new Worker(
    PIPELINE_QUEUES[stage].name,
    async () => {
      throw new UnrecoverableError(reason);
    },
    { connection: redis, prefix },
  );
  await new Promise<void>((resolve) => worker.once('failed', () => resolve()));
  await worker.close();
}

describe('pipeline sweep', () => {
  it('queues again an unfinished article whose job is gone, and leaves one whose job is waiting', async () => {
    const lost = await stuck(t.db, { pipeline_stage: 'deduped' });
    const queued = await stuck(t.db, { pipeline_stage: 'scored' });
    const fresh = await insertArticle(t.db, { processing_status: 'processing', pipeline_stage: 'deduped' });
    await flow.enqueueStage('rewrite', queued.id, 0);
    const report = await sweep.sweepOnce();
    expect(report).toMatchObject({ requeued: 1, waiting: 1, failed: 0 });
    expect(await jobState('seo', lost.id)).toBe('waiting');
    expect(await jobState('rewrite', queued.id)).toBe('waiting');
    // Touched recently: not the sweep's business yet.
    expect(await jobState('seo', fresh.id)).toBe('missing');
    await queues.seo.obliterate({ force: true });
    await queues.rewrite.obliterate({ force: true });
    await t.db('articles').whereIn('id', [lost.id, queued.id]).update({ processing_status: 'completed' });
  });

  it('leaves settled articles alone: published, duplicate, failed, and held below the SEO threshold', async () => {
    await stuck(t.db, { processing_status: 'completed', pipeline_stage: 'published' });
    await stuck(t.db, { processing_status: 'duplicate', pipeline_stage: 'deduped' });
    await stuck(t.db, { processing_status: 'failed', pipeline_stage: 'scored' });
    await stuck(t.db, { processing_status: 'pending', pipeline_stage: 'deduped', seo_score: 40 });
    expect(await sweep.sweepOnce()).toMatchObject({ checked: 0, requeued: 0 });
  });

  it('writes down a final failure the database missed, and retries a job that failed because of an outage', async () => {
    const broken = await stuck(t.db, { pipeline_stage: 'deduped' });
    const outage = await stuck(t.db, { pipeline_stage: 'scored' });
    await failJob('seo', broken.id, 'provider exploded');
    await failJob('rewrite', outage.id, 'Connection terminated unexpectedly');
    const report = await sweep.sweepOnce();
    expect(report).toMatchObject({ failed: 1, requeued: 1 });
    expect(await t.db('articles').where({ id: broken.id }).first()).toMatchObject({
      processing_status: 'failed',
      last_error: 'seo: provider exploded',
    });
    expect(await t.db('articles').where({ id: outage.id }).first()).toMatchObject({ processing_status: 'processing' });
    expect(await jobState('rewrite', outage.id)).toBe('waiting');
    await queues.rewrite.obliterate({ force: true });
    await t.db('articles').where({ id: outage.id }).update({ processing_status: 'completed' });
  });

  it('restores collection schedules Redis lost, and only those', async () => {
    const source = await new SourcesRepository(t.db).upsert('Sweep Wire', 'https://sweep.example/feed.xml');
    expect((await sweep.sweepOnce())!.schedulesRepaired).toBe(1);
    expect((await queues.collect.getJobSchedulers()).map((s) => s.key)).toEqual([`collect-source-${source.id}`]);
    expect((await sweep.sweepOnce())!.schedulesRepaired).toBe(0);
  });

  it('runs in one process at a time', async () => {
    await t.db.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', ['pipeline-sweep']);
      expect(await sweep.sweepOnce()).toBeNull();
    });
  });
});
