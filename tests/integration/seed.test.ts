import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlToText } from '@neuralbeat/common/html';
import {
  countWords,
  DIFFICULTY_LEVELS,
  JOB_TYPES,
  NEWS_CATEGORIES,
  RESOURCE_CATEGORIES,
  TOOL_CATEGORIES,
  toolSubmissionSchema,
} from '@neuralbeat/common/contracts';
import { seed } from '../../services/content/src/db/seed';
import { createTestDatabase, type TestDatabase } from '../support/testEnv';

/** "Today" for past/upcoming checks, fixed so the test does not follow the real clock. */
const REFERENCE_DATE = new Date('2026-11-22T00:00:00Z');
const TABLES = ['users', 'tools', 'resources', 'events', 'jobs'] as const;

/** Events the seed announced, in order. */
const published: { name: string; payload: Record<string, number | string> }[] = [];
const bus = {
  publish: async (name: string, payload: unknown) => {
    published.push({ name, payload: payload as Record<string, number | string> });
    return String(published.length);
  },
};

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seed(t.db, bus);
});
afterAll(async () => t.drop());

/** Every row id per table: equal snapshots mean a re-run added, removed and replaced nothing. */
const snapshot = async () => {
  const out: Record<string, number[]> = {};
  for (const table of TABLES) out[table] = (await t.db(table).orderBy('id').pluck('id')) as number[];
  return out;
};

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('seed', () => {
  it('announces every row it adds, so a running search index takes it up', async () => {
    const ids = (name: string, key: string) => published.filter((e) => e.name === name).map((e) => e.payload[key]);
    const rows = await snapshot();
    expect(ids('tool.approved', 'toolId')).toEqual(rows.tools);
    expect(ids('resource.changed', 'resourceId')).toEqual(rows.resources);
    expect(ids('event.changed', 'eventId')).toEqual(rows.events);
    expect(ids('job.changed', 'jobId')).toEqual(rows.jobs);
    expect(published).toHaveLength(rows.tools.length + rows.resources.length + rows.events.length + rows.jobs.length);
  });

  it('leaves the same rows when run again, and keeps admin edits', async () => {
    const first = await snapshot();
    const announced = published.length;
    expect(first.tools.length).toBeGreaterThanOrEqual(32);
    expect(first.resources.length).toBeGreaterThanOrEqual(12);
    expect(first.events.length).toBeGreaterThanOrEqual(10);
    expect(first.jobs.length).toBeGreaterThanOrEqual(12);

    await t.db('tools').where({ slug: 'chatgpt' }).update({ short_description: 'Edited by an admin' });
    await seed(t.db, bus);

    expect(await snapshot()).toEqual(first);
    expect(published).toHaveLength(announced);
    expect(await t.db('tools').where({ slug: 'chatgpt' }).first('short_description')).toEqual({ short_description: 'Edited by an admin' });
  });

  it('restores a deleted job without duplicating the others', async () => {
    const before = await t.db('jobs').count<{ n: string }[]>({ n: '*' });
    const job = await t.db('jobs').orderBy('id').first('title', 'company');
    await t.db('jobs').where(job).delete();
    const announced = published.length;

    await seed(t.db, bus);

    expect(await t.db('jobs').count<{ n: string }[]>({ n: '*' })).toEqual(before);
    const restored = await t.db('jobs').where(job).first('id');
    expect(published.slice(announced)).toEqual([{ name: 'job.changed', payload: { jobId: restored.id } }]);
    expect(await t.db('jobs').where(job).count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '1' }]);
  });

  it('has at least three valid, approved tools in every category', async () => {
    const tools = await t.db('tools').select('*');
    for (const category of TOOL_CATEGORIES) {
      expect(tools.filter((tool) => tool.category === category).length, category).toBeGreaterThanOrEqual(3);
    }
    for (const tool of tools) {
      expect(tool.approved, tool.slug).toBe(true);
      expect(tool.submitted_by_id, tool.slug).toBe(1);
      expect(['Free', 'Freemium', 'Paid'], tool.slug).toContain(tool.pricing);
      expect(tool.tags.length, tool.slug).toBeGreaterThanOrEqual(2);
      expect(tool.tags.length, tool.slug).toBeLessThanOrEqual(5);
      for (const tag of tool.tags) expect(tag, tool.slug).toBe(tag.toLowerCase());
      expect(tool.features.length, tool.slug).toBeGreaterThanOrEqual(3);
      expect(tool.features.length, tool.slug).toBeLessThanOrEqual(5);
      const check = toolSubmissionSchema.safeParse({
        name: tool.name,
        slug: tool.slug,
        description: tool.description,
        shortDescription: tool.short_description,
        websiteUrl: tool.website_url,
        category: tool.category,
        tags: tool.tags,
        features: tool.features,
        pricing: tool.pricing,
        submittedById: tool.submitted_by_id,
      });
      expect(check.success, `${tool.slug}: ${check.success ? '' : check.error.issues[0]?.message}`).toBe(true);
    }
    // "Featured" is the newest three; distinct timestamps keep that choice stable.
    expect(new Set(tools.map((tool) => tool.created_at.getTime())).size).toBe(tools.length);
  });

  it('has guides of every category and level with real bodies', async () => {
    const resources = await t.db('resources').select('*');
    for (const c of RESOURCE_CATEGORIES)
      expect(
        resources.some((r) => r.category === c),
        c,
      ).toBe(true);
    for (const l of DIFFICULTY_LEVELS)
      expect(
        resources.some((r) => r.difficulty_level === l),
        l,
      ).toBe(true);
    for (const r of resources) {
      expect(wordCount(r.content), r.slug).toBeGreaterThanOrEqual(300);
      expect(wordCount(r.content), r.slug).toBeLessThanOrEqual(600);
      expect(r.content, r.slug).toMatch(/^## \S/m);
      expect(r.summary.length, r.slug).toBeGreaterThan(20);
      for (const tag of r.tags) expect(tag, r.slug).toBe(tag.toLowerCase());
      expect(r.published_at.getUTCFullYear(), r.slug).toBe(2026);
    }
  });

  it('has past and upcoming events relative to a fixed date', async () => {
    const events = await t.db('events').select('*');
    const lastDay = (e: { start_date: Date; end_date: Date | null }) => e.end_date ?? e.start_date;
    expect(events.filter((e) => lastDay(e) < REFERENCE_DATE).length).toBeGreaterThanOrEqual(3);
    expect(events.filter((e) => lastDay(e) >= REFERENCE_DATE).length).toBeGreaterThanOrEqual(3);
    for (const e of events) {
      expect(e.published, e.slug).toBe(true);
      expect(e.url, e.slug).toMatch(/^https?:\/\//);
      expect(e.description.length, e.slug).toBeGreaterThan(40);
    }
  });

  it('has jobs of every type, remote and on-site, posted in the weeks before the seed (open for JOB_MAX_AGE_DAYS from then)', async () => {
    const jobs = await t.db('jobs').select('*');
    for (const type of JOB_TYPES)
      expect(
        jobs.some((j) => j.job_type === type),
        type,
      ).toBe(true);
    expect(new Set(jobs.map((j) => j.remote))).toEqual(new Set([true, false]));
    expect(jobs.filter((j) => j.salary_range).length).toBeGreaterThan(jobs.length / 2);
    for (const j of jobs) {
      expect(new URL(j.apply_url).hostname, j.title).toMatch(/(^|\.)example\.com$/);
      expect(j.created_at.getTime(), j.title).toBeLessThan(Date.now());
      expect(j.created_at.getTime(), j.title).toBeGreaterThan(Date.now() - 30 * 86_400_000);
    }
  });
});

