import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSystem, type RunningSystem } from '../../support/system';
import { ADMIN, adminCall, insertAccounts, signIn, until } from '../../support/admin';
import { insertNewsItem, insertTool } from '../../support/factories';

let sys: RunningSystem;
let cookie: string;
beforeAll(async () => {
  sys = await startSystem();
  await insertAccounts(sys.database.db);
  cookie = await signIn(sys.url);
});
afterAll(async () => sys.stop());

const get = (path: string) => adminCall(sys.url, cookie, path);

describe('tag management', () => {
  beforeAll(async () => {
    const db = sys.database.db;
    // 'llm' on 120 items (high), 'robotics' on 12 (medium), 'vision' on 4 (low), 'LLM' on 2 (rare), 3 one-offs.
    for (let i = 0; i < 120; i++) {
      const tags = ['llm'];
      if (i < 12) tags.push('robotics');
      if (i < 4) tags.push('vision');
      if (i < 2) tags.push('LLM');
      if (i === 0) tags.push('Edge-AI', 'chips', 'safety');
      await insertNewsItem(db, { tags, category: i % 2 ? 'Research' : 'Business' });
    }
  });

  it('summarises usage bands, case variations, top tags and tags per category', async () => {
    const res = await get('/api/tags/stats');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toEqual({
      uniqueTagCount: 7,
      caseVariationCount: 1,
      nonLowercaseCount: 2,
      percentages: { nonLowercase: 28.6, highUsage: 14.3, mediumUsage: 14.3, lowUsage: 14.3, rare: 14.3, oneOff: 42.9 },
      distribution: { highUsage: 1, mediumUsage: 1, lowUsage: 1, rare: 1, oneOff: 3 },
      topTags: [
        { tag: 'llm', count: 120 },
        { tag: 'robotics', count: 12 },
        { tag: 'vision', count: 4 },
        { tag: 'LLM', count: 2 },
        { tag: 'chips', count: 1 },
        { tag: 'Edge-AI', count: 1 },
        { tag: 'safety', count: 1 },
      ],
      categoryTags: [
        { category: 'Business', unique_tags: 7 },
        { category: 'Research', unique_tags: 4 },
      ],
    });
  });

  it('pages, sorts and searches the tag list', async () => {
    const first = await get('/api/tags/list?page=1&pageSize=3&sortBy=count&order=desc');
    expect(first.body).toEqual({
      tags: [
        { tag: 'llm', count: 120, is_lowercase: true },
        { tag: 'robotics', count: 12, is_lowercase: true },
        { tag: 'vision', count: 4, is_lowercase: true },
      ],
      pagination: { currentPage: 1, totalPages: 3, totalCount: 7 },
    });
    const last = await get('/api/tags/list?page=3&pageSize=3&sortBy=count&order=desc');
    expect(last.body.tags.map((t: { tag: string }) => t.tag)).toEqual(['safety']);
    const byName = await get('/api/tags/list?sortBy=tag&order=asc');
    expect(byName.body.tags.map((t: { tag: string }) => t.tag)).toEqual(['chips', 'Edge-AI', 'LLM', 'llm', 'robotics', 'safety', 'vision']);
    const byNameDesc = await get('/api/tags/list?sortBy=tag&order=desc&pageSize=2');
    expect(byNameDesc.body.tags.map((t: { tag: string }) => t.tag)).toEqual(['vision', 'safety']);
    const search = await get('/api/tags/list?search=LL');
    expect(search.body).toEqual({
      tags: [
        { tag: 'llm', count: 120, is_lowercase: true },
        { tag: 'LLM', count: 2, is_lowercase: false },
      ],
      pagination: { currentPage: 1, totalPages: 1, totalCount: 2 },
    });
    const wildcard = await get('/api/tags/list?search=%25');
    expect(wildcard.body).toEqual({ tags: [], pagination: { currentPage: 1, totalPages: 0, totalCount: 0 } });
  });

  it('rejects a bad query naming the field', async () => {
    for (const [query, field] of [
      ['pageSize=1000', 'pageSize'],
      ['page=0', 'page'],
      ['sortBy=id', 'sortBy'],
      ['order=up', 'order'],
    ]) {
      const res = await get(`/api/tags/list?${query}`);
      expect({ status: res.status, field: res.body.error.field }).toEqual({ status: 400, field });
    }
  });
});

