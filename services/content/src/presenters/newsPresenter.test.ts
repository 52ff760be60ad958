import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/testEnv';
import { insertNewsItem } from '../../../../tests/support/factories';
import { NewsFeedRepository } from '../repositories/newsFeedRepository';
import { NEWS_FEED_COLUMNS, presentNewsArticle, presentNewsSummary, type NewsFeedRow } from './newsPresenter';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('NEWS_ARTICLE_JSON and NEWS_SUMMARY_JSON (the news presenters written in SQL)', () => {
  it('write every article and summary as presentNewsArticle and presentNewsSummary do, nulls, odd text and microsecond timestamps included', async () => {
    const db = database.db;
    await insertNewsItem(db, {
      title: 'Quotes " and \\ backslashes, tabs\tand\nnew lines, emoji 🤖, line separator \u2028 and </script>',
      content: '<p>Body with "quotes" and unicode: café, 日本語</p>',
      tags: [],
      image_url: null,
      source_url: null,
      source_name: null,
      ai_provider: null,
      updated_at: null,
      featured: true,
      publish_date: new Date('2026-03-04T05:06:07.891Z'),
    });
    await insertNewsItem(db, { tags: ['llm', 'open-source'], image_url: 'https://img.example/a.png' });
    // Postgres keeps microseconds; both presenters must cut them the same way.
    await db('news_feed')
      .update({ updated_at: db.raw(`'2026-05-06 07:08:09.123987+00'::timestamptz`) })
      .where('tags', '@>', ['open-source']);
    await insertNewsItem(db, { publish_date: new Date('1999-12-31T23:59:59.999Z') });

    const rows: NewsFeedRow[] = await db('news_feed')
      .select(NEWS_FEED_COLUMNS)
      .orderBy([
        { column: 'publish_date', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
    const latest = await new NewsFeedRepository(db).latest(10);
    const fromSql = JSON.parse(latest.articles);
    expect(latest.ids).toEqual(rows.map((r) => r.id));
    // Lists carry summaries: every field but the body.
    expect(fromSql).toEqual(rows.map(presentNewsSummary));
    expect(fromSql).toHaveLength(3);
    for (const summary of fromSql) expect(summary).not.toHaveProperty('content');
    // An article's own answer has it whole, its related news as summaries.
    for (const row of rows) {
      const found = (await new NewsFeedRepository(db).articleWithRelated({ id: row.id }, 5))!;
      expect(JSON.parse(found.article)).toEqual(presentNewsArticle(row));
      expect(found.related.map((r) => JSON.parse(r) as object)).toEqual(
        rows
          .filter((r) => found.ids.slice(1).includes(r.id))
          .map(presentNewsSummary)
          .sort((a, b) => found.ids.indexOf(a.id) - found.ids.indexOf(b.id)),
      );
    }
    expect(fromSql.find((a: { featured: boolean }) => a.featured)).toMatchObject({
      tags: [],
      updatedAt: null,
      publishDate: '2026-03-04T05:06:07.891Z',
    });
  });
});
