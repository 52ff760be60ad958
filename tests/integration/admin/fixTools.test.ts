import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { createRedis } from '@neuralbeat/common';
import { PIPELINE_QUEUES } from '@neuralbeat/common/contracts';
import { startSystem, type RunningSystem } from '../../support/system';
import { ADMIN, adminCall, insertAccounts, signIn, until } from '../../support/admin';
import { insertArticle, insertNewsItem } from '../../support/factories';
import { richArticleHtml } from '../../support/feedServer';

let sys: RunningSystem;
let cookie: string;
let redis: ReturnType<typeof createRedis>;
const queues: Record<string, Queue> = {};

beforeAll(async () => {
  sys = await startSystem({ PIPELINE_BACKOFF_MS: '50' });
  await insertAccounts(sys.database.db);
  cookie = await signIn(sys.url);
  redis = createRedis(sys.config.REDIS_URL);
  for (const stage of ['seo', 'rewrite', 'adminFix'] as const) {
    queues[stage] = new Queue(PIPELINE_QUEUES[stage].name, { connection: redis, prefix: sys.config.REDIS_PREFIX });
  }
});
afterAll(async () => {
  await Promise.all(Object.values(queues).map((q) => q.close()));
  redis.disconnect();
  await sys.stop();
});
beforeEach(async () => {
  await sys.database.db('news_feed').del();
  await sys.database.db('articles').del();
  await sys.database.db('admin_audit_log').del();
});

const db = () => sys.database.db;
const post = (path: string, body: unknown) => adminCall(sys.url, cookie, path, { body });
/** Every article row, for comparing what a call changed. */
const snapshot = async (): Promise<Record<number, any>> =>
  Object.fromEntries((await db()('articles').orderBy('id')).map((r: { id: number }) => [r.id, r]));
const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

async function insertDuplicate(publishDate: string, over: Record<string, unknown> = {}) {
  const original = await insertArticle(db(), {
    processing_status: 'completed',
    published: true,
    pipeline_stage: 'published',
    publish_date: day(publishDate),
  });
  return insertArticle(db(), {
    publish_date: day(publishDate),
    processing_status: 'duplicate',
    is_duplicate: true,
    duplicate_of: original.id,
    duplicate_detection_data: { method: 'minhash', similarity: 0.62, matchedId: original.id },
    pipeline_stage: 'deduped',
    ...over,
  });
}

