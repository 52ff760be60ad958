import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { createRedis } from '@neuralbeat/common';
import { PIPELINE_QUEUES, newsListResponseSchema, singleArticleResponseSchema } from '@neuralbeat/common/contracts';
import { SourcesRepository } from '../../../services/pipeline/src/repositories/sourcesRepository';
import { collectNow } from '../../../services/pipeline/src/collect/scheduler';
import { startSystem, type RunningSystem } from '../../support/system';
import { otherArticleHtml, richArticleHtml, rssFeed, startFeedServer, type FeedServer } from '../../support/feedServer';
import { articlePage, launchParagraphs } from '../../support/articlePages';
import { until } from '../../support/until';

const run = promisify(execFile);
let sys: RunningSystem;
let feeds: FeedServer;
let collectQueue: Queue;
let redis: ReturnType<typeof createRedis>;

type StatusRow = { title: string; processing_status: string; seo_score: number | null };
/** Each article's status once the pipeline is done with it: published, held as a duplicate, failed, or held pending by the SEO gate (scored). */
const settled = (sourceId: number, count: number) =>
  until(async () => {
    const rows: StatusRow[] = await sys.database
      .db('articles')
      .where({ source_id: sourceId })
      .select('title', 'processing_status', 'seo_score');
    const done = (r: StatusRow) =>
      ['completed', 'duplicate', 'failed'].includes(r.processing_status) || (r.processing_status === 'pending' && r.seo_score !== null);
    return rows.length === count && rows.every(done) ? Object.fromEntries(rows.map((r) => [r.title, r.processing_status])) : undefined;
  });

beforeAll(async () => {
  [sys, feeds] = await Promise.all([startSystem({ PIPELINE_BACKOFF_MS: '50', PIPELINE_LOCK_MS: '2000' }), startFeedServer()]);
  redis = createRedis(sys.config.REDIS_URL);
  collectQueue = new Queue(PIPELINE_QUEUES.collect.name, { connection: redis, prefix: sys.config.REDIS_PREFIX });
  feeds.routes.set('/robots.txt', { body: 'User-agent: *\nDisallow: /private/\n', contentType: 'text/plain' });
});
afterAll(async () => {
  await collectQueue.close();
  redis.disconnect();
  await feeds.close();
  await sys.stop();
});

