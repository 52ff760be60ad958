import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { createRedis } from '@neuralbeat/common';
import { PIPELINE_QUEUES, newsListResponseSchema } from '@neuralbeat/common/contracts';
import { SourcesRepository } from '../../../services/pipeline/src/collect/sourcesRepository';
import { collectNow } from '../../../services/pipeline/src/collect/scheduler';
import { startSystem, type RunningSystem } from '../../support/system';
import { otherArticleHtml, richArticleHtml, rssFeed, startFeedServer, type FeedServer } from '../../support/feedServer';

let sys: RunningSystem;
let feeds: FeedServer;
let collectQueue: Queue;
let redis: ReturnType<typeof createRedis>;

async function until<T>(fn: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 150));
  }
}
const statuses = async () =>
  Object.fromEntries(
    (await sys.database.db('articles').select('title', 'processing_status')).map((r: { title: string; processing_status: string }) => [r.title, r.processing_status]),
  );

beforeAll(async () => {
  [sys, feeds] = await Promise.all([startSystem({ PIPELINE_BACKOFF_MS: '50', PIPELINE_LOCK_MS: '2000' }), startFeedServer()]);
  redis = createRedis(sys.config.REDIS_URL);
  collectQueue = new Queue(PIPELINE_QUEUES.collect.name, { connection: redis, prefix: sys.config.REDIS_PREFIX });
});
afterAll(async () => {
  await collectQueue.close();
  redis.disconnect();
  await feeds.close();
  await sys.stop();
});

describe('the article pipeline end to end', () => {
  it('collects, dedupes, scores, rewrites, tags and publishes a feed; holds thin items; catches copies; adds nothing on re-fetch', async () => {
    feeds.routes.set(
      '/wire.xml',
      {
        body: rssFeed([
          { title: 'Open weights model sets a new reasoning benchmark record', link: 'https://fixture.example/a/reasoning?utm_source=rss', html: richArticleHtml('reasoning'), category: 'Research' },
          { title: 'Robotics lab trains a household robot with language model planning', link: 'https://fixture.example/a/robot', html: otherArticleHtml(), category: 'Product Launch' },
          { title: 'Bits', link: 'https://fixture.example/a/thin', html: '<p>Short.</p>' },
          // The same story again under another headline: the near-duplicate check must catch it.
          { title: 'New open weights model breaks reasoning benchmark record', link: 'https://fixture.example/b/reasoning-copy', html: richArticleHtml('reasoning'), category: 'Research' },
          // The first link with tracking parameters, a fragment and a trailing slash: the same URL.
          { title: 'Tracking copy', link: 'https://www.fixture.example/a/reasoning/?utm_medium=social&fbclid=x#top', html: richArticleHtml('tracking') },
        ]),
      },
    );
    const source = await new SourcesRepository(sys.database.db).upsert('Fixture Wire', `${feeds.url}/wire.xml`);
    await collectNow(collectQueue, source.id, 'req-pipeline-1');

    const settled = await until(async () => {
      const s = await statuses();
      return Object.keys(s).length === 4 && Object.values(s).every((v) => ['completed', 'duplicate', 'pending'].includes(v)) && Object.values(s).filter((v) => v === 'completed').length === 2 ? s : undefined;
    });
    expect(settled).toEqual({
      'Open weights model sets a new reasoning benchmark record': 'completed',
      'Robotics lab trains a household robot with language model planning': 'completed',
      Bits: 'pending',
      'New open weights model breaks reasoning benchmark record': 'duplicate',
    });

    const db = sys.database.db;
    const original = await db('articles').where({ title: 'Open weights model sets a new reasoning benchmark record' }).first();
    const copy = await db('articles').where({ title: 'New open weights model breaks reasoning benchmark record' }).first();
    expect(copy).toMatchObject({ is_duplicate: true, duplicate_of: original.id });
    expect(copy.duplicate_detection_data).toMatchObject({ method: 'minhash', matchedId: original.id });
    expect(copy.duplicate_detection_data.similarity).toBeGreaterThanOrEqual(0.4);
    const thin = await db('articles').where({ title: 'Bits' }).first();
    expect(thin.seo_score).toBeLessThan(68);
    expect(thin.seo_reasoning).toMatch(/body too thin/);
    expect(original.seo_score).toBeGreaterThanOrEqual(68);
    expect(await db('ai_provider_metrics').where({ provider: 'local', success: true })).toHaveLength(2);

    const res = await fetch(`${sys.url}/api/news?limit=9`);
    const news = newsListResponseSchema.parse(await res.json());
    expect(news.pagination.total).toBe(2);
    const item = news.articles.find((a) => a.title.startsWith('Open weights'))!;
    expect(item).toMatchObject({ category: 'Research', sourceName: 'Fixture Wire', aiProvider: 'local', sourceUrl: 'https://fixture.example/a/reasoning?utm_source=rss' });
    expect(item.tags).toEqual(expect.arrayContaining(['open-source', 'benchmarks']));
    expect(item.tags.every((t) => t === t.toLowerCase())).toBe(true);
    // The local provider only reuses source sentences.
    expect(item.content).toContain('Researchers released a new machine learning model focused on reasoning');

    // A re-fetch sends the ETag, gets 304 and adds nothing.
    const before = await db('articles').count<{ n: string }[]>({ n: '*' });
    await collectNow(collectQueue, source.id);
    await until(async () => feeds.requests.filter((r) => r.path === '/wire.xml').length === 2);
    await until(async () => (await db('news_sources').where({ id: source.id }).first()).last_fetched_at > original.created_at);
    expect(feeds.requests.at(-1)!.headers['if-none-match']).toMatch(/^"/);
    expect(await db('articles').count<{ n: string }[]>({ n: '*' })).toEqual(before);
    expect(await db('news_feed').count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '2' }]);
  });

  it('records a failing source and keeps going', async () => {
    feeds.routes.set('/page.html', { body: '<!doctype html><html><body>Not a feed</body></html>', contentType: 'text/html' });
    const repo = new SourcesRepository(sys.database.db);
    const broken = await repo.upsert('Broken', `${feeds.url}/page.html`);
    const missing = await repo.upsert('Missing', `${feeds.url}/nowhere.xml`);
    await collectNow(collectQueue, broken.id);
    await collectNow(collectQueue, missing.id);
    const rows = await until(async () => {
      const r = await sys.database.db('news_sources').whereIn('id', [broken.id, missing.id]).orderBy('id');
      return r.every((s: { last_error: string | null }) => s.last_error) ? r : undefined;
    });
    expect(rows[0].last_error).toMatch(/HTML page/);
    expect(rows[1].last_error).toMatch(/HTTP 404/);
    expect(rows[0].consecutive_failures).toBe(1);
  });
});