describe('demo feeds', () => {
  const feedPath = (name: string) => fileURLToPath(new URL(`../../services/pipeline/demo-feeds/${name}`, import.meta.url));
  const rssParser = new Parser<object, { 'content:encoded'?: string }>({ customFields: { item: ['content:encoded'] } });
  // rss-parser reads Atom categories only when asked; each is an element with a `term` attribute.
  const atomParser = new Parser<object, { atomCategories?: { $: { term: string } }[] }>({
    customFields: { item: [['category', 'atomCategories', { keepArray: true }]] },
  });
  const demoHost = 'demo.neuralbeat.example';
  /** What the dedupe stage treats as the same article: no tracking parameters, no trailing slash. */
  const canonical = (link: string) => {
    const url = new URL(link);
    for (const key of [...url.searchParams.keys()]) if (key.startsWith('utm_')) url.searchParams.delete(key);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}${url.search}`;
  };

  const readFeeds = async () => {
    const rss = await rssParser.parseString(await readFile(feedPath('ai-research-digest.xml'), 'utf8'));
    const atom = await atomParser.parseString(await readFile(feedPath('model-makers-weekly.atom'), 'utf8'));
    const json = JSON.parse(await readFile(feedPath('ai-policy-brief.json'), 'utf8'));
    const items = [
      ...rss.items.map((i) => ({
        title: i.title!,
        link: i.link!,
        date: i.isoDate!,
        html: i['content:encoded'] ?? '',
        categories: i.categories ?? [],
      })),
      ...atom.items.map((i) => ({
        title: i.title!,
        link: i.link!,
        date: i.isoDate!,
        html: i.content ?? '',
        categories: (i.atomCategories ?? []).map((c) => c.$.term),
      })),
      ...json.items.map((i: { title: string; url: string; date_published: string; content_html: string; tags: string[] }) => ({
        title: i.title,
        link: i.url,
        date: i.date_published,
        html: i.content_html,
        categories: i.tags,
      })),
    ];
    return { rss, atom, json, items };
  };

  it('parse as RSS 2.0, Atom and JSON Feed 1.1 with 8 to 10 items each', async () => {
    const { rss, atom, json } = await readFeeds();
    expect(rss.title).toBe('AI Research Digest');
    expect(atom.title).toBe('Model Makers Weekly');
    expect(json.version).toBe('https://jsonfeed.org/version/1.1');
    for (const count of [rss.items.length, atom.items.length, json.items.length]) {
      expect(count).toBeGreaterThanOrEqual(8);
      expect(count).toBeLessThanOrEqual(10);
    }
  });

  it('hold dated, categorised articles on the demo domain, plus the planted duplicates and one thin item', async () => {
    const { items } = await readFeeds();
    for (const item of items) {
      expect(new URL(item.link).hostname, item.title).toBe(demoHost);
      expect(item.date >= '2026-11-01' && item.date < '2026-11-22', item.title).toBe(true);
      expect(item.categories.length, item.title).toBeGreaterThan(0);
      for (const c of item.categories) expect(NEWS_CATEGORIES, item.title).toContain(c);
    }
    const full = items.filter((i) => countWords(htmlToText(i.html)) >= 150);
    expect(full.every((i) => countWords(htmlToText(i.html)) <= 350)).toBe(true);
    const thin = items.filter((i) => countWords(htmlToText(i.html)) < 150);
    expect(thin).toHaveLength(1);
    expect(thin[0]!.title.split(' ')).toHaveLength(3);

    const links = items.map((i) => i.link);
    const byCanonical = Object.groupBy(links, canonical);
    const sameArticle = Object.values(byCanonical).filter((group) => group!.length > 1);
    expect(sameArticle).toHaveLength(1);
    expect(new Set(sameArticle[0]).size).toBe(2);
  });
});
