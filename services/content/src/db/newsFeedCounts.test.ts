import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDb, type Knex } from '@neuralbeat/common';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/testEnv';
import { insertArticle, insertNewsItem } from '../../../../tests/support/factories';

/**
 * The counts and tag-page entries kept by triggers (migrations 2026112311A/B)
 * must equal a recount of `news_feed` after any insert, update, delete or
 * truncate, one row or many, concurrent or not. The recount is written here
 * independently of the trigger functions.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.drop());

type Row = Record<string, string | number>;
const sorted = (rows: Row[]) => rows.map((r) => JSON.stringify(r)).sort();

async function recount(db: Knex) {
  const counts = await db.raw(`
    SELECT 'feed' AS dimension, '' AS value, count(*)::int AS article_count FROM news_feed HAVING count(*) > 0
    UNION ALL SELECT 'category', lower(category), count(*)::int FROM news_feed GROUP BY lower(category)
    UNION ALL SELECT 'tag', tag, count(DISTINCT id)::int FROM news_feed, unnest(tags) AS tag GROUP BY tag
    UNION ALL SELECT 'tag_page', key, count(DISTINCT id)::int
      FROM (SELECT id, unnest(tags) AS key FROM news_feed UNION ALL SELECT id, lower(category) FROM news_feed) k GROUP BY key
    UNION ALL SELECT 'ai_provider', coalesce(ai_provider, ''), count(*)::int FROM news_feed GROUP BY ai_provider
    UNION ALL SELECT 'seo_status', seo_status, count(*)::int FROM news_feed GROUP BY seo_status`);
  const categoryTags = await db.raw(
    `SELECT category, tag, count(DISTINCT id)::int AS article_count FROM news_feed, unnest(tags) AS tag GROUP BY category, tag`,
  );
  const entries = await db.raw(`
    SELECT DISTINCT key AS tag, publish_date, id AS news_feed_id
    FROM (SELECT id, publish_date, unnest(tags) AS key FROM news_feed UNION ALL SELECT id, publish_date, lower(category) FROM news_feed) k`);
  return { counts: sorted(counts.rows), categoryTags: sorted(categoryTags.rows), entries: sorted(entries.rows) };
}

async function kept(db: Knex) {
  return {
    counts: sorted(await db('news_feed_counts').select('dimension', 'value', 'article_count')),
    categoryTags: sorted(await db('news_category_tag_counts').select('category', 'tag', 'article_count')),
    entries: sorted(await db('news_tag_page_entries').select('tag', 'publish_date', 'news_feed_id')),
  };
}

async function expectKeptEqualsRecount(db: Knex) {
  const [k, r] = [await kept(db), await recount(db)];
  expect(k.counts).toEqual(r.counts);
  expect(k.categoryTags).toEqual(r.categoryTags);
  expect(k.entries).toEqual(r.entries);
}

const count = async (db: Knex, dimension: string, value: string) =>
  (await db('news_feed_counts').where({ dimension, value }).first('article_count'))?.article_count as number | undefined;

describe('counts and tag pages kept by triggers', () => {
  it('follow single inserts: duplicate tags counted once, mixed case kept apart, a category namesake on its tag page', async () => {
    const db = t.db;
    await insertNewsItem(db, { tags: ['llm', 'agents'], category: 'Research', ai_provider: 'openai' });
    await insertNewsItem(db, { tags: ['llm', 'llm', 'LLM'], category: 'Policy', ai_provider: null, seo_status: 'pending' });
    await insertNewsItem(db, { tags: ['research'], category: 'Research' });
    await insertNewsItem(db, { tags: [], category: 'Business' });
    await expectKeptEqualsRecount(db);
    expect(await count(db, 'feed', '')).toBe(4);
    expect(await count(db, 'tag', 'llm')).toBe(2);
    expect(await count(db, 'tag', 'LLM')).toBe(1);
    // /news/tag/research lists the item tagged research and the two of category Research, once each.
    expect(await count(db, 'tag_page', 'research')).toBe(2);
    expect(await count(db, 'ai_provider', '')).toBe(1);
  });

  it('follow a bulk insert in one statement', async () => {
    const db = t.db;
    const articles = [];
    for (let i = 0; i < 25; i++) articles.push(await insertArticle(db, { published: true, processing_status: 'completed' }));
    await db('news_feed').insert(
      articles.map((a, i) => ({
        article_id: a.id,
        title: `Bulk ${i}`,
        slug: `bulk-${a.id}`,
        content: '<p>Body.</p>',
        excerpt: 'Excerpt.',
        author: 'Staff',
        publish_date: new Date(Date.UTC(2026, 5, 1, 0, i)),
        category: ['Research', 'Policy', 'Business'][i % 3],
        tags: [['llm'], ['agents', 'robotics'], ['policy', 'llm'], []][i % 4],
        ai_provider: ['local', 'gemini', null][i % 3],
        seo_status: ['completed', 'failed'][i % 2],
      })),
    );
    await expectKeptEqualsRecount(db);
  });

  it('follow updates of tags, category, provider, SEO status and publish date, one row or many, and ignore unrelated changes', async () => {
    const db = t.db;
    const item = await insertNewsItem(db, { tags: ['vision'], category: 'Opinion' });
    await db('news_feed')
      .where({ id: item.id })
      .update({ tags: ['vision', 'hardware'] });
    await expectKeptEqualsRecount(db);
    await db('news_feed').where({ id: item.id }).update({ category: 'Tutorial', ai_provider: 'gemini', seo_status: 'processing' });
    await expectKeptEqualsRecount(db);
    await db('news_feed')
      .where({ id: item.id })
      .update({ publish_date: new Date(Date.UTC(2020, 0, 1)) });
    await expectKeptEqualsRecount(db);
    await db('news_feed')
      .where('category', 'Research')
      .update({ seo_status: 'completed', tags: db.raw("array_append(tags, 'reviewed')") });
    await expectKeptEqualsRecount(db);
    const before = await kept(db);
    await db('news_feed').update({ featured: true, updated_at: new Date() });
    expect(await kept(db)).toEqual(before);
  });

  it('follow deletes: a value no item carries any more is gone, not left at zero', async () => {
    const db = t.db;
    await insertNewsItem(db, { tags: ['only-here'], category: 'Rare Category' });
    expect(await count(db, 'tag', 'only-here')).toBe(1);
    await db('news_feed').where({ category: 'Rare Category' }).delete();
    expect(await count(db, 'tag', 'only-here')).toBeUndefined();
    expect(await count(db, 'category', 'rare category')).toBeUndefined();
    expect(await db('news_feed_counts').where('article_count', '<=', 0).first()).toBeUndefined();
    await db('news_feed').where('tags', '@>', ['agents']).delete();
    await expectKeptEqualsRecount(db);
  });

  it('stay exact under concurrent publishes, retags and deletes on shared tags', async () => {
    const db = t.db;
    const tags = ['llm', 'agents', 'robotics', 'policy', 'vision', 'hardware'];
    const existing = await db('news_feed').pluck('id');
    await Promise.all([
      ...Array.from({ length: 30 }, (_, i) =>
        db.transaction(async (trx) => {
          const article = await insertArticle(trx, { published: true, processing_status: 'completed' });
          await trx('news_feed').insert({
            article_id: article.id,
            title: `Concurrent ${i}`,
            slug: `concurrent-${article.id}`,
            content: '<p>Body.</p>',
            excerpt: 'Excerpt.',
            author: 'Staff',
            publish_date: new Date(Date.UTC(2026, 6, 1, 0, i)),
            category: i % 2 ? 'Research' : 'Policy',
            // Overlapping tag sets in different orders, as a pipeline publishing in parallel produces.
            tags: [tags[i % 6], tags[(i + 3) % 6], tags[(i * 5) % 6]],
          });
        }),
      ),
      ...existing.slice(0, 5).map((id, i) =>
        db('news_feed')
          .where({ id })
          .update({ tags: [tags[(i + 1) % 6], tags[(i + 2) % 6]] }),
      ),
      ...existing.slice(5, 8).map((id) => db('news_feed').where({ id }).delete()),
    ]);
    await expectKeptEqualsRecount(db);
  });

  it('empty on truncate', async () => {
    const db = t.db;
    await db.raw('TRUNCATE news_feed');
    expect(await db('news_feed_counts').count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '0' }]);
    expect(await db('news_tag_page_entries').count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '0' }]);
    await insertNewsItem(db, { tags: ['llm'] });
    await expectKeptEqualsRecount(db);
  });
});

describe('migrating a database that already has news', () => {
  it('counts and files the existing items once', async () => {
    const name = `nb_test_${inject('runId')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(inject('adminDatabaseUrl'));
    url.pathname = `/${name}`;
    const db = createDb(url.toString(), { max: 2 });
    try {
      const options = { directory: path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations'), loadExtensions: ['.ts'] };
      const isPending = async (file: string) =>
        ((await db.migrate.list(options)) as [unknown[], { file: string }[]])[1].some((m) => m.file === file);
      while (!(((await db.migrate.list(options)) as [unknown[], { file: string }[]])[1][0]?.file ?? '').startsWith('2026112311A')) {
        await db.migrate.up(options);
      }
      for (let i = 0; i < 6; i++) {
        await insertNewsItem(db, {
          tags: [['llm', 'agents'], ['llm'], ['Robotics', 'llm']][i % 3],
          category: ['Research', 'Policy'][i % 2],
          ai_provider: i % 2 ? 'local' : null,
        });
      }
      await db.migrate.latest(options);
      expect(await isPending('2026112311B_index_tag_pages.ts')).toBe(false);
      await expectKeptEqualsRecount(db);
      expect(await count(db, 'tag', 'llm')).toBe(6);
      await insertNewsItem(db, { tags: ['llm'] });
      expect(await count(db, 'tag', 'llm')).toBe(7);
    } finally {
      await db.destroy();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
