import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, createRedis } from '@neuralbeat/common';
import { closeQueues, createPipelineQueues, type PipelineQueues } from '../../../services/pipeline/src/queues';
import { schedulerId, scheduleCollection } from '../../../services/pipeline/src/collect/scheduler';
import { SourcesService } from '../../../services/pipeline/src/services/sourcesService';
import { createTestDatabase, testConfig, type TestDatabase } from '../../support/testEnv';

const run = promisify(execFile);
const NEWS_SECONDS = 900;

let t: TestDatabase;
let redis: ReturnType<typeof createRedis>;
let queues: PipelineQueues;
let sources: SourcesService;
let cfg: ReturnType<typeof testConfig>;

beforeAll(async () => {
  t = await createTestDatabase();
  cfg = testConfig(t.url);
  redis = createRedis(cfg.REDIS_URL);
  queues = createPipelineQueues(redis, cfg);
  sources = new SourcesService(t.db, queues.collect, NEWS_SECONDS);
});
afterAll(async () => {
  await closeQueues(queues);
  redis.disconnect();
  await t.drop();
});

/** The repeat interval BullMQ holds for a source, in seconds. */
const everySeconds = async (id: number) => {
  const scheduler = await queues.collect.getJobScheduler(schedulerId(id));
  return scheduler?.every ? scheduler.every / 1000 : undefined;
};

describe("each source's collection interval", () => {
  it('news keeps COLLECT_INTERVAL_SECONDS, event and job sources a day, an explicit interval wins, and a change reschedules at once', async () => {
    const news = await sources.add('Interval News', 'https://news.interval.example/feed.xml');
    const calendar = await sources.add('Interval Calendar', 'https://events.interval.example/all.ics', 'ical');
    const board = await sources.add('Interval Board', 'https://boards-api.greenhouse.io/v1/boards/interval/jobs', 'greenhouse', 6);
    expect([news.check_interval_hours, Number(calendar.check_interval_hours), Number(board.check_interval_hours)]).toEqual([null, 24, 6]);
    expect([await everySeconds(news.id), await everySeconds(calendar.id), await everySeconds(board.id)]).toEqual([
      NEWS_SECONDS,
      24 * 3600,
      6 * 3600,
    ]);

    await sources.setInterval(news.id, 0.5);
    expect(await everySeconds(news.id)).toBe(1800);
    // Re-adding without an interval keeps the operator's.
    await sources.add('Interval News renamed', 'https://news.interval.example/feed.xml');
    expect(await everySeconds(news.id)).toBe(1800);

    // Disabled sources are not rescheduled by an interval change; enabling takes the stored interval.
    await sources.setEnabled(board.id, false);
    await sources.setInterval(board.id, 12);
    expect(await everySeconds(board.id)).toBeUndefined();
    await sources.setEnabled(board.id, true);
    expect(await everySeconds(board.id)).toBe(12 * 3600);

    // The start-up pass schedules each source at its own interval.
    await queues.collect.removeJobScheduler(schedulerId(calendar.id));
    await scheduleCollection(queues.collect, t.db, NEWS_SECONDS);
    expect(await everySeconds(calendar.id)).toBe(24 * 3600);
  });

  it('refuses an interval that is not a positive number of hours up to a week, naming the field', async () => {
    const source = await sources.add('Interval Bounds', 'https://bounds.interval.example/feed.xml');
    for (const hours of [0, -1, 169, Number.NaN]) {
      const err = await sources.setInterval(source.id, hours).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 400, field: 'intervalHours' });
    }
    await expect(sources.add('Too Slow', 'https://slow.interval.example/feed.xml', 'news', 200)).rejects.toMatchObject({
      status: 400,
      field: 'intervalHours',
    });
    expect(await t.db('news_sources').where({ feed_url: 'https://slow.interval.example/feed.xml' }).first()).toBeUndefined();
    await expect(sources.setInterval(999_999, 2)).rejects.toMatchObject({ status: 404 });
  });

  it(
    'the sources CLI takes --interval-hours on add, changes it with "interval", lists it, and refuses a bad value',
    { timeout: 60_000 },
    async () => {
      const cli = (...args: string[]) =>
        run(process.execPath, ['--import', 'tsx', 'services/pipeline/src/cli/sources.ts', ...args], {
          env: { ...process.env, DATABASE_URL: t.url, REDIS_URL: cfg.REDIS_URL, REDIS_PREFIX: cfg.REDIS_PREFIX, LOG_LEVEL: 'silent' },
        });
      const added = await cli('add', 'CLI Calendar', 'https://cli.interval.example/cal.ics', '--kind', 'ical', '--interval-hours', '48');
      const id = Number(added.stdout.match(/Source (\d+)/)![1]);
      expect(await everySeconds(id)).toBe(48 * 3600);
      expect((await cli('interval', String(id), '3')).stdout).toContain(`Source ${id} "CLI Calendar" is collected every 3 h.`);
      expect(await everySeconds(id)).toBe(3 * 3600);
      expect((await cli('list')).stdout).toMatch(new RegExp(`${id}\\s+enabled\\s+CLI Calendar \\(ical\\)\\s+\\S+/cal.ics\\s+every 3 h`));
      const refused = await cli('interval', String(id), '500').catch((e: { code: number; stderr: string }) => e);
      expect(refused).toMatchObject({
        code: 2,
        stderr: expect.stringMatching(/intervalHours must be a number of hours above 0 and at most 168/),
      });
      expect(await everySeconds(id)).toBe(3 * 3600);
    },
  );
});
