/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { createRedis } from '@neuralbeat/common';
import { PIPELINE_QUEUES } from '@neuralbeat/common/contracts';
import { SourcesRepository } from '../../services/pipeline/src/repositories/sourcesRepository';
import { collectNow } from '../../services/pipeline/src/collect/scheduler';
import { browserSuite, openPage } from '../support/browser';
import { rssFeed, startFeedServer, type FeedServer } from '../support/feedServer';
import { articlePage, launchParagraphs } from '../support/articlePages';
import { until } from '../support/until';

const env = browserSuite({ PIPELINE_BACKOFF_MS: '50' });
let feeds: FeedServer;
let redis: ReturnType<typeof createRedis>;
let collectQueue: Queue;

beforeAll(async () => {
  feeds = await startFeedServer();
  redis = createRedis(env.sys.config.REDIS_URL);
  collectQueue = new Queue(PIPELINE_QUEUES.collect.name, { connection: redis, prefix: env.sys.config.REDIS_PREFIX });
});
afterAll(async () => {
  await collectQueue.close();
  redis.disconnect();
  await feeds.close();
});

describe('story clusters on the article page', () => {
  it('the live story credits the copy published first under "Also reported by", with its outlet, date and link', async () => {
    const db = env.sys.database.db;
    const title = 'Helix 3 reads whole codebases and answers questions about them';
    const paragraphs = launchParagraphs('Helix 3');
    // A wire service carries the full story on November 16; the lab's own feed, collected later, has a one-line item dated the 15th.
    feeds.routes.set('/wire.xml', {
      body: rssFeed(
        [
          {
            title,
            link: `${feeds.url}/wire/helix-3`,
            html: paragraphs.map((p) => `<p>${p}</p>`).join(''),
            date: 'Mon, 16 Nov 2026 12:00:00 GMT',
            category: 'Product Launch',
          },
        ],
        'Wire',
      ),
    });
    feeds.routes.set('/lab.xml', {
      body: rssFeed(
        [
          {
            title,
            link: `${feeds.url}/lab/helix-3`,
            description: 'Helix 3 is available today for developers and teams.',
            date: 'Sun, 15 Nov 2026 09:00:00 GMT',
          },
        ],
        'Lab Blog',
      ),
    });
    feeds.routes.set('/lab/helix-3', {
      body: articlePage({ title, paragraphs, author: 'Dana Whitfield', image: '/img/helix.png' }),
      contentType: 'text/html; charset=utf-8',
    });

    const sources = new SourcesRepository(db);
    const wire = await sources.upsert('Wire', `${feeds.url}/wire.xml`);
    await collectNow(collectQueue, wire.id);
    const live = await until(async () => db('articles').where({ source_id: wire.id, processing_status: 'completed' }).first());
    const lab = await sources.upsert('Lab Blog', `${feeds.url}/lab.xml`);
    await collectNow(collectQueue, lab.id);
    const origin = await until(async () => db('articles').where({ source_id: lab.id, processing_status: 'duplicate' }).first());
    // The lab's page was fetched for its one-line item; its copy is the story's origin.
    expect(origin).toMatchObject({ full_text_status: 'page', duplicate_of: null });
    expect((await db('articles').where({ id: live.id }).first()).story_cluster_id).toBe(origin.story_cluster_id);
    expect(await db('story_clusters').where({ id: origin.story_cluster_id }).first()).toMatchObject({ origin_article_id: origin.id });
    expect(await db('news_feed')).toHaveLength(1);

    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/news/${live.slug}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const section = page.getByRole('region', { name: 'Also reported by' });
    await section.waitFor();
    const link = section.getByRole('link', { name: 'Lab Blog' });
    expect(await link.getAttribute('href')).toBe(`${feeds.url}/lab/helix-3`);
    expect(await section.locator('li').count()).toBe(1);
    expect(await section.locator('li').textContent()).toMatch(/Lab Blog\s*November 15, 2026\s*Original/);
    await page.screenshot({ path: 'test-results/also-reported-by.png', fullPage: true });
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