describe('the article pipeline end to end', () => {
  it('collects, dedupes, scores, rewrites, tags and publishes a feed; holds thin items; catches copies; adds nothing on re-fetch', async () => {
    feeds.routes.set('/wire.xml', {
      body: rssFeed([
        {
          title: 'Open weights model sets a new reasoning benchmark record',
          link: `${feeds.url}/a/reasoning?utm_source=rss`,
          guid: null,
          html: richArticleHtml('reasoning'),
          category: 'Research',
        },
        {
          title: 'Robotics lab trains a household robot with language model planning',
          link: `${feeds.url}/a/robot`,
          html: otherArticleHtml(),
          category: 'Product Launch',
        },
        { title: 'Bits', link: `${feeds.url}/a/thin`, html: '<p>Short.</p>' },
        // The same story again under another headline: the duplicate check must catch it.
        {
          title: 'New open weights model breaks reasoning benchmark record',
          link: `${feeds.url}/b/reasoning-copy`,
          html: richArticleHtml('reasoning'),
          category: 'Research',
          date: 'Tue, 17 Nov 2026 08:00:00 GMT',
        },
        // The first link with tracking parameters, a fragment and a trailing slash, and no guid: the same item.
        {
          title: 'Tracking copy',
          link: `${feeds.url}/a/reasoning/?utm_medium=social&fbclid=x#top`,
          guid: null,
          html: richArticleHtml('tracking'),
        },
      ]),
    });
    const source = await new SourcesRepository(sys.database.db).upsert('Fixture Wire', `${feeds.url}/wire.xml`);
    await collectNow(collectQueue, source.id, 'req-pipeline-1');

    const outcome = await settled(source.id, 4);
    expect(outcome).toMatchObject({ 'Robotics lab trains a household robot with language model planning': 'completed', Bits: 'pending' });
    const db = sys.database.db;
    expect(await db('news_sources').where({ id: source.id }).first()).toMatchObject({
      items_seen: 5,
      items_added: 4,
      items_folded: 1,
      last_collection_status: 'collected',
    });

    // The two copies of the reasoning story: one is live, the other held; whichever was processed first, the copy published first is the origin.
    const original = await db('articles').where({ title: 'Open weights model sets a new reasoning benchmark record' }).first();
    const copy = await db('articles').where({ title: 'New open weights model breaks reasoning benchmark record' }).first();
    expect([original.processing_status, copy.processing_status].sort()).toEqual(['completed', 'duplicate']);
    expect(copy.story_cluster_id).toBe(original.story_cluster_id);
    expect(await db('story_clusters').where({ id: original.story_cluster_id }).first()).toMatchObject({ origin_article_id: original.id });
    const held = original.processing_status === 'duplicate' ? original : copy;
    const live = held === original ? copy : original;
    expect(held).toMatchObject({ is_duplicate: true, duplicate_of: held === original ? null : original.id });
    expect(held.duplicate_detection_data).toMatchObject({
      method: 'minhash',
      matchedId: live.id,
      reason: 'nearly identical',
      origin: held === original,
    });
    expect(held.duplicate_detection_data.similarity).toBeGreaterThanOrEqual(0.9);
    expect(live).toMatchObject({ published: true, is_duplicate: false });
    const thin = await db('articles').where({ title: 'Bits' }).first();
    expect(thin.seo_score).toBeLessThan(68);
    expect(thin.seo_reasoning).toMatch(/body too thin/);
    // Its page was asked for and missing; the reason is kept with the article.
    expect(thin.full_text_note).toBe('Feed text kept: the page answered HTTP 404.');
    expect(thin.seo_reasoning).toContain('Feed text kept: the page answered HTTP 404.');
    expect(live.seo_score).toBeGreaterThanOrEqual(68);
    expect(await db('ai_provider_metrics').where({ provider: 'local', success: true })).toHaveLength(2);

    const res = await fetch(`${sys.url}/api/news?limit=9`);
    const listed = (await res.json()) as { articles: object[] };
    const news = newsListResponseSchema.parse(listed);
    expect(news.pagination.total).toBe(2);
    const item = news.articles.find((a) => a.title === live.title)!;
    expect(item).toMatchObject({ category: 'Research', sourceName: 'Fixture Wire', aiProvider: 'local', sourceUrl: live.source_url });
    expect(item.tags).toEqual(expect.arrayContaining(['open-source', 'benchmarks']));
    expect(item.tags.every((t) => t === t.toLowerCase())).toBe(true);
    // The list carries summaries; the article's own answer has the body, where the local provider only reuses source sentences.
    for (const summary of listed.articles) expect(summary).not.toHaveProperty('content');
    const { article } = singleArticleResponseSchema.parse(await (await fetch(`${sys.url}/api/news/${item.slug}`)).json());
    expect(article.content).toContain('Researchers released a new machine learning model focused on reasoning');

    // A re-fetch sends the ETag, gets 304 and adds nothing.
    const before = await db('articles').count<{ n: string }[]>({ n: '*' });
    await collectNow(collectQueue, source.id);
    await until(async () => feeds.requests.filter((r) => r.path === '/wire.xml').length === 2);
    await until(async () => (await db('news_sources').where({ id: source.id }).first()).last_collection_status === 'not-modified');
    expect(feeds.requests.filter((r) => r.path === '/wire.xml').at(-1)!.headers['if-none-match']).toMatch(/^"/);
    expect(await db('articles').count<{ n: string }[]>({ n: '*' })).toEqual(before);
    expect(await db('news_feed').count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '2' }]);
  });

  it('a real-shaped feed of headlines and one-line summaries publishes the items whose pages carry an article, and holds a thin one with its reason', async () => {
    const db = sys.database.db;
    const item = (slug: string, title: string, description: string) => ({
      title,
      link: `${feeds.url}/blog/${slug}`,
      guid: `${feeds.url}/blog/${slug}`,
      description,
      category: 'Product',
    });
    feeds.routes.set('/lab.xml', {
      body: rssFeed(
        [
          item(
            'atlas-2',
            'Fixture Labs ships Atlas 2 for long documents',
            'Atlas 2 reads long documents and answers questions about them.',
          ),
          item('orbit-ga', 'Orbit agent platform reaches general availability', 'Orbit is now available to every team.'),
          item('office-hours', 'Office hours this Friday', 'Join our office hours this Friday.'),
          item('weekly-links', 'Weekly links', 'Links we liked this week.'),
          { ...item('internal', 'Internal preview of our roadmap', 'A preview for partners.'), link: `${feeds.url}/private/roadmap` },
        ],
        'Fixture Labs Blog',
      ),
    });
    feeds.routes.set('/blog/atlas-2', {
      body: articlePage({
        title: 'Fixture Labs ships Atlas 2 for long documents',
        paragraphs: launchParagraphs('Atlas 2'),
        author: 'Dana Whitfield',
        image: '/img/atlas.png',
      }),
      contentType: 'text/html; charset=utf-8',
    });
    feeds.routes.set('/blog/orbit-ga', {
      body: articlePage({
        title: 'Orbit reaches general availability',
        paragraphs: launchParagraphs('Orbit').map((p) => p.replace(/model/g, 'agent model')),
        authorIn: 'meta',
        author: 'Ravi Osei',
      }),
      contentType: 'text/html',
    });
    feeds.routes.set('/blog/office-hours', {
      body: articlePage({
        title: 'Office hours this Friday',
        paragraphs: ['Join our office hours this Friday at 5pm to ask the team anything.'],
      }),
      contentType: 'text/html',
    });
    const source = await new SourcesRepository(db).upsert('Fixture Labs Blog', `${feeds.url}/lab.xml`);
    await collectNow(collectQueue, source.id);

    expect(await settled(source.id, 5)).toEqual({
      'Fixture Labs ships Atlas 2 for long documents': 'completed',
      'Orbit agent platform reaches general availability': 'completed',
      'Office hours this Friday': 'pending',
      'Weekly links': 'pending',
      'Internal preview of our roadmap': 'pending',
    });
    const rows: Record<string, Record<string, any>> = Object.fromEntries(
      (await db('articles').where({ source_id: source.id })).map((r: { title: string }) => [r.title, r]),
    );
    expect(rows['Fixture Labs ships Atlas 2 for long documents']).toMatchObject({
      full_text_status: 'page',
      author: 'Dana Whitfield',
      image_url: `${feeds.url}/img/atlas.png`,
    });
    expect(rows['Orbit agent platform reaches general availability']).toMatchObject({ full_text_status: 'page', author: 'Ravi Osei' });
    expect(rows['Office hours this Friday'].seo_reasoning).toMatch(
      /Feed text kept: (the page has no more text than the feed \(\d+ words\)|no article text found on the page)\./,
    );
    expect(rows['Weekly links'].seo_reasoning).toContain('Feed text kept: the page answered HTTP 404.');
    expect(rows['Internal preview of our roadmap'].seo_reasoning).toMatch(
      /Feed text kept: robots\.txt of 127\.0\.0\.1:\d+ disallows \/private\/roadmap for NeuralBeatBot\./,
    );
    expect(feeds.requests.some((r) => r.path === '/private/roadmap')).toBe(false);

    const published = await db('news_feed').where({ article_id: rows['Fixture Labs ships Atlas 2 for long documents'].id }).first();
    expect(published.content).toContain('Engineers can call the model through the existing API');
    expect(published).toMatchObject({
      author: 'Dana Whitfield',
      image_url: `${feeds.url}/img/atlas.png`,
      excerpt: 'Atlas 2 reads long documents and answers questions about them.',
    });
  });

  it('an item the publisher edited updates its live news item in place, and search follows', async () => {
    const db = sys.database.db;
    const source = await db('news_sources').where({ name: 'Fixture Labs Blog' }).first();
    const article = await db('articles').where({ source_id: source.id, title: 'Fixture Labs ships Atlas 2 for long documents' }).first();
    const before = await db('news_feed').where({ article_id: article.id }).first();
    const lab = feeds.routes.get('/lab.xml')!;
    feeds.routes.set('/lab.xml', {
      ...lab,
      body: String(lab.body).replace(
        'Fixture Labs ships Atlas 2 for long documents',
        'Fixture Labs ships Atlas 2 for extraordinarily long documents',
      ),
    });
    await collectNow(collectQueue, source.id);

    const after = await until(async () => {
      const row = await db('news_feed').where({ article_id: article.id }).first();
      return row.title !== before.title ? row : undefined;
    });
    expect(after).toMatchObject({
      id: before.id,
      slug: before.slug,
      title: 'Fixture Labs ships Atlas 2 for extraordinarily long documents',
    });
    expect(await db('articles').where({ id: article.id }).first()).toMatchObject({
      published: true,
      processing_status: 'completed',
      pipeline_generation: article.pipeline_generation + 1,
    });
    // The page was asked again conditionally and had not changed.
    const pageRequests = feeds.requests.filter((r) => r.path === '/blog/atlas-2');
    expect(pageRequests.at(-1)!.headers['if-none-match']).toBe(article.page_etag);
    expect(await db('news_feed')).toHaveLength(4);
    // newsfeed.updated reached the search index.
    const hits = await until(async () => {
      const body = (await (await fetch(`${sys.url}/api/news/search?q=extraordinarily`)).json()) as
        { slug: string }[] | { results?: { slug: string }[] };
      const list = Array.isArray(body) ? body : (body.results ?? []);
      return list.some((r) => r.slug === before.slug) ? list : undefined;
    });
    expect(hits.length).toBeGreaterThan(0);
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
    expect(rows[0]).toMatchObject({ consecutive_failures: 1, last_collection_status: 'failed' });
  });
});

