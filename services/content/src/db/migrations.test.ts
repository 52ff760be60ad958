import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/testEnv';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.drop());

async function columns(table: string) {
  const { rows } = await t.db.raw(
    `SELECT column_name, data_type, udt_name, is_nullable, column_default FROM information_schema.columns WHERE table_name = ? ORDER BY ordinal_position`,
    [table],
  );
  return Object.fromEntries(
    (rows as { column_name: string; udt_name: string; is_nullable: string; column_default: string | null }[]).map((r) => [
      r.column_name,
      { type: r.udt_name, nullable: r.is_nullable === 'YES', default: r.column_default },
    ]),
  );
}

async function constraints(table: string) {
  const { rows } = await t.db.raw(
    `SELECT con.conname, con.contype, pg_get_constraintdef(con.oid) AS def
     FROM pg_constraint con JOIN pg_class rel ON rel.oid = con.conrelid WHERE rel.relname = ?`,
    [table],
  );
  return rows as { conname: string; contype: string; def: string }[];
}

describe('schema migrations', () => {
  it('creates every entity of the data model plus news_sources', async () => {
    const { rows } = await t.db.raw(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
    const tables = (rows as { tablename: string }[]).map((r) => r.tablename);
    for (const name of [
      'users',
      'articles',
      'news_feed',
      'tools',
      'resources',
      'events',
      'jobs',
      'newsletters',
      'event_sources',
      'ai_provider_metrics',
      'system_config',
      'tag_mapping',
      'news_sources',
    ]) {
      expect(tables).toContain(name);
    }
  });

  it('gives articles their column defaults and the self reference', async () => {
    const cols = await columns('articles');
    expect(cols.title.nullable).toBe(false);
    expect(cols.author.nullable).toBe(false);
    expect(cols.publish_date.type).toBe('timestamptz');
    expect(cols.featured.default).toBe('false');
    expect(cols.published.default).toBe('false');
    expect(cols.processing_status.default).toContain("'pending'");
    expect(cols.processing_attempts.default).toBe('0');
    expect(cols.is_duplicate.default).toBe('false');
    expect(cols.tags.type).toBe('_text');
    expect(cols.meta_tags.type).toBe('jsonb');
    expect(cols.duplicate_detection_data.type).toBe('jsonb');
    const cons = await constraints('articles');
    expect(cons.some((c) => c.contype === 'f' && c.def.includes('REFERENCES articles(id)'))).toBe(true);
    await expect(
      t.db('articles').insert({ title: 't', author: 'a', publish_date: new Date(), category: 'Research', processing_status: 'bogus' }),
    ).rejects.toThrow(/processing_status/);
  });

  it('makes news_feed article id and slug unique and indexes tags with GIN', async () => {
    const cons = await constraints('news_feed');
    expect(cons.filter((c) => c.contype === 'u').map((c) => c.def)).toEqual(
      expect.arrayContaining(['UNIQUE (article_id)', 'UNIQUE (slug)']),
    );
    const cols = await columns('news_feed');
    expect(cols.rewrite_status.default).toContain("'pending'");
    expect(cols.seo_status.default).toContain("'pending'");
    expect(cols.created_at.nullable).toBe(false);
    const { rows } = await t.db.raw(`SELECT indexdef FROM pg_indexes WHERE tablename = 'news_feed'`);
    const defs = (rows as { indexdef: string }[]).map((r) => r.indexdef).join('\n');
    expect(defs).toMatch(/USING gin \(tags\)/);
    expect(defs).toMatch(/publish_date DESC/);
  });

  it('applies the defaults of tools, events, resources, jobs, event_sources and users', async () => {
    expect((await columns('tools')).approved.default).toBe('false');
    const events = await columns('events');
    expect(events.published.default).toBe('true');
    expect(events.processing_status.default).toContain("'completed'");
    expect(events.ai_relevance_score.default).toBe('50');
    expect(events.virtual.default).toBe('false');
    expect((await columns('event_sources')).check_interval_hours.default).toBe('24');
    expect((await columns('jobs')).remote.default).toBe('false');
    for (const table of ['events', 'jobs'])
      expect((await columns(table)).operator_edited_fields).toEqual({ type: '_text', nullable: false, default: "'{}'::text[]" });
    expect((await columns('users')).is_admin.default).toBe('false');
    expect((await columns('ai_provider_metrics')).response_format_correct.default).toBe('true');
    expect((await constraints('newsletters')).some((c) => c.def === 'UNIQUE (email)')).toBe(true);
    expect((await constraints('tag_mapping')).some((c) => c.contype === 'p' && c.def.includes('original_tag'))).toBe(true);
    expect((await constraints('system_config')).some((c) => c.contype === 'p' && c.def.includes('key'))).toBe(true);
    await expect(
      t.db('resources').insert({ title: 'x', slug: 'x', content: 'c', summary: 's', category: 'AI Basics', difficulty_level: 'Expert' }),
    ).rejects.toThrow(/difficulty_level/);
  });
});
