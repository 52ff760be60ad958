import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsListResponseSchema, newsTagsResponseSchema, singleArticleResponseSchema } from '@neuralbeat/common/contracts';
import { startSystem, type RunningSystem } from '../../support/system';
import { insertNewsItem } from '../../support/factories';

/**
 * News lists, totals, tag pages and related news as they are read from the
 * kept counts and tag-page entries: right after each publish and delete (the
 * response cache is off in tests), past the end of a list, and bounded.
 */
let sys: RunningSystem;
const get = async (path: string) => {
  const res = await fetch(`${sys.url}${path}`);
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};
const day = (d: number) => new Date(Date.UTC(2026, 0, 1 + d));

beforeAll(async () => {
  sys = await startSystem();
});
afterAll(async () => sys.stop());

describe('totals', () => {
  it('follow each publish and delete, and a page past the end still carries the total', async () => {
    const db = sys.database.db;
    const first = await insertNewsItem(db, { slug: 'total-a', tags: ['quantum'], category: 'Research', publish_date: day(1) });
    await insertNewsItem(db, { slug: 'total-b', tags: ['quantum'], category: 'Policy', publish_date: day(2) });
    expect((await get('/api/news?limit=1')).body.pagination).toEqual({ total: 2, limit: 1, offset: 0, hasMore: true });
    expect((await get('/api/news/tag/quantum')).body.pagination.total).toBe(2);
    expect((await get('/api/news/category/policy')).body.pagination.total).toBe(1);

    await db('news_feed').where({ id: first.id }).delete();
    const after = newsListResponseSchema.parse((await get('/api/news/tag/quantum')).body);
    expect(after.articles.map((a) => a.slug)).toEqual(['total-b']);
    expect(after.pagination).toEqual({ total: 1, limit: 9, offset: 0, hasMore: false });

    const past = newsListResponseSchema.parse((await get('/api/news?limit=9&offset=900')).body);
    expect(past.articles).toEqual([]);
    expect(past.pagination).toEqual({ total: 1, limit: 9, offset: 900, hasMore: false });
    const unknown = newsListResponseSchema.parse((await get('/api/news/tag/never-used?offset=18')).body);
    expect(unknown.pagination).toEqual({ total: 0, limit: 9, offset: 18, hasMore: false });
    await db('news_feed').delete();
  });
});

describe('tag pages', () => {
  it('list the tag and its category namesake newest first, once each, page by page', async () => {
    const db = sys.database.db;
    await insertNewsItem(db, { slug: 'tp-tagged', tags: ['robotics'], category: 'Research', publish_date: day(10) });
    await insertNewsItem(db, { slug: 'tp-both', tags: ['robotics', 'llm'], category: 'Robotics', publish_date: day(12) });
    await insertNewsItem(db, { slug: 'tp-category', tags: ['llm'], category: 'Robotics', publish_date: day(11) });
    await insertNewsItem(db, { slug: 'tp-other', tags: ['llm'], category: 'Research', publish_date: day(13) });
    // Same publish date: the higher id comes first, as in every news list.
    const tieA = await insertNewsItem(db, { slug: 'tp-tie-a', tags: ['robotics'], category: 'Policy', publish_date: day(9) });
    const tieB = await insertNewsItem(db, { slug: 'tp-tie-b', tags: ['robotics'], category: 'Policy', publish_date: day(9) });
    expect(tieB.id).toBeGreaterThan(tieA.id);

    const page1 = newsListResponseSchema.parse((await get('/api/news/tag/robotics?limit=3')).body);
    expect(page1.articles.map((a) => a.slug)).toEqual(['tp-both', 'tp-category', 'tp-tagged']);
    expect(page1.pagination).toEqual({ total: 5, limit: 3, offset: 0, hasMore: true });
    const page2 = newsListResponseSchema.parse((await get('/api/news/tag/robotics?limit=3&offset=3')).body);
    expect(page2.articles.map((a) => a.slug)).toEqual(['tp-tie-b', 'tp-tie-a']);
    expect(page2.pagination.hasMore).toBe(false);

    // A retagged item moves between tag pages at once.
    await db('news_feed')
      .where({ slug: 'tp-tagged' })
      .update({ tags: ['llm'] });
    expect((await get('/api/news/tag/robotics')).body.articles.map((a: { slug: string }) => a.slug)).toEqual([
      'tp-both',
      'tp-category',
      'tp-tie-b',
      'tp-tie-a',
    ]);
    const tags = newsTagsResponseSchema.parse((await get('/api/news/tags')).body).tags;
    expect(tags).toEqual([
      { name: 'llm', count: 4 },
      { name: 'robotics', count: 3 },
    ]);
    await db('news_feed').delete();
  });
});