describe('sources are live', () => {
  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'services/pipeline/src/cli/sources.ts', ...args], {
      env: {
        ...process.env,
        DATABASE_URL: sys.database.url,
        REDIS_URL: sys.config.REDIS_URL,
        REDIS_PREFIX: sys.config.REDIS_PREFIX,
        LOG_LEVEL: 'silent',
      },
    }).then((r) => r.stdout);

  it(
    'a source added with the CLI is collected by the running pipeline at once; "collect" collects it again now; "list" shows what it found',
    { timeout: 90_000 },
    async () => {
      const db = sys.database.db;
      const first = {
        title: 'Live wire story about speech recognition models',
        link: `${feeds.url}/live/1`,
        html: richArticleHtml('speech recognition'),
      };
      feeds.routes.set('/live.xml', { body: rssFeed([first], 'Live Wire') });
      const out = await cli('add', 'Live Wire', `${feeds.url}/live.xml`);
      const id = Number(out.match(/Source (\d+)/)![1]);
      // No restart: the pipeline's workers take the new schedule's first run from Redis.
      await until(async () => (await db('articles').where({ source_id: id })).length === 1);

      const second = { title: 'Live wire follow-up on translation agents', link: `${feeds.url}/live/2`, html: otherArticleHtml() };
      feeds.routes.set('/live.xml', { body: rssFeed([first, second], 'Live Wire') });
      expect(await cli('collect', String(id))).toContain(`Source ${id} "Live Wire" queued for collection.`);
      await until(async () => (await db('articles').where({ source_id: id })).length === 2);
      await until(async () => (await db('news_sources').where({ id }).first()).items_seen === 2);
      expect(await cli('list')).toMatch(
        new RegExp(
          `${id}\\s+enabled\\s+Live Wire\\s+\\S+/live.xml\\n\\s+last collection: \\S+, collected: 2 items seen, 1 added, 0 updated, 0 folded together`,
        ),
      );
    },
  );
});
