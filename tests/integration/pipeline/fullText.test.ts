import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import { createLogger, type Config } from '@neuralbeat/common';
import { createFullTextProcessor } from '../../../services/pipeline/src/workers/fullText';
import { PoliteFetcher } from '../../../services/pipeline/src/fulltext/politeFetcher';
import type { ArticleFlow, WorkerDeps } from '../../../services/pipeline/src/workers/types';
import { createTestDatabase, testConfig, testRedis, testRedisPrefix, type TestDatabase } from '../../support/testEnv';
import { insertArticle } from '../../support/factories';
import { startFeedServer, type FeedServer } from '../../support/feedServer';
import { articlePage, launchParagraphs } from '../../support/articlePages';

let t: TestDatabase;
let site: FeedServer;
let redis: ReturnType<typeof testRedis>;
let config: Config;
const advanced: number[] = [];
const flow: ArticleFlow = { start: async () => undefined, advance: async (_stage, id) => void advanced.push(id) };
const deps = (cfg: Config = config): WorkerDeps => ({
  db: t.db,
  redis,
  logger: createLogger('test', 'silent'),
  config: cfg,
  flow,
  bus: { publish: async () => undefined } as unknown as WorkerDeps['bus'],
});
const delayedTo: number[] = [];
const job = (articleId: number) =>
  ({ data: { articleId }, moveToDelayed: async (until: number) => void delayedTo.push(until) }) as unknown as Job<{ articleId: number }>;

/** A thin feed item (headline and one line) linking to `path` on `server`. */
const thinItem = (server: FeedServer, path: string, over: Record<string, unknown> = {}) =>
  insertArticle(t.db, {
    title: 'Fixture Labs ships Atlas 2 for long documents',
    content: '<p>Atlas 2 reads long documents and answers questions about them.</p>',
    excerpt: 'Atlas 2 reads long documents and answers questions about them.',
    source_url: `${server.url}${path}`,
    author: 'Fixture Labs Blog',
    news_source: 'Fixture Labs Blog',
    ...over,
  });
const row = (id: number) => t.db('articles').where({ id }).first();

beforeAll(async () => {
  [t, site] = await Promise.all([createTestDatabase(), startFeedServer()]);
  redis = testRedis();
  config = testConfig(t.url, {
    SITE_URL: 'https://neuralbeat.test',
    SITE_CONTACT_EMAIL: 'crawler@neuralbeat.test',
    PAGE_TIMEOUT_MS: '400',
    PAGE_MAX_BYTES: '20000',
  });
  site.routes.set('/robots.txt', { body: 'User-agent: *\nDisallow: /admin/\n', contentType: 'text/plain' });
});
afterAll(async () => {
  redis.disconnect();
  await site.close();
  await t.drop();
});
beforeEach(() => {
  advanced.length = 0;
  delayedTo.length = 0;
});

