import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toolSchema, toolSummarySchema } from '@neuralbeat/common/contracts';
import { startSystem, type RunningSystem } from '../../support/system';
import { insertTool } from '../../support/factories';

let sys: RunningSystem;
const get = async (path: string) => {
  const res = await fetch(`${sys.url}${path}`);
  return { status: res.status, body: (await res.json()) as any };
};
const submit = async (body: unknown, raw?: string) => {
  const res = await fetch(`${sys.url}/api/tools/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: raw ?? JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};
const valid = {
  name: 'Prompt Forge',
  description: 'Builds, tests and versions prompts for production LLM apps.',
  shortDescription: 'Prompt engineering workbench',
  websiteUrl: 'https://promptforge.example',
  category: 'Development',
  tags: ['prompts', ' llm ', 'testing', ''],
  features: ['Versioning', 'A/B tests'],
  pricing: 'Freemium',
  submittedById: 1,
};

beforeAll(async () => {
  sys = await startSystem();
  const db = sys.database.db;
  await insertTool(db, {
    name: 'Alpha Code',
    slug: 'alpha-code',
    category: 'Development',
    tags: ['coding', 'llm'],
    pricing: 'Free',
    created_at: new Date('2026-01-01'),
  });
  await insertTool(db, {
    name: 'Beta Paint',
    slug: 'beta-paint',
    category: 'Image Generation',
    tags: ['art'],
    pricing: 'Paid',
    created_at: new Date('2026-02-01'),
  });
  await insertTool(db, {
    name: 'Gamma Chat',
    slug: 'gamma-chat',
    category: 'AI Chatbots',
    tags: ['llm'],
    pricing: 'Freemium',
    created_at: new Date('2026-03-01'),
  });
  await insertTool(db, {
    name: 'Delta Dev',
    slug: 'delta-dev',
    category: 'Development',
    tags: ['devops'],
    pricing: 'Paid',
    created_at: new Date('2026-04-01'),
  });
  await insertTool(db, { name: 'Hidden Tool', slug: 'hidden-tool', approved: false, created_at: new Date('2026-05-01') });
});
afterAll(async () => sys.stop());

describe('tool directory', () => {
  it('lists approved tools by name, filters by category and pricing', async () => {
    const all = z.array(toolSummarySchema.strict()).parse((await get('/api/tools')).body);
    expect(all.map((t) => t.slug)).toEqual(['alpha-code', 'beta-paint', 'delta-dev', 'gamma-chat']);
    expect((await get('/api/tools?category=Development')).body.map((t: { slug: string }) => t.slug)).toEqual(['alpha-code', 'delta-dev']);
    expect((await get('/api/tools?pricing=paid')).body.map((t: { slug: string }) => t.slug)).toEqual(['beta-paint', 'delta-dev']);
    expect((await get('/api/tools?category=Development&pricing=PAID')).body.map((t: { slug: string }) => t.slug)).toEqual(['delta-dev']);
  });

  it('sorts names as readers do, whatever their case (not lower case after Z)', async () => {
    const db = sys.database.db;
    await insertTool(db, { name: 'charlie lower', slug: 'charlie-lower', category: 'Development' });
    try {
      expect((await get('/api/tools')).body.map((t: { slug: string }) => t.slug)).toEqual([
        'alpha-code',
        'beta-paint',
        'charlie-lower',
        'delta-dev',
        'gamma-chat',
      ]);
      expect((await get('/api/tools?category=Development')).body.map((t: { slug: string }) => t.slug)).toEqual([
        'alpha-code',
        'charlie-lower',
        'delta-dev',
      ]);
    } finally {
      await db('tools').where({ slug: 'charlie-lower' }).del();
    }
  });

  it('sends the directory a page at a time with its total in X-Total-Count', async () => {
    const page = async (query: string) => {
      const res = await fetch(`${sys.url}/api/tools?${query}`);
      expect(res.status).toBe(200);
      return { slugs: ((await res.json()) as { slug: string }[]).map((t) => t.slug), total: res.headers.get('x-total-count') };
    };
    expect(await page('limit=2')).toEqual({ slugs: ['alpha-code', 'beta-paint'], total: '4' });
    expect(await page('limit=2&offset=2')).toEqual({ slugs: ['delta-dev', 'gamma-chat'], total: '4' });
    expect(await page('limit=2&offset=4')).toEqual({ slugs: [], total: '4' });
    expect(await page('category=Development&limit=1&offset=1')).toEqual({ slugs: ['delta-dev'], total: '2' });
    expect(await page('pricing=free')).toEqual({ slugs: ['alpha-code'], total: '1' });
    expect(await page('category=Computer%20Vision')).toEqual({ slugs: [], total: '0' });
    // Without a limit: one screen's worth.
    const db = sys.database.db;
    for (let i = 0; i < 25; i++)
      await insertTool(db, {
        name: `Zz Paging ${String(i).padStart(2, '0')}`,
        slug: `zz-paging-${i}`,
        category: 'No-Code AI',
        pricing: 'Free',
      });
    const first = await page('category=No-Code%20AI');
    expect(first.slugs).toHaveLength(24);
    expect(first.total).toBe('25');
    expect((await page('category=No-Code%20AI&offset=24')).slugs).toEqual(['zz-paging-24']);
    await db('tools').where('slug', 'like', 'zz-paging-%').del();
    expect((await page('category=No-Code%20AI')).total).toBe('0');
  });

  it('keeps the totals in step with approval, edits and deletion', async () => {
    const db = sys.database.db;
    const total = async (query = '') => (await fetch(`${sys.url}/api/tools?${query}`)).headers.get('x-total-count');
    const hidden = await insertTool(db, {
      name: 'Epsilon Pending',
      slug: 'epsilon-pending',
      category: 'Development',
      pricing: 'Paid',
      approved: false,
    });
    expect([await total(), await total('category=Development&pricing=paid')]).toEqual(['4', '1']);
    await db('tools').where({ id: hidden.id }).update({ approved: true });
    expect([await total(), await total('category=Development&pricing=paid')]).toEqual(['5', '2']);
    await db('tools').where({ id: hidden.id }).update({ category: 'Data Analytics', pricing: 'FREE' });
    expect([
      await total('category=Development&pricing=paid'),
      await total('category=Data%20Analytics'),
      await total('pricing=free'),
    ]).toEqual(['1', '1', '2']);
    await db('tools').where({ id: hidden.id }).del();
    expect([await total(), await total('category=Data%20Analytics'), await total('pricing=free')]).toEqual(['4', '0', '1']);
  });

  it('filters by text in the name, descriptions, category or tags, in any case, wildcards taken literally', async () => {
    const slugs = async (query: string) => {
      const res = await fetch(`${sys.url}/api/tools?${query}`);
      return { slugs: ((await res.json()) as { slug: string }[]).map((t) => t.slug), total: res.headers.get('x-total-count') };
    };
    expect(await slugs('q=PAINT')).toEqual({ slugs: ['beta-paint'], total: '1' });
    expect(await slugs('q=%20devops%20')).toEqual({ slugs: ['delta-dev'], total: '1' });
    expect(await slugs('q=chatbots')).toEqual({ slugs: ['gamma-chat'], total: '1' });
    expect(await slugs('q=llm&category=Development')).toEqual({ slugs: ['alpha-code'], total: '1' });
    expect((await slugs('q=llm')).slugs).toEqual(['alpha-code', 'gamma-chat']);
    // Totals of text filters at every page: counted when a page is full, read off a page that is not, counted past the end.
    expect(await slugs('q=llm&limit=1')).toEqual({ slugs: ['alpha-code'], total: '2' });
    expect(await slugs('q=llm&limit=5&offset=1')).toEqual({ slugs: ['gamma-chat'], total: '2' });
    expect(await slugs('q=llm&limit=1&offset=2')).toEqual({ slugs: [], total: '2' });
    // Unapproved tools stay hidden; % and _ are plain characters; an empty q is no filter.
    expect((await slugs('q=hidden')).slugs).toEqual([]);
    expect((await slugs('q=%25')).slugs).toEqual([]);
    expect((await slugs('q=a_c')).slugs).toEqual([]);
    expect((await slugs('q=%20')).total).toBe('4');
  });

  it('counts a text filter up to 1,000 matches and estimates above', async () => {
    const db = sys.database.db;
    await db('tools').insert(
      Array.from({ length: 1100 }, (_, i) => ({
        name: `Widespread ${String(i).padStart(4, '0')}`,
        slug: `widespread-${i}`,
        description: 'A widespread tool for the count test.',
        short_description: 'Widespread tool',
        website_url: 'https://widespread.example',
        category: 'Data Analytics',
        pricing: 'Free',
        approved: true,
        submitted_by_id: 1,
      })),
    );
    await db.raw('ANALYZE tools');
    const res = await fetch(`${sys.url}/api/tools?q=widespread`);
    const total = Number(res.headers.get('x-total-count'));
    expect(total).toBeGreaterThan(1000);
    expect(total).toBeLessThan(1500);
    expect(((await res.json()) as { slug: string }[]).map((t) => t.slug).slice(0, 2)).toEqual(['widespread-0', 'widespread-1']);
    expect((await fetch(`${sys.url}/api/tools?q=widespread%200999`)).headers.get('x-total-count')).toBe('1');
    await db('tools').where('slug', 'like', 'widespread-%').del();
  });

  it.each([
    ['category=Cooking', 'category'],
    ['pricing=cheap', 'pricing'],
    ['limit=abc', 'limit'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['offset=-1', 'offset'],
    [`q=${'x'.repeat(101)}`, 'q'],
    ['q=a&q=b', 'q'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await get(`/api/tools?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe(field);
  });

  it('features the 3 newest approved tools', async () => {
    expect((await get('/api/tools/featured')).body.map((t: { slug: string }) => t.slug)).toEqual(['delta-dev', 'gamma-chat', 'beta-paint']);
  });

  it('shows a tool by slug with similar tools, and hides unapproved ones', async () => {
    expect(toolSchema.parse((await get('/api/tools/alpha-code')).body).tags).toEqual(['coding', 'llm']);
    // Delta shares the category, Gamma shares the llm tag.
    expect((await get('/api/tools/alpha-code/similar')).body.map((t: { slug: string }) => t.slug)).toEqual(['delta-dev', 'gamma-chat']);
    const hidden = await get('/api/tools/hidden-tool');
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toBe('Tool not found');
  });
});

