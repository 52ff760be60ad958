import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIFFICULTY_LEVELS, JOB_TYPES, RESOURCE_CATEGORIES, TOOL_CATEGORIES, toolSubmissionSchema } from '@neuralbeat/common/contracts';
import { seed } from '../../services/content/src/db/seed';
import { createTestDatabase, type TestDatabase } from '../support/testEnv';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.drop());

const counts = async () => {
  const out: Record<string, number> = {};
  for (const table of ['users', 'tools', 'resources', 'events', 'jobs']) {
    out[table] = Number((await t.db(table).count<{ n: string }[]>({ n: '*' }))[0]!.n);
  }
  return out;
};

describe('seed', () => {
  it('is idempotent', async () => {
    await seed(t.db);
    const first = await counts();
    await seed(t.db);
    expect(await counts()).toEqual(first);
    expect(first.tools).toBeGreaterThanOrEqual(32);
    expect(first.resources).toBeGreaterThanOrEqual(10);
    expect(first.events).toBeGreaterThanOrEqual(10);
    expect(first.jobs).toBeGreaterThanOrEqual(12);
  });

  it('covers every tool category with valid, approved tools', async () => {
    const tools = await t.db('tools').select('*');
    for (const category of TOOL_CATEGORIES) {
      expect(tools.filter((tool) => tool.category === category).length, category).toBeGreaterThanOrEqual(3);
    }
    for (const tool of tools) {
      expect(tool.approved).toBe(true);
      const check = toolSubmissionSchema.safeParse({
        name: tool.name,
        slug: tool.slug,
        description: tool.description,
        shortDescription: tool.short_description,
        websiteUrl: tool.website_url,
        category: tool.category,
      });
      expect(check.success, `${tool.slug}: ${check.success ? '' : check.error.issues[0]?.message}`).toBe(true);
    }
  });

  it('covers every resource category and level, past and upcoming events, every job type', async () => {
    const resources = await t.db('resources').select('category', 'difficulty_level');
    for (const c of RESOURCE_CATEGORIES) expect(resources.some((r) => r.category === c), c).toBe(true);
    for (const l of DIFFICULTY_LEVELS) expect(resources.some((r) => r.difficulty_level === l), l).toBe(true);
    const reference = new Date('2026-11-22T00:00:00Z');
    const events = await t.db('events').select('start_date', 'end_date');
    expect(events.some((e) => (e.end_date ?? e.start_date) < reference)).toBe(true);
    expect(events.some((e) => (e.end_date ?? e.start_date) >= reference)).toBe(true);
    const jobs = await t.db('jobs').select('job_type', 'remote');
    for (const type of JOB_TYPES) expect(jobs.some((j) => j.job_type === type), type).toBe(true);
    expect(new Set(jobs.map((j) => j.remote))).toEqual(new Set([true, false]));
  });
});