describe('reset duplicates', () => {
  it('by date: a dry run lists and changes nothing; the live run changes exactly those rows, re-drives them and is audited', async () => {
    const march5 = await insertDuplicate('2026-03-05');
    const march10 = await insertDuplicate('2026-03-10');
    const february = await insertDuplicate('2026-02-20');
    const pendingSameDay = await insertArticle(db(), { publish_date: day('2026-03-06') });
    const before = await snapshot();

    const dry = await post('/api/admin/reset-duplicates', { dryRun: true, fromDate: '2026-03-01' });
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual({
      message: 'Found 2 duplicate articles published on or after 2026-03-01 that would be reset to pending; nothing was changed',
      results: {
        total: 2,
        processed: 0,
        articles: [
          { id: march10.id, title: march10.title, publishDate: '2026-03-10T12:00:00.000Z', status: 'duplicate' },
          { id: march5.id, title: march5.title, publishDate: '2026-03-05T12:00:00.000Z', status: 'duplicate' },
        ],
      },
    });
    expect(await snapshot()).toEqual(before);
    expect(await db()('admin_audit_log').count({ n: '*' }).first()).toEqual({ n: '0' });

    const live = await post('/api/admin/reset-duplicates', { dryRun: false, fromDate: '2026-03-01' });
    expect(live.status).toBe(200);
    expect(live.body.message).toBe(
      'Reset 2 of 2 duplicate articles published on or after 2026-03-01 to pending; they are queued for processing',
    );
    expect(live.body.results).toMatchObject({ total: 2, processed: 2 });
    expect(live.body.results.articles.map((a: { id: number; status: string }) => [a.id, a.status])).toEqual([
      [march10.id, 'pending'],
      [march5.id, 'pending'],
    ]);

    const after = await snapshot();
    for (const id of Object.keys(before).map(Number)) {
      if (id === march5.id || id === march10.id) continue;
      expect(after[id]).toEqual(before[id]);
    }
    for (const row of [after[march5.id], after[march10.id]]) {
      expect(row).toMatchObject({ is_duplicate: false, duplicate_of: null, pipeline_generation: 1, processing_attempts: 0 });
      expect(row.duplicate_detection_data).toMatchObject({ method: 'minhash', matchedId: expect.any(Number), resetBy: ADMIN.username });
      expect(['pending', 'processing']).toContain(row.processing_status);
    }
    expect(after[february.id].processing_status).toBe('duplicate');
    expect(after[pendingSameDay.id]).toEqual(before[pendingSameDay.id]);

    const audit = await db()('admin_audit_log').select('*');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_username: ADMIN.username,
      action: 'duplicateReset',
      affected_count: 2,
      params: { fromDate: '2026-03-01' },
    });
    expect([...audit[0].affected_ids].sort()).toEqual([march5.id, march10.id].sort());
    expect(Date.now() - new Date(audit[0].created_at).getTime()).toBeLessThan(60_000);
    const listed = await adminCall(sys.url, cookie, '/api/admin/audit');
    expect(listed.body.entries[0]).toMatchObject({
      actor: ADMIN.username,
      action: 'duplicateReset',
      affectedCount: 2,
      params: { fromDate: '2026-03-01' },
    });

    // The reset articles went back into the pipeline under new job ids (generation 1), past the duplicate check.
    for (const id of [march5.id, march10.id]) expect(await queues.seo!.getJob(`seo-${id}-g1`)).toBeTruthy();
    await until(async () => (await db()('articles').where({ id: march5.id }).first()).seo_score !== null);

    // The fix ran as a job on the admin-fix queue.
    const fixJobs = await queues.adminFix!.getJobs(['completed']);
    expect(fixJobs.map((j) => j.data.kind)).toEqual(['duplicateReset', 'duplicateReset']);
    expect(fixJobs.find((j) => j.data.dryRun === false)!.data.actor).toMatchObject({ username: ADMIN.username });
  });

  it('by ids: only those duplicates are reset, whatever their date, and the date is ignored', async () => {
    const old = await insertDuplicate('2025-11-02');
    const recent = await insertDuplicate('2026-03-08');
    const notDuplicate = await insertArticle(db(), { publish_date: day('2026-03-08') });
    const before = await snapshot();

    const dry = await post('/api/admin/reset-duplicates', {
      dryRun: true,
      fromDate: '2030-01-01',
      specificIds: [old.id, notDuplicate.id, 99_999_999],
    });
    expect(dry.body.results.articles.map((a: { id: number }) => a.id)).toEqual([old.id]);
    expect(dry.body.message).toBe(
      'Found 1 duplicate article with the given 3 IDs that would be reset to pending; nothing was changed (2 given IDs not a duplicate article)',
    );
    expect(await snapshot()).toEqual(before);

    const live = await post('/api/admin/reset-duplicates', { dryRun: false, specificIds: [old.id, notDuplicate.id] });
    expect(live.body.results).toMatchObject({ total: 1, processed: 1, articles: [{ id: old.id, status: 'pending' }] });
    const after = await snapshot();
    expect(after[old.id]).toMatchObject({ is_duplicate: false, pipeline_generation: 1 });
    expect(after[recent.id]).toEqual(before[recent.id]);
    expect(after[notDuplicate.id]).toEqual(before[notDuplicate.id]);
    expect(await db()('admin_audit_log').first()).toMatchObject({
      action: 'duplicateReset',
      affected_ids: [old.id],
      params: { specificIds: [old.id, notDuplicate.id] },
    });
  });

  it('re-drives a reset article through the remaining stages to the news feed', async () => {
    const copy = await insertDuplicate('2026-03-12', {
      title: 'Open weights model sets a new reasoning benchmark record for AI research',
      content: richArticleHtml('reasoning'),
      excerpt: 'Researchers released a new machine learning model focused on reasoning.',
      image_url: 'https://images.example/model.png',
    });
    const res = await post('/api/admin/reset-duplicates', { dryRun: false, specificIds: [copy.id] });
    expect(res.body.results.processed).toBe(1);
    const published = await until(async () => {
      const row = await db()('articles').where({ id: copy.id }).first();
      return row.processing_status === 'completed' ? row : undefined;
    });
    expect(published).toMatchObject({ published: true, pipeline_stage: 'published', pipeline_generation: 1, ai_provider: 'local' });
    expect(await db()('news_feed').where({ article_id: copy.id }).first()).toBeTruthy();
    for (const stage of ['seo', 'rewrite'] as const) expect(await queues[stage]!.getJob(`${stage}-${copy.id}-g1`)).toBeTruthy();
  });

  it('rejects a request without a date or ids, or with a malformed one, naming the field and changing nothing', async () => {
    const dup = await insertDuplicate('2026-03-05');
    const before = await snapshot();
    const cases: [unknown, string, string][] = [
      [{ dryRun: false }, 'fromDate', 'Give a date (fromDate) or at least one article id (specificIds)'],
      [{ dryRun: false, specificIds: [] }, 'fromDate', 'Give a date (fromDate) or at least one article id (specificIds)'],
      [{ dryRun: false, fromDate: '03/05/2026' }, 'fromDate', 'fromDate must be a date as yyyy-MM-dd'],
      [{ dryRun: false, specificIds: [dup.id, -1] }, 'specificIds.1', 'specificIds must be whole numbers above 0'],
      [{ dryRun: 'no', fromDate: '2026-03-01' }, 'dryRun', 'dryRun must be true or false'],
    ];
    for (const [body, field, message] of cases) {
      const res = await post('/api/admin/reset-duplicates', body);
      expect({ status: res.status, error: res.body.error }).toEqual({
        status: 400,
        error: { status: 400, code: 'validation_failed', field, message },
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('is a dry run when dryRun is left out', async () => {
    const dup = await insertDuplicate('2026-03-05');
    const res = await post('/api/admin/reset-duplicates', { specificIds: [dup.id] });
    expect(res.body.results).toMatchObject({ total: 1, processed: 0 });
    expect((await db()('articles').where({ id: dup.id }).first()).processing_status).toBe('duplicate');
  });
});

describe('duplicate stats', () => {
  it('counts duplicates and groups the last 30 days by publish day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await insertDuplicate(today);
    await insertDuplicate(today);
    await insertDuplicate(yesterday);
    await insertDuplicate('2020-01-01');
    const res = await adminCall(sys.url, cookie, '/api/admin/duplicate-stats');
    expect(res.body).toEqual({
      totalDuplicates: 4,
      byDate: [
        { date: today, count: 2 },
        { date: yesterday, count: 1 },
      ],
    });
  });
});

describe('fix published statuses', () => {
  it('lists articles in the news feed not marked completed, then marks exactly those', async () => {
    const stuckProcessing = await insertNewsItem(db());
    await db()('articles').where({ id: stuckProcessing.article_id }).update({ processing_status: 'processing' });
    const unpublished = await insertNewsItem(db());
    await db()('articles').where({ id: unpublished.article_id }).update({ processing_status: 'failed', published: false });
    const fine = await insertNewsItem(db());
    const notInFeed = await insertArticle(db(), { processing_status: 'processing' });
    const before = await snapshot();

    const dry = await post('/api/admin/fix-published-statuses', { dryRun: true });
    expect(dry.body).toEqual({
      message: 'Found 2 articles in the news feed not marked published and completed that would be fixed; nothing was changed',
      results: {
        total: 2,
        processed: 0,
        articles: [
          { id: stuckProcessing.article_id, title: expect.any(String), oldStatus: 'processing', newsFeedId: stuckProcessing.id },
          { id: unpublished.article_id, title: expect.any(String), oldStatus: 'failed', newsFeedId: unpublished.id },
        ],
      },
    });
    expect(await snapshot()).toEqual(before);

    const live = await post('/api/admin/fix-published-statuses', { dryRun: false });
    expect(live.body.results).toMatchObject({ total: 2, processed: 2 });
    expect(live.body.message).toBe('Marked 2 of 2 articles in the news feed as published and completed');
    const after = await snapshot();
    for (const id of [stuckProcessing.article_id, unpublished.article_id])
      expect(after[id]).toMatchObject({ processing_status: 'completed', published: true, pipeline_stage: 'published' });
    expect(after[fine.article_id]).toEqual(before[fine.article_id]);
    expect(after[notInFeed.id]).toEqual(before[notInFeed.id]);
    expect(await db()('admin_audit_log').first()).toMatchObject({ action: 'publishedStatusFix', affected_count: 2 });

    const again = await post('/api/admin/fix-published-statuses', { dryRun: true });
    expect(again.body).toEqual({
      message: 'All articles already have the correct status',
      results: { total: 0, processed: 0, articles: [] },
    });
  });
});

describe('fix low SEO articles', () => {
  it('skips exactly the pending articles scored below 68, attempts at 3, in a new generation', async () => {
    const low = await insertArticle(db(), { seo_score: 40, pipeline_stage: 'deduped' });
    const justBelow = await insertArticle(db(), { seo_score: 67, pipeline_stage: 'deduped' });
    const atThreshold = await insertArticle(db(), { seo_score: 68 });
    const unscored = await insertArticle(db());
    const lowButProcessing = await insertArticle(db(), { seo_score: 30, processing_status: 'processing' });
    const before = await snapshot();

    const dry = await post('/api/admin/fix-low-seo-articles', { dryRun: true });
    expect(dry.body).toEqual({
      message: 'Found 2 pending articles with an SEO score below 68 that would be marked skipped; nothing was changed',
      dryRun: true,
      totalArticles: 2,
      updatedCount: 0,
      sampleArticles: [
        { id: low.id, title: low.title, seo_score: 40, processing_status: 'pending' },
        { id: justBelow.id, title: justBelow.title, seo_score: 67, processing_status: 'pending' },
      ],
    });
    expect(await snapshot()).toEqual(before);

    const live = await post('/api/admin/fix-low-seo-articles', { dryRun: false });
    expect(live.body).toMatchObject({ dryRun: false, totalArticles: 2, updatedCount: 2 });
    expect(live.body.sampleArticles.map((a: { processing_status: string }) => a.processing_status)).toEqual(['skipped', 'skipped']);
    const after = await snapshot();
    for (const id of [low.id, justBelow.id])
      expect(after[id]).toMatchObject({ processing_status: 'skipped', processing_attempts: 3, pipeline_generation: 1 });
    for (const row of [atThreshold, unscored, lowButProcessing]) expect(after[row.id]).toEqual(before[row.id]);
    expect(await db()('admin_audit_log').first()).toMatchObject({ action: 'lowSeoFix', actor_username: ADMIN.username, affected_count: 2 });
  });
});

describe('re-queue stuck articles', () => {
  it('queues articles idle in a stage again from their next stage, under a new generation', async () => {
    const stuck = await insertArticle(db(), {
      processing_status: 'processing',
      pipeline_stage: 'scored',
      seo_score: 80,
      content: richArticleHtml('agents'),
      updated_at: new Date(Date.now() - 3 * 3600_000),
    });
    const fresh = await insertArticle(db(), { processing_status: 'processing', pipeline_stage: 'scored', seo_score: 80 });
    const held = await insertArticle(db(), { seo_score: 20, pipeline_stage: 'deduped', updated_at: new Date(Date.now() - 3 * 3600_000) });

    const dry = await post('/api/admin/requeue-stuck-articles', { dryRun: true });
    expect(dry.body.results).toMatchObject({ total: 1, processed: 0, articles: [{ id: stuck.id, status: 'processing', stage: 'scored' }] });
    const live = await post('/api/admin/requeue-stuck-articles', { dryRun: false });
    expect(live.body.results).toMatchObject({ total: 1, processed: 1 });
    expect(await queues.rewrite!.getJob(`rewrite-${stuck.id}-g1`)).toBeTruthy();
    const rows = await snapshot();
    expect(rows[fresh.id].pipeline_generation).toBe(0);
    expect(rows[held.id].pipeline_generation).toBe(0);
    expect(await db()('admin_audit_log').first()).toMatchObject({ action: 'stuckRequeue', affected_ids: [stuck.id] });
  });
});

describe('article stats', () => {
  it('counts every status and splits pending into awaiting stages and held by SEO', async () => {
    await insertArticle(db());
    await insertArticle(db(), { seo_score: 80 });
    await insertArticle(db(), { seo_score: 12 });
    await insertDuplicate('2026-01-01');
    await insertArticle(db(), { processing_status: 'failed' });
    const res = await adminCall(sys.url, cookie, '/api/admin/article-stats');
    expect(res.body).toEqual({
      stats: { pendingContent: 2, pendingDuplicate: 1, pendingSeo: 1 },
      statusBreakdown: [
        { status: 'pending', count: 3 },
        { status: 'processing', count: 0 },
        { status: 'completed', count: 1 },
        { status: 'failed', count: 1 },
        { status: 'skipped', count: 0 },
        { status: 'duplicate', count: 1 },
      ],
    });
  });
});
