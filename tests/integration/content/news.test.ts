import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  homeResponseSchema,
  newsListResponseSchema,
  newsTagsResponseSchema,
  singleArticleResponseSchema,
} from '@neuralbeat/common/contracts';
import { startSystem, type RunningSystem } from '../../support/system';
import { insertArticle, insertNewsItem } from '../../support/factories';

let sys: RunningSystem;
const get = async (path: string) => {
  const res = await fetch(`${sys.url}${path}`);
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

beforeAll(async () => {
  sys = await startSystem();
  const db = sys.database.db;
  // 12 items: newest is i = 11. Tags: every item has 'llm'; even ones 'agents'; multiples of 3 'robotics'.
  for (let i = 0; i < 12; i++) {
    await insertNewsItem(db, {
      title: `Story ${i}`,
      slug: `story-${i}`,
      publish_date: new Date(Date.UTC(2026, 10, 1 + i)),
      category: i % 2 ? 'Policy' : 'Research',
      tags: ['llm', ...(i % 2 === 0 ? ['agents'] : []), ...(i % 3 === 0 ? ['robotics'] : [])],
      ai_provider: i < 6 ? 'openai' : i < 9 ? 'local' : null,
      source_name: 'Example Times',
      source_url: `https://times.example/${i}`,
    });
  }
});
afterAll(async () => sys.stop());

describe('GET /api/news', () => {
  it('pages the feed newest first with pagination totals', async () => {
    const first = await get('/api/news?limit=9&offset=0');
    expect(first.status).toBe(200);
    const page = newsListResponseSchema.parse(first.body);
    expect(page.type).toBe('category');
    expect(page.categoryName).toBeNull();
    expect(page.articles.map((a) => a.slug)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `story-${i}`));
    expect(page.pagination).toEqual({ total: 12, limit: 9, offset: 0, hasMore: true });
    expect(page.articles[0]).toMatchObject({ sourceName: 'Example Times', sourceUrl: 'https://times.example/11', aiProvider: null });

    const second = newsListResponseSchema.parse((await get('/api/news?limit=9&offset=9')).body);
    expect(second.articles.map((a) => a.slug)).toEqual(['story-2', 'story-1', 'story-0']);
    expect(second.pagination).toEqual({ total: 12, limit: 9, offset: 9, hasMore: false });
  });

  it('defaults to 9 and filters by category', async () => {
    expect(((await get('/api/news')).body.articles as unknown[]).length).toBe(9);
    const policy = newsListResponseSchema.parse((await get('/api/news?category=policy&limit=50')).body);
    expect(policy.pagination.total).toBe(6);
    expect(policy.articles.every((a) => a.category === 'Policy')).toBe(true);
  });

  it.each([
    ['limit=abc', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=0', 'limit'],
    ['limit=100000', 'limit'],
    ['limit=2.5', 'limit'],
    ['offset=-5', 'offset'],
    ['offset=abc', 'offset'],
    ['offset=99999999999999', 'offset'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await get(`/api/news?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ status: 400, code: 'validation_failed', field });
  });
});

describe('tags and categories', () => {
  it('lists popular tags with counts, most used first', async () => {
    const { tags } = newsTagsResponseSchema.parse((await get('/api/news/tags')).body);
    expect(tags).toEqual([
      { name: 'llm', count: 12 },
      { name: 'agents', count: 6 },
      { name: 'robotics', count: 4 },
    ]);
  });

  it('filters by tag case-insensitively and pages', async () => {
    const res = newsListResponseSchema.parse((await get('/api/news/tag/Robotics?limit=2')).body);
    expect(res.type).toBe('tag');
    expect(res.tagName).toBe('robotics');
    expect(res.articles.map((a) => a.slug)).toEqual(['story-9', 'story-6']);
    expect(res.pagination).toEqual({ total: 4, limit: 2, offset: 0, hasMore: true });
    const none = newsListResponseSchema.parse((await get('/api/news/tag/unknown-tag')).body);
    expect(none.articles).toEqual([]);
    expect(none.pagination.total).toBe(0);
    expect((await get('/api/news/tag/llm?offset=-1')).status).toBe(400);
  });

  it('filters by category path', async () => {
    const res = newsListResponseSchema.parse((await get('/api/news/category/Research')).body);
    expect(res.categoryName).toBe('Research');
    expect(res.pagination.total).toBe(6);
  });
});

describe('GET /api/news/{param}', () => {
  it('finds an article by slug or numeric id, with AI info and related news by shared tags', async () => {
    const bySlug = singleArticleResponseSchema.parse((await get('/api/news/story-6')).body);
    expect(bySlug.article.title).toBe('Story 6');
    expect(bySlug.aiInfo).toEqual({ provider: 'local', providerName: 'Local (extractive)', aiGenerated: false });
    // story-6 has llm, agents, robotics: story-0 shares all three; 10, 9, 8... share two (newest first).
    expect(bySlug.relatedArticles.map((a) => a.slug)).toEqual(['story-0', 'story-10', 'story-9']);
    expect(bySlug.relatedArticles.some((a) => a.slug === 'story-6')).toBe(false);

    const byId = singleArticleResponseSchema.parse((await get(`/api/news/${bySlug.article.id}`)).body);
    expect(byId.article.slug).toBe('story-6');
    const openai = singleArticleResponseSchema.parse((await get('/api/news/story-1')).body);
    expect(openai.aiInfo).toEqual({ provider: 'openai', providerName: 'OpenAI', aiGenerated: true });
    const legacy = singleArticleResponseSchema.parse((await get('/api/news/story-11')).body);
    expect(legacy.aiInfo.providerName).toBe('Legacy (Unknown)');
  });

  it('lists the other copies of the story under alsoReportedBy, earliest first, marking the original', async () => {
    const db = sys.database.db;
    expect(singleArticleResponseSchema.parse((await get('/api/news/story-6')).body).alsoReportedBy).toEqual([]);
    const live = await insertNewsItem(db, {
      title: 'Clustered story',
      slug: 'clustered-story',
      publish_date: new Date('2026-07-11T09:00:00Z'),
    });
    const origin = await insertArticle(db, {
      news_source: 'Lab Blog',
      source_url: 'https://lab.example/post',
      publish_date: new Date('2026-07-10T08:00:00Z'),
      processing_status: 'duplicate',
      is_duplicate: true,
    });
    const later = await insertArticle(db, {
      news_source: null,
      source_url: 'https://www.aggregator.example/item/9',
      publish_date: new Date('2026-07-12T10:00:00Z'),
      processing_status: 'duplicate',
      is_duplicate: true,
    });
    const [cluster] = await db('story_clusters').insert({ origin_article_id: origin.id }).returning('id');
    await db('articles').whereIn('id', [live.article_id, origin.id, later.id]).update({ story_cluster_id: cluster.id });

    const res = singleArticleResponseSchema.parse((await get('/api/news/clustered-story')).body);
    expect(res.alsoReportedBy).toEqual([
      { sourceName: 'Lab Blog', url: 'https://lab.example/post', publishDate: '2026-07-10T08:00:00.000Z', isOrigin: true },
      {
        sourceName: 'aggregator.example',
        url: 'https://www.aggregator.example/item/9',
        publishDate: '2026-07-12T10:00:00.000Z',
        isOrigin: false,
      },
    ]);
  });

  it('answers 404 "Article not found" for unknown slugs and ids', async () => {
    for (const param of ['no-such-story', '999999', '99999999999999']) {
      const res = await get(`/api/news/${param}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Article not found');
    }
  });
});

describe('GET /api/home', () => {
  it('returns the 9 latest news items', async () => {
    const home = homeResponseSchema.parse((await get('/api/home')).body);
    expect(home.latestNews.map((a) => a.slug)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `story-${i}`));
  });
});
