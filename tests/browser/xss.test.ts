/// <reference lib="dom" />
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { createRedis } from '@neuralbeat/common';
import { PIPELINE_QUEUES } from '@neuralbeat/common/contracts';
import { SourcesRepository } from '../../services/pipeline/src/repositories/sourcesRepository';
import { collectNow } from '../../services/pipeline/src/collect/scheduler';
import { browserSuite, openPage } from '../support/browser';
import { startFakeAiServer, type FakeAiServer } from '../support/fakeAiServers';
import { richArticleHtml, startFeedServer, type FeedServer } from '../support/feedServer';
import { insertNewsItem } from '../support/factories';
import { FORBIDDEN_IN_SAFE_HTML, xssPayloads } from '../support/xssPayloads';
import { until } from '../support/until';

/**
 * Hostile HTML travels the real path: a publisher's feed and a model's answer
 * (the fake OpenAI server) through collection, rewrite and publishing to the
 * article page. Nothing may run, load from elsewhere, or even be blocked by the
 * CSP (a blocked attempt means markup got through the sanitiser).
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const overrides: Record<string, string> = {
  AI_PROVIDER: 'openai',
  OPENAI_API_KEY: 'sk-test',
  IMAGE_PROXY_PRIVATE_ADDRESSES: 'true',
  PIPELINE_BACKOFF_MS: '50',
};
let ai: FakeAiServer;
let feeds: FeedServer;
let exfil: http.Server;
let exfilUrl: string;
const exfilHits: string[] = [];

// Registered before the suite's own hook, so the system starts with the fake provider's address.
beforeAll(async () => {
  [ai, feeds] = await Promise.all([startFakeAiServer(), startFeedServer()]);
  overrides.OPENAI_BASE_URL = `${ai.url}/v1`;
  exfil = http.createServer((req, res) => {
    exfilHits.push(req.url ?? '');
    if (req.url === '/lead.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('stolen');
  });
  await new Promise<void>((r) => exfil.listen(0, '127.0.0.1', r));
  exfilUrl = `http://127.0.0.1:${(exfil.address() as { port: number }).port}`;
});
const env = browserSuite(overrides);
afterAll(async () => {
  await Promise.all([ai.close(), feeds.close(), new Promise((r) => exfil.close(r))]);
});

describe('hostile HTML on the article page', () => {
  let rewrittenSlug: string;
  let collectedSlug: string;

  beforeAll(async () => {
    const hostile = xssPayloads(exfilUrl).join('\n');
    ai.rewrite = {
      title: 'Open model release <script>window.__xss="title"</script>rewritten',
      content: `${hostile}\n${richArticleHtml('rewritten safety')}`,
      excerpt: '<img src=x onerror="window.__xss=\'excerpt\'">A rewritten excerpt about the model.',
      metaDescription: 'A rewritten description about the model release.',
    };
    const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    feeds.routes.set('/hostile.xml', {
      body:
        `<?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Hostile Wire</title><link>https://hostile.example</link><description>d</description>` +
        `<item><title>AI model release breaks language benchmark records</title><link>https://hostile.example/story</link><category>Research</category>` +
        `<media:content url="${exfilUrl}/lead.png" medium="image"/><description>A summary.</description>` +
        `<content:encoded>${xml(`${hostile}\n${richArticleHtml('feed safety')}`)}</content:encoded></item></channel></rss>`,
    });
    const db = env.sys.database.db;
    const source = await new SourcesRepository(db).upsert('Hostile Wire', `${feeds.url}/hostile.xml`);
    const redis = createRedis(env.sys.config.REDIS_URL);
    const queue = new Queue(PIPELINE_QUEUES.collect.name, { connection: redis, prefix: env.sys.config.REDIS_PREFIX });
    try {
      await collectNow(queue, source.id, 'xss-browser');
      const published = await until<{ slug: string; content: string }>(async () =>
        db('news_feed')
          .join('articles', 'articles.id', 'news_feed.article_id')
          .where('articles.source_id', source.id)
          .first('news_feed.slug', 'articles.content'),
      );
      rewrittenSlug = published.slug;
      // The collector's own output, as it would be published without a rewrite.
      collectedSlug = (
        await insertNewsItem(db, {
          slug: 'collected-feed-html',
          title: 'Collected feed HTML',
          content: published.content,
          image_url: `${exfilUrl}/lead.png`,
        })
      ).slug;
    } finally {
      await queue.close();
      redis.disconnect();
    }
  });

  for (const [label, slug] of [
    ['rewritten by the provider', () => rewrittenSlug],
    ['as collected from the feed', () => collectedSlug],
  ] as const) {
    it(`${label}: nothing runs, nothing loads from elsewhere, the CSP has nothing to block`, async () => {
      const page = await openPage(env.browser);
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await page.addInitScript(() => {
        (window as unknown as { __violations: string[] }).__violations = [];
        document.addEventListener('securitypolicyviolation', (e) =>
          (window as unknown as { __violations: string[] }).__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      const hitsBefore = exfilHits.filter((h) => h !== '/lead.png').length;
      await page.goto(`${env.sys.url}/news/${slug()}`);
      const body = page.locator('article p', { hasText: 'Safe paragraph with a' }).locator('..');
      await body.waitFor();
      // Give handlers every chance: hover and focus everything in the article body, wait for timers.
      for (const el of await body.locator('*').all()) {
        await el.hover({ force: true, timeout: 1000 }).catch(() => {});
        await el.focus({ timeout: 1000 }).catch(() => {});
      }
      await page.waitForTimeout(500);

      expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
      expect(dialogs).toEqual([]);
      expect(page.errors).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
      expect(exfilHits.filter((h) => h !== '/lead.png').length).toBe(hitsBefore);

      const html = await body.innerHTML();
      for (const marker of FORBIDDEN_IN_SAFE_HTML) expect(html, String(marker)).not.toMatch(marker);
      expect(html).toContain('<a href="https://example.org/ok" rel="noopener noreferrer nofollow ugc" target="_blank">fine link</a>');
      await expect(page.locator('h1').textContent()).resolves.not.toMatch(/<|script/);

      // The lead image is a remote one: it arrives through our own origin's image proxy.
      const lead = page.locator('article figure img');
      expect(await lead.getAttribute('src')).toBe(`/media/image?url=${encodeURIComponent(`${exfilUrl}/lead.png`)}`);
      await expect.poll(() => lead.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
      await page.context().close();
    });
  }
});
