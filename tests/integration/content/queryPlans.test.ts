import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig, type TestDatabase } from '../../support/testEnv';
import { generateLargeContent } from '../../support/largeContent';
import { planProblems, startRecordingContent } from '../../support/queryPlans';

/**
 * Every public read answers from indexes: at 100,000 news items and 3,000
 * tools (the planner picks other plans at this size than at 20,000), each
 * statement an endpoint runs is explained, and no plan may scan a content
 * table or read more rows than the page needs. `npm run bench -- publicApi`
 * prints the same plans at 100,000 items.
 */
const NEWS_ITEMS = 100_000;
let database: TestDatabase;
let content: Awaited<ReturnType<typeof startRecordingContent>>;
let slugs: { article: string; tool: string; resource: string; rareTag: string; rareToolTag: string };

beforeAll(async () => {
  database = await createTestDatabase();
  await generateLargeContent(database.db, { newsItems: NEWS_ITEMS, tools: 3000, resources: 100 });
  await database.db.raw('VACUUM ANALYZE');
  content = await startRecordingContent(testConfig(database.url));
  const db = database.db;
  slugs = {
    article: (await db('news_feed').orderByRaw('md5(id::text)').first('slug')).slug,
    tool: (await db('tools').where({ approved: true }).orderByRaw('md5(id::text)').first('slug')).slug,
    resource: (await db('resources').first('slug')).slug,
    rareTag: (
      await db('news_feed_counts').where({ dimension: 'tag' }).where('article_count', '>=', 9).orderBy('article_count').first('value')
    ).value,
    // A tag of a few dozen tools whose name no other tag contains (tool-tag-250, unlike tool-tag-25).
    rareToolTag: (
      await db.raw(
        `SELECT tag FROM tool_tag_entries WHERE tag ~ '^tool-tag-[0-9]{3}$' GROUP BY tag HAVING count(*) BETWEEN 5 AND 100 ORDER BY tag LIMIT 1`,
      )
    ).rows[0].tag,
  };
}, 180_000);
afterAll(async () => {
  await content?.close();
  await database?.drop();
});

// story_clusters is small (one row per duplicated story): a scan of it is no problem.
const CONTENT_TABLES = ['news_feed', 'news_tag_page_entries', 'news_feed_counts', 'tools', 'resources', 'articles'];

describe('public reads at 100,000 news items', () => {
  it.each([
    ['home', () => '/api/home'],
    ['news page 20', () => '/api/news?limit=9&offset=171'],
    ['tag page 20 of the most used tag', () => '/api/news/tag/llm?limit=9&offset=171'],
    ['a long-tail tag page', () => `/api/news/tag/${slugs.rareTag}`],
    ['category page 20', () => '/api/news?category=policy&limit=9&offset=171'],
    ['popular tags', () => '/api/news/tags'],
    ['article with related news, by slug', () => `/api/news/${slugs.article}`],
    ['tool', () => `/api/tools/${slugs.tool}`],
    ['similar tools', () => `/api/tools/${slugs.tool}/similar`],
    ['featured tools', () => '/api/tools/featured'],
    ['resource', () => `/api/resources/${slugs.resource}`],
    ['ai stats (computed)', () => '/api/ai-stats'],
  ])('%s reads a page, not the table', async (_label, path) => {
    const explained = await content.explainRequest(path());
    expect(explained.length).toBeGreaterThan(0);
    for (const { query, root, text, generic } of explained) {
      expect(planProblems(root, { tables: CONTENT_TABLES, rowBudget: 500 }), `${query.sql}\n${text}`).toEqual([]);
      // The service prepares its reads: the plan Postgres may keep for every value must stay bounded too.
      expect(generic, `${query.sql} is prepared`).toBeDefined();
      expect(
        planProblems(generic!.root, { tables: CONTENT_TABLES, rowBudget: 500 }),
        `generic plan of ${query.sql}\n${generic!.text}`,
      ).toEqual([]);
    }
  });

  it.each([
    ['the directory, by name', '/api/tools', 'tools_directory_idx'],
    ['a directory category, page 3', '/api/tools?category=Development&offset=48', 'tools_directory_category_idx'],
    ['the directory by pricing', '/api/tools?pricing=free', 'tools_directory_pricing_idx'],
    ['a category by pricing', '/api/tools?category=Development&pricing=paid', 'tools_directory_category_pricing_idx'],
  ])('%s is a page read in the order of its index, its total a kept count read in the same statement', async (_label, path, index) => {
    const explained = await content.explainRequest(path);
    expect(explained).toHaveLength(1);
    expect(explained[0]!.query.sql).toContain('tool_directory_counts');
    for (const { root, text, generic } of explained) {
      expect(generic).toBeDefined();
      for (const plan of [{ root, text }, generic!]) {
        expect(planProblems(plan.root, { tables: CONTENT_TABLES, rowBudget: 500 }), plan.text).toEqual([]);
        expect(plan.text).not.toMatch(/\bSort\b/);
        if (plan.text.includes('tools')) expect(plan.text).toContain(index);
      }
    }
  });

  it('a directory text filter matching every tool counts at most 1,001 matches, then walks the directory in name order', async () => {
    const explained = await content.explainRequest('/api/tools?q=generated');
    expect(explained).toHaveLength(3);
    const statement = (test: (sql: string) => boolean) => explained.find((e) => test(e.query.sql))!;
    // The matches may be read in the table's own order: the read stops at the 1,001st (plus the few unapproved tools it skips), and no page is cut from them.
    const matches = statement((sql) => sql.includes('matches AS MATERIALIZED'));
    expect(planProblems(matches.root, { tables: [], rowBudget: 1100 }), matches.text).toEqual([]);
    expect(matches.text).toMatch(/Limit \(actual time=[\d.]+ rows=1001 /);
    expect(matches.text).not.toMatch(/Index Scan using tools_pkey[^\n]*\(actual[^\n]*loops=[1-9]/);
    const list = statement((sql) => sql.includes('json_build_object') && !sql.includes('matches'));
    expect(planProblems(list.root, { tables: CONTENT_TABLES, rowBudget: 500 }), list.text).toEqual([]);
    expect(list.text).toContain('tools_directory_idx');
    expect(statement((sql) => sql.includes('tool_directory_match_estimate'))).toBeDefined();
  });

  it('the directory text filter reads its matches once through the trigram index, planned for its pattern every time', async () => {
    // Its page and its exact total, whatever the page size: one statement.
    for (const limit of [100, 2]) {
      const explained = await content.explainRequest(`/api/tools?q=${encodeURIComponent(slugs.rareToolTag)}&limit=${limit}`);
      expect(explained).toHaveLength(1);
      const { query, root, text } = explained[0]!;
      // A generic plan cannot tell this rare word from one in most tools: the statement is not prepared.
      expect(query.unprepared).toBe(true);
      expect(planProblems(root, { tables: CONTENT_TABLES, rowBudget: 500 }), text).toEqual([]);
      expect(text).toContain('tools_directory_text_idx');
      expect(text.match(/Bitmap Heap Scan on tools/g)).toHaveLength(1);
    }
  });
});