describe('tool review', () => {
  it('lists pending submissions; approval lists the tool in the directory and search at once; rejection never does', async () => {
    const db = sys.database.db;
    const good = await insertTool(db, {
      name: 'Lumen Notes',
      slug: 'lumen-notes',
      approved: false,
      tags: ['notes'],
      short_description: 'Meeting notes with recall',
    });
    const bad = await insertTool(db, {
      name: 'Spammy Widget',
      slug: 'spammy-widget',
      approved: false,
      short_description: 'Buy now widget',
    });
    await insertTool(db, { name: 'Already Listed', slug: 'already-listed' });

    const pending = await get('/api/admin/tools/review');
    expect(pending.body.tools.map((t: { slug: string }) => t.slug)).toEqual(['lumen-notes', 'spammy-widget']);
    expect(pending.body.tools[0]).toMatchObject({
      id: good.id,
      status: 'pending',
      submittedBy: 'public-submissions',
      reviewedBy: null,
      websiteUrl: expect.any(String),
    });

    const approved = await adminCall(sys.url, cookie, `/api/admin/tools/${good.id}/approve`, { body: {} });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      message: '"Lumen Notes" is approved and listed in the directory',
      tool: { status: 'approved', reviewedBy: ADMIN.username },
    });
    expect((await fetch(`${sys.url}/api/tools/lumen-notes`)).status).toBe(200);
    const found = async () =>
      ((await (await fetch(`${sys.url}/api/tools/search?q=lumen`)).json()) as { slug: string }[]).map((t) => t.slug);
    await until(async () => (await found()).includes('lumen-notes'), 10_000);
    expect(await found()).toEqual(['lumen-notes']);

    const rejected = await adminCall(sys.url, cookie, `/api/admin/tools/${bad.id}/reject`, { body: { reason: 'Not an AI tool' } });
    expect(rejected.body.tool).toMatchObject({ status: 'rejected', rejectionReason: 'Not an AI tool', reviewedBy: ADMIN.username });
    expect((await fetch(`${sys.url}/api/tools/spammy-widget`)).status).toBe(404);
    expect(JSON.stringify(await (await fetch(`${sys.url}/api/tools`)).json())).not.toContain('spammy-widget');
    await new Promise((r) => setTimeout(r, 300));
    expect(((await (await fetch(`${sys.url}/api/tools/search?q=spammy`)).json()) as unknown[]).length).toBe(0);

    expect((await get('/api/admin/tools/review')).body.tools).toEqual([]);
    expect((await get('/api/admin/tools/review?status=rejected')).body.tools.map((t: { slug: string }) => t.slug)).toEqual([
      'spammy-widget',
    ]);
    expect((await get('/api/admin/tools/review?status=approved')).body.tools.map((t: { slug: string }) => t.slug)).toContain('lumen-notes');

    const audit = await db('admin_audit_log').orderBy('id').select('action', 'affected_ids', 'actor_username', 'params');
    expect(audit).toEqual([
      { action: 'toolApprove', affected_ids: [good.id], actor_username: ADMIN.username, params: { slug: 'lumen-notes' } },
      {
        action: 'toolReject',
        affected_ids: [bad.id],
        actor_username: ADMIN.username,
        params: { slug: 'spammy-widget', reason: 'Not an AI tool' },
      },
    ]);

    // A listed tool cannot be rejected; an unknown id or a bad one is a clear 4xx.
    expect((await adminCall(sys.url, cookie, `/api/admin/tools/${good.id}/reject`, { body: {} })).status).toBe(409);
    expect((await adminCall(sys.url, cookie, '/api/admin/tools/999999/approve', { body: {} })).status).toBe(404);
    const badId = await adminCall(sys.url, cookie, '/api/admin/tools/abc/approve', { body: {} });
    expect({ status: badId.status, field: badId.body.error.field }).toEqual({ status: 400, field: 'id' });
    expect((await get('/api/admin/tools/review?status=maybe')).status).toBe(400);
  });
});
