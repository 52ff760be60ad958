import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/testEnv';
import { insertTool } from '../../../../tests/support/factories';
import { ToolsRepository } from '../repositories/toolsRepository';
import { presentTool, presentToolSummary, type ToolRow } from './toolPresenter';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('TOOL_SUMMARY_JSON (the tool list presenter written in SQL)', () => {
  it('writes every tool of a directory page as presentToolSummary does, nulls, odd text and microsecond timestamps included', async () => {
    const db = database.db;
    await insertTool(db, {
      name: 'Quotes " and \\ backslashes, tabs\tand\nnew lines, emoji 🤖, line separator \u2028 and </script>',
      slug: 'odd-tool',
      description: 'Unicode: café, 日本語',
      tags: [],
      features: [],
      pricing: null,
      logo_url: null,
      created_at: new Date('1999-12-31T23:59:59.999Z'),
    });
    const logo = await insertTool(db, {
      name: 'Alpha',
      slug: 'alpha',
      tags: ['llm', 'open "source"'],
      features: ['One', 'Two'],
      logo_url: 'https://img.example/a.png',
    });
    // Postgres keeps microseconds; both presenters must cut them the same way.
    await db('tools')
      .where({ id: logo.id })
      .update({ created_at: db.raw(`'2026-05-06 07:08:09.123987+00'::timestamptz`) });
    await insertTool(db, { name: 'Hidden', slug: 'hidden', approved: false });

    const rows: ToolRow[] = await db('tools')
      .where({ approved: true })
      .orderBy([{ column: 'name' }, { column: 'id' }]);
    const page = await new ToolsRepository(db).directoryPage({}, 10, 0);
    const fromSql = JSON.parse(page.json);
    expect(fromSql).toEqual(rows.map(presentToolSummary));
    expect(page.total).toBe(2);
    for (const summary of fromSql) expect(summary).not.toHaveProperty('description');
    for (const summary of fromSql) expect(summary).not.toHaveProperty('features');
    // The tool's own answer has them.
    expect(presentTool(rows[0]!)).toMatchObject({ description: rows[0]!.description, features: rows[0]!.features ?? [] });
    expect(fromSql.find((t: { slug: string }) => t.slug === 'odd-tool')).toMatchObject({
      tags: [],
      pricing: null,
      logoUrl: null,
      createdAt: '1999-12-31T23:59:59.999Z',
    });
    expect(fromSql.find((t: { slug: string }) => t.slug === 'alpha').createdAt).toBe('2026-05-06T07:08:09.123Z');
    // Past the end: an empty array, not null.
    expect(await new ToolsRepository(db).directoryPage({}, 10, 10)).toEqual({ json: '[]', total: 2 });
    // A text filter's page, cut from its matches by name in the same statement as its exact total.
    const repository = new ToolsRepository(db);
    const filtered = await repository.textFilterPage({ q: 'ALPHA' }, 10, 0);
    expect(JSON.parse(filtered!.json)).toEqual(rows.filter((r) => r.slug === 'alpha').map(presentToolSummary));
    expect(filtered!.total).toBe(1);
    expect(await repository.textFilterPage({ q: 'alpha' }, 10, 10)).toEqual({ json: '[]', total: 1 });
    expect(await repository.textFilterPage({ q: 'no such tool' }, 10, 0)).toEqual({ json: '[]', total: 0 });
  });
});
