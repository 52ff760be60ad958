import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from '@neuralbeat/common';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/testEnv';
import { insertTool } from '../../../../tests/support/factories';

/**
 * The directory's totals per category and pricing, kept by triggers (migration
 * 2026112400A), must equal a recount of approved `tools` after submissions,
 * approvals, recategorisations, repricings, bulk writes, deletes and truncate.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.drop());

async function expectCountsMatchTools(db: Knex) {
  const kept = await db('tool_directory_counts').orderBy(['category', 'pricing']).select('category', 'pricing', 'tool_count');
  const { rows } = await db.raw(
    `SELECT category, coalesce(lower(pricing), '') AS pricing, count(*)::int AS tool_count FROM tools WHERE approved GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  expect(kept).toEqual(rows);
}

describe('directory counts kept by triggers', () => {
  it('count approved tools by category and pricing through every kind of write', async () => {
    const db = t.db;
    const a = await insertTool(db, { category: 'Development', pricing: 'Free' });
    const pending = await insertTool(db, { category: 'Development', pricing: 'Paid', approved: false });
    await insertTool(db, { category: 'AI Chatbots', pricing: null });
    await expectCountsMatchTools(db);
    expect(await db('tool_directory_counts').where({ pricing: 'paid' })).toEqual([]);

    await db('tools').where({ id: pending.id }).update({ approved: true });
    await expectCountsMatchTools(db);
    await db('tools').where({ id: a.id }).update({ category: 'No-Code AI', pricing: 'FREEMIUM' });
    await expectCountsMatchTools(db);
    await db('tools').where({ id: pending.id }).update({ approved: false });
    await expectCountsMatchTools(db);
    await db('tools').insert(
      Array.from({ length: 30 }, (_, i) => ({
        name: `Bulk ${i}`,
        slug: `bulk-${i}`,
        description: 'A bulk tool',
        short_description: 'Bulk tool',
        website_url: 'https://bulk.example',
        category: i % 2 ? 'Development' : 'Data Analytics',
        pricing: ['Free', 'Paid', 'freemium'][i % 3],
        approved: i % 5 !== 0,
        submitted_by_id: 1,
      })),
    );
    await expectCountsMatchTools(db);
    await db('tools').where('slug', 'like', 'bulk-%').update({ approved: true });
    await expectCountsMatchTools(db);
    await db('tools').where({ id: a.id }).delete();
    await expectCountsMatchTools(db);
    await db.raw('TRUNCATE tools CASCADE');
    expect(await db('tool_directory_counts')).toEqual([]);
  });
});