describe('full text of thin feed items', () => {
  it('fetches the linked page and keeps its article: main text, lead image and author, nothing of the page around it', async () => {
    site.routes.set('/blog/atlas-2', {
      body: articlePage({
        title: 'Fixture Labs ships Atlas 2',
        paragraphs: launchParagraphs('Atlas 2'),
        author: 'Dana Whitfield',
        image: '/images/atlas-2.png',
      }),
      contentType: 'text/html; charset=utf-8',
      headers: { 'last-modified': 'Mon, 16 Nov 2026 09:00:00 GMT' },
    });
    const a = await thinItem(site, '/blog/atlas-2');
    expect(await createFullTextProcessor(deps())(job(a.id))).toBe('done');
    const r = await row(a.id);
    expect(r).toMatchObject({
      full_text_status: 'page',
      full_text_note: null,
      pipeline_stage: 'extracted',
      author: 'Dana Whitfield',
      image_url: `${site.url}/images/atlas-2.png`,
    });
    expect(r.content).toContain('Engineers can call the model through the existing API');
    expect(r.content).toContain('<h2>What changes</h2>');
    for (const boilerplate of ['cookies', 'Subscribe to our newsletter', 'All rights reserved', 'Share on X', 'Careers'])
      expect(r.content).not.toContain(boilerplate);
    expect(r.content).not.toMatch(/<(script|img|form|button|nav)/);
    expect(r.page_etag).toMatch(/^"/);
    expect(r.page_last_modified).toBe('Mon, 16 Nov 2026 09:00:00 GMT');
    // The feed's own summary stays the excerpt.
    expect(r.excerpt).toBe('Atlas 2 reads long documents and answers questions about them.');
    expect(advanced).toEqual([a.id]);

    // robots.txt first, then the page, both with a user agent naming the site and its contact address.
    const seen = site.requests.filter((q) => q.path === '/robots.txt' || q.path === '/blog/atlas-2');
    expect(seen.map((q) => q.path)).toEqual(['/robots.txt', '/blog/atlas-2']);
    for (const q of seen) expect(q.headers['user-agent']).toBe('NeuralBeatBot/1.0 (+https://neuralbeat.test; crawler@neuralbeat.test)');
  });

  it('takes the author from schema.org data and keeps a feed-given author and image', async () => {
    site.routes.set('/blog/ld', {
      body: articlePage({
        title: 'Atlas notes',
        paragraphs: launchParagraphs('Atlas'),
        author: 'Ravi Osei',
        authorIn: 'json-ld',
        image: 'https://cdn.fixture.test/og.png',
      }),
      contentType: 'text/html',
    });
    const a = await thinItem(site, '/blog/ld');
    await createFullTextProcessor(deps())(job(a.id));
    expect(await row(a.id)).toMatchObject({ author: 'Ravi Osei', image_url: 'https://cdn.fixture.test/og.png' });
    const b = await thinItem(site, '/blog/ld', { author: 'Feed Author', image_url: 'https://feed.example/own.png' });
    await createFullTextProcessor(deps())(job(b.id));
    expect(await row(b.id)).toMatchObject({ author: 'Feed Author', image_url: 'https://feed.example/own.png', full_text_status: 'page' });
  });

  it('sends a conditional request for a page it has, and keeps the text on 304', async () => {
    site.routes.set('/blog/cond', { body: articlePage({ title: 'Cond', paragraphs: launchParagraphs('Cond') }), contentType: 'text/html' });
    const a = await thinItem(site, '/blog/cond');
    await createFullTextProcessor(deps())(job(a.id));
    const first = await row(a.id);
    // The collector re-sends an edited item with page text kept; the stage asks the page again.
    await t.db('articles').where({ id: a.id }).update({ pipeline_stage: 'collected', pipeline_generation: 1 });
    await createFullTextProcessor(deps())(job(a.id));
    const last = site.requests.filter((q) => q.path === '/blog/cond').at(-1)!;
    expect(last.headers['if-none-match']).toBe(first.page_etag);
    expect(await row(a.id)).toMatchObject({ content: first.content, full_text_status: 'page', pipeline_stage: 'extracted' });
  });

  it('makes no request for an item whose feed carries the whole article', async () => {
    const before = site.requests.length;
    const a = await thinItem(site, '/blog/never', {
      content: launchParagraphs('Full')
        .map((p) => `<p>${p}</p>`)
        .join(''),
    });
    await createFullTextProcessor(deps())(job(a.id));
    expect(site.requests.length).toBe(before);
    expect(await row(a.id)).toMatchObject({ full_text_status: 'feed', full_text_note: null });
  });

  it.each([
    [
      'robots.txt disallows it',
      '/admin/post',
      undefined,
      /^Feed text kept: robots\.txt of 127\.0\.0\.1:\d+ disallows \/admin\/post for NeuralBeatBot\.$/,
    ],
    ['the page is missing', '/blog/missing', undefined, /^Feed text kept: the page answered HTTP 404\.$/],
    [
      'the link is a PDF',
      '/files/report.pdf',
      { body: '%PDF-1.7', contentType: 'application/pdf' },
      /^Feed text kept: the link is not an HTML page \(application\/pdf\)\.$/,
    ],
    [
      'the page is too large',
      '/blog/huge',
      { body: `<html><body>${'<p>word </p>'.repeat(5000)}</body></html>`, contentType: 'text/html' },
      /^Feed text kept: the page is larger than 20000 bytes\.$/,
    ],
    ['the page does not answer', '/blog/slow', { body: '', hang: true }, /^Feed text kept: no answer within 400 ms\.$/],
    [
      'the page has no more text than the feed',
      '/blog/stub',
      {
        body: articlePage({ title: 'Stub', paragraphs: ['Atlas 2 reads long documents and answers questions about them.'] }),
        contentType: 'text/html',
      },
      /^Feed text kept: (the page has no more text than the feed \(\d+ words\)|no article text found on the page)\.$/,
    ],
  ])('keeps the feed text and says why when %s', async (_case, path, route, note) => {
    if (route) site.routes.set(path, route);
    const a = await thinItem(site, path);
    expect(await createFullTextProcessor(deps())(job(a.id))).toBe('done');
    const r = await row(a.id);
    expect(r.full_text_note).toMatch(note);
    expect(r).toMatchObject({
      full_text_status: 'feed',
      content: '<p>Atlas 2 reads long documents and answers questions about them.</p>',
      pipeline_stage: 'extracted',
    });
    expect(advanced).toEqual([a.id]);
    if (path === '/admin/post') expect(site.requests.some((q) => q.path === path)).toBe(false);
  });

  it('says so when the site cannot be reached at all, and when page fetching is off', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r));
    const a = await insertArticle(t.db, {
      title: 'Offline item',
      content: '<p>One line.</p>',
      source_url: `http://127.0.0.1:${port}/post`,
    });
    await createFullTextProcessor(deps())(job(a.id));
    expect((await row(a.id)).full_text_note).toBe(`Feed text kept: 127.0.0.1:${port} did not answer: could not connect (ECONNREFUSED).`);
    const b = await thinItem(site, '/blog/atlas-2');
    await createFullTextProcessor(deps(testConfig(t.url, { FULL_TEXT_FETCH: 'false' })))(job(b.id));
    expect((await row(b.id)).full_text_note).toBe('Feed text kept: page fetching is turned off (FULL_TEXT_FETCH=false).');
  });

  it('checks the robots.txt of the host a page redirects to', async () => {
    const other = await startFeedServer();
    try {
      other.routes.set('/robots.txt', { body: 'User-agent: NeuralBeatBot\nDisallow: /\n', contentType: 'text/plain' });
      other.routes.set('/moved', {
        body: articlePage({ title: 'Moved', paragraphs: launchParagraphs('Moved') }),
        contentType: 'text/html',
      });
      site.routes.set('/blog/old', { body: '', status: 301, headers: { location: `${other.url}/moved` } });
      const a = await thinItem(site, '/blog/old');
      await createFullTextProcessor(deps())(job(a.id));
      expect((await row(a.id)).full_text_note).toMatch(
        /^Feed text kept: redirected to 127\.0\.0\.1:\d+, whose robots\.txt disallows \/moved for NeuralBeatBot\.$/,
      );
      expect(other.requests.some((q) => q.path === '/moved')).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe('politeness per host', () => {
  const fetcher = (prefix = testRedisPrefix()) =>
    new PoliteFetcher(redis, { userAgent: 'NeuralBeatBot/1.0 (test)', timeoutMs: 2000, maxBytes: 100_000, prefix });

  it('one request at a time per host: a second request while one runs is told to wait; other hosts go ahead', async () => {
    const other = await startFeedServer();
    try {
      site.routes.set('/slow-page', {
        body: articlePage({ title: 'Slow', paragraphs: launchParagraphs('Slow') }),
        contentType: 'text/html',
        delayMs: 300,
      });
      other.routes.set('/page', { body: articlePage({ title: 'Other', paragraphs: launchParagraphs('Other') }), contentType: 'text/html' });
      const polite = fetcher();
      const none = { etag: null, lastModified: null };
      const first = polite.fetch(`${site.url}/slow-page`, none);
      await new Promise((r) => setTimeout(r, 100));
      const second = await polite.fetch(`${site.url}/slow-page`, none);
      expect(second.kind).toBe('busy');
      expect((await polite.fetch(`${other.url}/page`, none)).kind).toBe('fetched');
      expect((await first).kind).toBe('fetched');
      expect((await polite.fetch(`${site.url}/slow-page`, none)).kind).toBe('fetched');
    } finally {
      await other.close();
    }
  });

  it('a Crawl-delay keeps the host waiting between requests', async () => {
    const slow = await startFeedServer();
    try {
      slow.routes.set('/robots.txt', { body: 'User-agent: *\nCrawl-delay: 2\n', contentType: 'text/plain' });
      slow.routes.set('/a', { body: articlePage({ title: 'A', paragraphs: launchParagraphs('A') }), contentType: 'text/html' });
      const polite = fetcher();
      const none = { etag: null, lastModified: null };
      expect((await polite.fetch(`${slow.url}/a`, none)).kind).toBe('fetched');
      const next = await polite.fetch(`${slow.url}/a`, none);
      expect(next).toMatchObject({ kind: 'busy' });
      expect((next as { retryInMs: number }).retryInMs).toBeGreaterThan(1000);
      expect(slow.requests.filter((q) => q.path === '/robots.txt')).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  it('the stage waits its turn without using an attempt when the host is busy', async () => {
    site.routes.set('/blog/turn', {
      body: articlePage({ title: 'Turn', paragraphs: launchParagraphs('Turn') }),
      contentType: 'text/html',
      delayMs: 300,
    });
    const [a, b] = [await thinItem(site, '/blog/turn'), await thinItem(site, '/blog/turn')];
    const run = createFullTextProcessor(deps());
    const first = run(job(a.id));
    await new Promise((r) => setTimeout(r, 100));
    await expect(run(job(b.id))).rejects.toMatchObject({ name: 'DelayedError' });
    expect(delayedTo).toHaveLength(1);
    expect(delayedTo[0]).toBeGreaterThan(Date.now());
    expect(await first).toBe('done');
    expect((await row(b.id)).pipeline_stage).toBe('collected');
  });
});