describe('related news', () => {
  it('ranks items by shared tags, newest first, then fills from the category', async () => {
    const db = sys.database.db;
    await insertNewsItem(db, {
      slug: 'rel-article',
      tags: ['agents', 'robotics', 'hardware'],
      category: 'Business',
      publish_date: day(20),
    });
    await insertNewsItem(db, { slug: 'rel-two-old', tags: ['agents', 'robotics'], category: 'Research', publish_date: day(1) });
    await insertNewsItem(db, { slug: 'rel-one-new', tags: ['hardware'], category: 'Research', publish_date: day(30) });
    await insertNewsItem(db, { slug: 'rel-none', tags: ['policy'], category: 'Research', publish_date: day(31) });
    await insertNewsItem(db, { slug: 'rel-category', tags: ['policy'], category: 'business', publish_date: day(5) });
    const res = singleArticleResponseSchema.parse((await get('/api/news/rel-article')).body);
    expect(res.article.slug).toBe('rel-article');
    expect(res.relatedArticles.map((a) => a.slug)).toEqual(['rel-two-old', 'rel-one-new', 'rel-category']);

    const untagged = await insertNewsItem(db, { slug: 'rel-untagged', tags: [], category: 'Research', publish_date: day(2) });
    const byId = singleArticleResponseSchema.parse((await get(`/api/news/${untagged.id}`)).body);
    expect(byId.article.slug).toBe('rel-untagged');
    expect(byId.relatedArticles.map((a) => a.slug)).toEqual(['rel-none', 'rel-one-new', 'rel-two-old']);
    await db('news_feed').delete();
  });

  it('counts a tag listed twice on the article once', async () => {
    const db = sys.database.db;
    await insertNewsItem(db, {
      slug: 'dup-article',
      tags: ['vision', 'vision', 'chips', 'edge'],
      category: 'Opinion',
      publish_date: day(50),
    });
    await insertNewsItem(db, { slug: 'dup-one-newer', tags: ['vision'], category: 'Research', publish_date: day(60) });
    await insertNewsItem(db, { slug: 'dup-two-older', tags: ['chips', 'edge'], category: 'Research', publish_date: day(40) });
    const res = singleArticleResponseSchema.parse((await get('/api/news/dup-article')).body);
    expect(res.relatedArticles.map((a) => a.slug)).toEqual(['dup-two-older', 'dup-one-newer']);
    await db('news_feed').delete();
  });

  it('looks only at the newest 25 items of each tag page, however many share a tag', async () => {
    const db = sys.database.db;
    await insertNewsItem(db, { slug: 'window-article', tags: ['llm', 'agents'], category: 'Opinion', publish_date: day(100) });
    // Shares both tags but is older than 25 newer items on each of those tag pages.
    await insertNewsItem(db, { slug: 'window-old-twin', tags: ['llm', 'agents'], category: 'Research', publish_date: day(1) });
    for (let i = 0; i < 26; i++) {
      await insertNewsItem(db, { slug: `window-llm-${i}`, tags: ['llm'], category: 'Research', publish_date: day(10 + i) });
      await insertNewsItem(db, { slug: `window-agents-${i}`, tags: ['agents'], category: 'Research', publish_date: day(10 + i) });
    }
    const res = singleArticleResponseSchema.parse((await get('/api/news/window-article')).body);
    // Each candidate shares one tag; newest first, ties by id.
    expect(res.relatedArticles.map((a) => a.slug)).toEqual(['window-agents-25', 'window-llm-25', 'window-agents-24']);

    // With fewer newer items on both its tag pages it is within both windows, and ranks first by sharing both tags.
    await db('news_feed').where('slug', 'like', 'window-llm-%').delete();
    await db('news_feed').whereIn('slug', ['window-agents-0', 'window-agents-1', 'window-agents-2']).delete();
    const now = singleArticleResponseSchema.parse((await get('/api/news/window-article')).body);
    expect(now.relatedArticles.map((a) => a.slug)).toEqual(['window-old-twin', 'window-agents-25', 'window-agents-24']);
    await db('news_feed').delete();
  });
});
