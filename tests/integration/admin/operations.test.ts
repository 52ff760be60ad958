import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { createRedis } from '@neuralbeat/common';
import { PIPELINE_QUEUES } from '@neuralbeat/common/contracts';
import { startSystem, type RunningSystem } from '../../support/system';
import { ADMIN, adminCall, insertAccounts, signIn, until } from '../../support/admin';
import { insertArticle, insertNewsItem } from '../../support/factories';
import { richArticleHtml, rssFeed, startFeedServer, type FeedServer } from '../../support/feedServer';

let sys: RunningSystem;
let cookie: string;
let feeds: FeedServer;
let redis: ReturnType<typeof createRedis>;
let dedupeQueue: Queue;

beforeAll(async () => {
  [sys, feeds] = await Promise.all([startSystem({ STUCK_ARTICLE_MINUTES: '30' }), startFeedServer()]);
  await insertAccounts(sys.database.db);
  cookie = await signIn(sys.url);
  redis = createRedis(sys.config.REDIS_URL);
  dedupeQueue = new Queue(PIPELINE_QUEUES.dedupe.name, { connection: redis, prefix: sys.config.REDIS_PREFIX });
});
afterAll(async () => {
  await dedupeQueue.close();
  redis.disconnect();
  await feeds.close();
  await sys.stop();
});

const db = () => sys.database.db;
const get = (path: string) => adminCall(sys.url, cookie, path);
const post = (path: string, body: unknown = {}) => adminCall(sys.url, cookie, path, { body });