describe('similar tools', () => {
  it('count the category and each shared tag, ties by name, and follow approval', async () => {
    const db = sys.database.db;
    await insertTool(db, { name: 'Sim Base', slug: 'sim-base', category: 'Data Analytics', tags: ['sql', 'charts', 'notebooks'] });
    await insertTool(db, { name: 'Sim Both', slug: 'sim-both', category: 'Data Analytics', tags: ['sql', 'charts'] });
    await insertTool(db, { name: 'Sim Tags', slug: 'sim-tags', category: 'No-Code AI', tags: ['sql', 'notebooks'] });
    await insertTool(db, { name: 'Sim Category', slug: 'sim-category', category: 'Data Analytics', tags: ['forecasting'] });
    const hidden = await insertTool(db, {
      name: 'Sim Aaa Pending',
      slug: 'sim-pending',
      category: 'Data Analytics',
      tags: ['sql', 'charts', 'notebooks'],
      approved: false,
    });
    const slugs = async () => (await get('/api/tools/sim-base/similar')).body.map((t: { slug: string }) => t.slug);
    // Both: category + 2 tags; Tags: 2 tags; Category: category only.
    expect(await slugs()).toEqual(['sim-both', 'sim-tags', 'sim-category']);
    await db('tools').where({ id: hidden.id }).update({ approved: true });
    expect(await slugs()).toEqual(['sim-pending', 'sim-both', 'sim-tags', 'sim-category']);
    expect((await get('/api/tools/hidden-tool/similar')).status).toBe(404);
  });

  it('count only the first 25 tools by name of the category and of each tag', async () => {
    const db = sys.database.db;
    await insertTool(db, { name: 'Window Base', slug: 'window-base', category: 'Computer Vision', tags: ['ocr'] });
    for (let i = 10; i < 36; i++)
      await insertTool(db, { name: `Window ${i}`, slug: `window-${i}`, category: 'Computer Vision', tags: ['segmentation'] });
    // Shares the category and the tag, but 26 tools come before it by name in the category: only its tag is counted.
    await insertTool(db, { name: 'Window Zed', slug: 'window-zed', category: 'Computer Vision', tags: ['ocr'] });
    const similar = (await get('/api/tools/window-base/similar')).body.map((t: { slug: string }) => t.slug);
    expect(similar).toEqual(['window-10', 'window-11', 'window-12', 'window-13']);
    // With the others moved out of the category it is within the category's window too, and first.
    await db('tools')
      .where('slug', 'like', 'window-%')
      .whereNotIn('slug', ['window-base', 'window-zed'])
      .update({ category: 'AI Chatbots' });
    expect((await get('/api/tools/window-base/similar')).body.map((t: { slug: string }) => t.slug)).toEqual(['window-zed']);
  });
});

