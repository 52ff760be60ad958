import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { AppError } from '@neuralbeat/common';
import { AdminFixRunner } from './adminFixRunner';

let redis: Redis;
let prefix: string;
const closers: (() => Promise<void>)[] = [];

beforeAll(() => {
  redis = new Redis(inject('redisUrl'), { maxRetriesPerRequest: null });
  prefix = `nbt-${inject('runId')}-${randomBytes(4).toString('hex')}`;
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  redis.disconnect();
});

function runnerOn(name: string, timeoutMs: number) {
  const queue = new Queue(name, { connection: redis, prefix });
  const events = new QueueEvents(name, { connection: redis, prefix });
  closers.push(
    () => queue.close(),
    () => events.close(),
  );
  return { queue, runner: new AdminFixRunner(queue, events, timeoutMs) };
}
const job = { kind: 'lowSeoFix' as const, dryRun: false };

describe('AdminFixRunner', () => {
  it('answers with the job’s result', async () => {
    const { runner } = runnerOn('fix-ok', 5000);
    const worker = new Worker('fix-ok', async (j) => ({ message: `ran ${j.data.kind}` }), { connection: redis, prefix });
    closers.push(() => worker.close());
    expect(await runner.run(job)).toEqual({ message: 'ran lowSeoFix' });
  });

  it('takes back a fix no worker picked up in time: 503, and the job is gone so nothing runs later', async () => {
    const { queue, runner } = runnerOn('fix-idle', 600);
    const err = await runner.run(job).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 503, code: 'fix_unavailable' });
    expect(await queue.getJobCounts('waiting', 'active')).toEqual({ waiting: 0, active: 0 });
  });

  it('answers 504 for a fix still running when time is up, and lets it finish', async () => {
    const { queue, runner } = runnerOn('fix-slow', 600);
    const worker = new Worker('fix-slow', async () => new Promise((r) => setTimeout(() => r({ message: 'late' }), 1500)), {
      connection: redis,
      prefix,
    });
    closers.push(() => worker.close());
    await worker.waitUntilReady();
    expect(await runner.run(job).catch((e: unknown) => e)).toMatchObject({ status: 504, code: 'fix_timeout' });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await queue.getJobCounts('completed')).completed).toBe(1);
  });

  it('reports a fix that failed with its reason', async () => {
    const { runner } = runnerOn('fix-broken', 5000);
    const worker = new Worker(
      'fix-broken',
      async () => {
        throw new Error('database is read-only');
      },
      { connection: redis, prefix },
    );
    closers.push(() => worker.close());
    expect(await runner.run(job).catch((e: unknown) => e)).toMatchObject({
      status: 500,
      code: 'fix_failed',
      message: 'The fix failed: database is read-only',
    });
  });
});