describe('pipeline diagnostics', () => {
  it('reports a healthy pipeline without recommendations', async () => {
    const res = await get('/api/admin/diagnose-pipeline');
    expect(res.status).toBe(200);
    const { report } = res.body;
    expect(report.summary).toBe('Pipeline healthy: no bottlenecks or warnings found.');
    expect(report.recommendations).toEqual([]);
    expect(new Date(report.timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(report.sections.map((s: { title: string }) => s.title)).toEqual([
      'Article Status Distribution',
      'SEO Score Distribution',
      'Duplicate Article Statistics',
      'Pipeline Condition Breakdown',
      'Stuck Articles',
      'Content Generation Eligibility',
      'Recent Processing Attempts',
      'Queue Health',
      'News Sources',
      'AI Provider Health',
    ]);
    expect(report.sections.find((s: { title: string }) => s.title === 'Stuck Articles').message).toMatch(/^No stuck articles/);
  });

  it('finds real bottlenecks, each with the tool that fixes it', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
    const stuck = await insertArticle(db(), {
      title: 'Stalled in rewrite',
      processing_status: 'processing',
      pipeline_stage: 'scored',
      seo_score: 75,
      updated_at: hoursAgo(2),
    });
    for (let i = 0; i < 12; i++) await insertArticle(db(), { seo_score: 30 + i, pipeline_stage: 'deduped' });
    const eligible = await insertArticle(db(), {
      title: 'Ready for rewrite',
      processing_status: 'processing',
      pipeline_stage: 'scored',
      seo_score: 90,
    });
    const mismatch = await insertNewsItem(db());
    await db()('articles').where({ id: mismatch.article_id }).update({ processing_status: 'processing' });
    await db()('news_sources').insert({
      name: 'Flaky Wire',
      feed_url: 'https://flaky.example/rss',
      consecutive_failures: 4,
      last_error: 'HTTP 503 from https://flaky.example/rss',
    });
    await db()('ai_provider_metrics').insert([
      ...Array.from({ length: 4 }, () => ({ provider: 'openai', success: false, error_message: '429 You exceeded your current quota' })),
      ...Array.from({ length: 4 }, () => ({ provider: 'openai', success: true })),
      ...Array.from({ length: 6 }, () => ({ provider: 'local', success: true })),
    ]);
    // Ten jobs for articles that do not exist fail at once and pile up in the duplicate-check queue.
    for (let i = 0; i < 10; i++) await dedupeQueue.add('dedupe', { articleId: 900_000 + i }, { jobId: `ghost-${i}`, attempts: 1 });
    await until(async () => (await dedupeQueue.getFailedCount()) === 10);

    const { report } = (await get('/api/admin/diagnose-pipeline')).body;
    const sectionOf = (title: string) => report.sections.find((s: { title: string }) => s.title === title);
    expect(report.summary).toMatch(/^BOTTLENECK: /);
    expect(report.summary).toContain('1 article has not moved for over 30 minutes');
    expect(report.summary).toContain('12 pending articles scored below 68');
    expect(report.summary).toContain('10 failed jobs in Duplicate check');
    expect(report.summary).toContain('Source "Flaky Wire" failed 4 times in a row: HTTP 503');
    expect(report.summary).toContain('OpenAI failed 4 of 8 calls in the last 24 hours (latest: 429 You exceeded your current quota)');

    const recs: string[] = report.recommendations;
    for (const path of ['/admin/fix-low-seo', '/admin/pipeline-diagnostics', '/admin/sources', '/admin/fix-status', '/admin']) {
      expect(recs.some((r) => r.includes(`(${path})`))).toBe(true);
    }

    expect(sectionOf('Stuck Articles')).toMatchObject({
      bottleneck: expect.stringContaining('after stage "scored"'),
      data: [{ id: stuck.id, title: 'Stalled in rewrite', status: 'processing' }],
    });
    expect(sectionOf('SEO Score Distribution').data).toEqual({
      totalWithScores: 14,
      minScore: 30,
      maxScore: 90,
      avgScore: 42.2,
      aboveThreshold: 2,
      aboveThresholdPercent: 14.3,
    });
    expect(sectionOf('Pipeline Condition Breakdown').data).toEqual({
      totalArticles: 15,
      pendingArticles: 12,
      withLowAttempts: 12,
      notInNewsFeed: 14,
      meetingSeoThreshold: 2,
    });
    expect(sectionOf('Duplicate Article Statistics').data).toEqual({
      totalDuplicates: 0,
      recentDuplicates: 0,
      recentDuplicatePercentage: 0,
    });
    expect(sectionOf('Content Generation Eligibility').data.map((a: { id: number }) => a.id)).toEqual([eligible.id, stuck.id]);
    expect(sectionOf('Article Status Distribution').warning).toContain('1 article in the news feed is not marked published and completed.');
    expect(sectionOf('Queue Health').data.queues.find((q: { name: string }) => q.name === 'Duplicate check')).toMatchObject({ failed: 10 });
    expect(sectionOf('AI Provider Health').data.providers).toEqual([
      { provider: 'local', calls: 6, failures: 0, errorRate: 0, lastError: null },
      { provider: 'openai', calls: 8, failures: 4, errorRate: 50, lastError: '429 You exceeded your current quota' },
    ]);
  });
});

describe('queues', () => {
  it('lists every queue with counts and last failures, and retries a failed job after restoring its article', async () => {
    await dedupeQueue.clean(0, 1000, 'failed');
    await dedupeQueue.add('dedupe', { articleId: 424_242 }, { jobId: 'dedupe-424242-g0' });
    const failed = await until(async () => (await dedupeQueue.getJob('dedupe-424242-g0'))?.failedReason);
    expect(failed).toBe('Article 424242 does not exist');

    const { body } = await get('/api/admin/queues');
    expect(body.queues.map((q: { name: string }) => q.name)).toEqual(
      expect.arrayContaining([
        'pipeline-collect',
        'pipeline-dedupe',
        'pipeline-seo',
        'pipeline-rewrite',
        'pipeline-tag',
        'pipeline-publish',
        'pipeline-admin-fix',
        'events-search',
      ]),
    );
    const dedupe = body.queues.find((q: { name: string }) => q.name === 'pipeline-dedupe');
    expect(dedupe).toMatchObject({
      label: 'Duplicate check',
      paused: false,
      counts: { failed: 1, waiting: 0, active: 0, delayed: 0, completed: expect.any(Number) },
    });
    expect(dedupe.recentFailures).toEqual([
      {
        id: 'dedupe-424242-g0',
        name: 'dedupe',
        articleId: 424242,
        failedReason: 'Article 424242 does not exist',
        attemptsMade: expect.any(Number),
        failedAt: expect.any(String),
      },
    ]);

    // The cause is fixed (the article now exists, marked failed by the stage); a retry carries it through to the news feed.
    await insertArticle(db(), {
      id: 424_242,
      title: 'Open weights model sets a new reasoning benchmark record for AI research',
      content: richArticleHtml('reasoning'),
      excerpt: 'Researchers released a new machine learning model focused on reasoning.',
      image_url: 'https://images.example/model.png',
      processing_status: 'failed',
      last_error: 'dedupe: Article 424242 does not exist',
      pipeline_stage: 'extracted',
    });
    const retried = await post('/api/admin/queues/pipeline-dedupe/retry', { jobId: 'dedupe-424242-g0' });
    expect(retried.body).toEqual({ message: 'Retrying 1 failed job of Duplicate check', retried: 1 });
    const done = await until(async () => {
      const row = await db()('articles').where({ id: 424_242 }).first();
      return row.processing_status === 'completed' ? row : undefined;
    });
    expect(done).toMatchObject({ published: true, last_error: null });
    expect((await get('/api/admin/queues')).body.queues.find((q: { name: string }) => q.name === 'pipeline-dedupe').counts.failed).toBe(0);
    expect(await db()('admin_audit_log').where({ action: 'queueRetry' }).first()).toMatchObject({
      actor_username: ADMIN.username,
      affected_ids: [424242],
      affected_count: 1,
    });

    expect((await post('/api/admin/queues/pipeline-dedupe/retry')).body).toEqual({
      message: 'Duplicate check has no failed jobs',
      retried: 0,
    });
    expect((await post('/api/admin/queues/no-such-queue/retry')).status).toBe(404);
    expect((await post('/api/admin/queues/pipeline-dedupe/retry', { jobId: 'missing' })).status).toBe(404);
  });
});

describe('news sources', () => {
  it('adds, disables, enables and collects a source through SourcesService, with schedules and an audit trail', async () => {
    feeds.routes.set('/ops.xml', {
      body: rssFeed([
        { title: 'Chip makers race to build AI accelerators', link: 'https://ops.example/a/1', html: richArticleHtml('accelerators') },
      ]),
    });
    const added = await post('/api/admin/sources', { name: 'Ops Wire', feedUrl: `${feeds.url}/ops.xml` });
    expect(added.status).toBe(201);
    expect(added.body.source).toMatchObject({
      name: 'Ops Wire',
      feedUrl: `${feeds.url}/ops.xml`,
      enabled: true,
      schedule: { everySeconds: 900 },
    });
    const id = added.body.source.id;
    await until(async () => (await db()('articles').where({ source_id: id }).first()) !== undefined);
    // The article is stored before the collection records its success.
    await until(async () => (await db()('news_sources').where({ id }).first()).last_success_at !== null);

    const listed = (await get('/api/admin/sources')).body.sources.find((s: { id: number }) => s.id === id);
    expect(listed).toMatchObject({
      lastFetchedAt: expect.any(String),
      lastSuccessAt: expect.any(String),
      lastError: null,
      consecutiveFailures: 0,
      counters: expect.any(Object),
    });
    expect(listed.schedule.nextRunAt).toEqual(expect.any(String));

    const disabled = await post(`/api/admin/sources/${id}/disable`);
    expect(disabled.body.source).toMatchObject({ enabled: false, schedule: null });
    const enabled = await post(`/api/admin/sources/${id}/enable`);
    expect(enabled.body.source).toMatchObject({ enabled: true, schedule: { everySeconds: 900 } });

    const seen = feeds.requests.filter((r) => r.path === '/ops.xml').length;
    expect((await post(`/api/admin/sources/${id}/collect`)).body.message).toBe('"Ops Wire" queued for collection');
    await until(async () => feeds.requests.filter((r) => r.path === '/ops.xml').length > seen);

    const bad = await post('/api/admin/sources', { name: 'Broken', feedUrl: 'ftp://nope.example/feed' });
    expect({ status: bad.status, field: bad.body.error.field }).toEqual({ status: 400, field: 'feedUrl' });
    const noName = await post('/api/admin/sources', { feedUrl: 'https://x.example/rss' });
    expect({ status: noName.status, field: noName.body.error.field }).toEqual({ status: 400, field: 'name' });
    expect((await post('/api/admin/sources/999999/enable')).status).toBe(404);

    const patch = (body: unknown) => adminCall(sys.url, cookie, `/api/admin/sources/${id}`, { method: 'PATCH', body });
    const every = await patch({ intervalHours: 2 });
    expect(every.body.source).toMatchObject({ intervalHours: 2, schedule: { everySeconds: 7200 } });
    for (const intervalHours of [0, 169, 'often']) {
      const refused = await patch({ intervalHours });
      expect({ status: refused.status, field: refused.body.error.field }).toEqual({ status: 400, field: 'intervalHours' });
    }
    const slowAdd = await post('/api/admin/sources', { name: 'Slow', feedUrl: 'https://slow.example/rss', intervalHours: 200 });
    expect({ status: slowAdd.status, field: slowAdd.body.error.field }).toEqual({ status: 400, field: 'intervalHours' });

    const audit = await db()('admin_audit_log').where('action', 'like', 'source%').orderBy('id').select('action', 'affected_ids');
    expect(audit).toEqual(
      ['sourceAdd', 'sourceDisable', 'sourceEnable', 'sourceCollect', 'sourceInterval'].map((action) => ({ action, affected_ids: [id] })),
    );
  });
});

describe('provider history', () => {
  it('gives 14 days of calls and successes per provider, zeros included', async () => {
    await db()('ai_provider_metrics').insert({ provider: 'gemini', success: false, created_at: new Date(Date.now() - 3 * 86_400_000) });
    const { body } = await get('/api/admin/provider-history');
    expect(body.days).toHaveLength(14);
    expect(body.days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    const gemini = body.providers.find((p: { provider: string }) => p.provider === 'gemini');
    expect(gemini.name).toBe('Google Gemini');
    expect(gemini.daily).toHaveLength(14);
    expect(gemini.daily.find((d: { date: string }) => d.date === body.days[10])).toEqual({ date: body.days[10], calls: 1, successes: 0 });
    expect(gemini.daily.filter((d: { calls: number }) => d.calls > 0)).toHaveLength(1);
  });
});