describe('POST /api/tools/submit', () => {
  it('stores a submission unapproved, derives a blank slug from the name, trims the lists', async () => {
    const res = await submit(valid);
    expect(res.status).toBe(201);
    expect(res.body.tool).toMatchObject({
      slug: 'prompt-forge',
      tags: ['prompts', 'llm', 'testing'],
      features: ['Versioning', 'A/B tests'],
    });
    const row = await sys.database.db('tools').where({ slug: 'prompt-forge' }).first();
    expect(row).toMatchObject({ approved: false, submitted_by_id: 1 });
    expect((await get('/api/tools/prompt-forge')).status).toBe(404);
  });

  it('answers 409 naming the slug for a taken slug, and stores nothing', async () => {
    const res = await submit({ ...valid, name: 'Another Name', slug: 'alpha-code' });
    expect(res.status).toBe(409);
    expect(res.body.error.field).toBe('slug');
    expect(await sys.database.db('tools').where({ name: 'Another Name' })).toHaveLength(0);
  });

  it.each([
    [{ name: 'ab' }, 'name', 'Tool name must be at least 3 characters'],
    [{ description: 'Too short' }, 'description', 'Description must be at least 20 characters'],
    [{ shortDescription: 'Tiny' }, 'shortDescription', 'Short description must be at least 10 characters'],
    [{ shortDescription: 'x'.repeat(100) }, 'shortDescription', 'Short description must be less than 100 characters'],
    [{ websiteUrl: 'not-a-url' }, 'websiteUrl', 'Please enter a valid URL'],
    [{ websiteUrl: 'ftp://files.example' }, 'websiteUrl', 'Please enter a valid URL'],
    [{ category: 'Cooking' }, 'category', 'Please select a category'],
    [{ category: undefined }, 'category', 'Please select a category'],
    [{ slug: 'Bad Slug!' }, 'slug', 'Slug may contain only lowercase letters, numbers and single hyphens'],
    [{ logoUrl: 'nope' }, 'logoUrl', 'Please enter a valid URL'],
    [{ logoUrl: 'javascript:alert(1)' }, 'logoUrl', 'Please enter a valid URL'],
    // Tags and features are lists; the comma text is split by the form, not the API.
    [{ tags: 'prompts, llm' }, 'tags', 'Tags must be a list'],
    [{ features: 'Versioning, A/B tests' }, 'features', 'Features must be a list'],
    [{ tags: ['x'.repeat(61)] }, 'tags', 'Each tag must be at most 60 characters'],
    [{ features: Array.from({ length: 21 }, (_, i) => `f${i}`) }, 'features', 'Enter at most 20 features'],
  ])('rejects %j naming %s', async (over, field, message) => {
    const res = await submit({ ...valid, slug: `rule-${field.toLowerCase()}`, ...over });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ status: 400, code: 'validation_failed', field, message });
  });

  it('answers invalid JSON with 400 and an oversized body with 413', async () => {
    expect((await submit(null, '{"name": "x",')).status).toBe(400);
    const big = await submit({ ...valid, slug: 'big', description: 'x'.repeat(200_000) });
    expect(big.status).toBe(413);
  });
});
