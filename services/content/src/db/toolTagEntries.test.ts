import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from '@neuralbeat/common';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/testEnv';
import { insertTool } from '../../../../tests/support/factories';

/**
 * The approved tools of each tag, kept in name order by triggers (migration
 * 2026112311D), must equal a recount of `tools` after submissions, approvals,
 * retags, renames, deletes and truncate.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.drop());

async function expectEntriesMatchTools(db: Knex) {
  const kept = await db('tool_tag_entries').orderBy(['tag', 'name', 'tool_id']).select('tag', 'name', 'tool_id');
  const { rows } = await db.raw(
    `SELECT DISTINCT tag, name, id AS tool_id FROM tools, unnest(tags) AS tag WHERE approved ORDER BY tag, name, tool_id`,
  );
  expect(kept).toEqual(rows);
}

describe('tool tag entries kept by triggers', () => {
  it('hold approved tools only, each tag once, through approval, retag, rename and delete', async () => {
    const db = t.db;
    const a = await insertTool(db, { name: 'Alpha', tags: ['llm', 'coding', 'llm'] });
    const pending = await insertTool(db, { name: 'Pending', tags: ['llm'], approved: false });
    await insertTool(db, { name: 'Gamma', tags: [] });
    await expectEntriesMatchTools(db);
    expect(await db('tool_tag_entries').where({ tool_id: pending.id })).toEqual([]);

    await db('tools').where({ id: pending.id }).update({ approved: true });
    await expectEntriesMatchTools(db);
    await db('tools')
      .where({ id: a.id })
      .update({ tags: ['coding', 'vision'], name: 'Alpha Two' });
    await expectEntriesMatchTools(db);
    await db('tools').where({ id: pending.id }).update({ approved: false });
    await expectEntriesMatchTools(db);
    await db('tools').update({ tags: db.raw("array_append(tags, 'all')") });
    await expectEntriesMatchTools(db);
    await db('tools').where({ id: a.id }).delete();
    await expectEntriesMatchTools(db);
    await db.raw('TRUNCATE tools CASCADE');
    expect(await db('tool_tag_entries')).toEqual([]);
  });
});
