import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startSystem, type RunningSystem } from '../../support/system';
import { ADMIN, adminCall, insertAccounts, signIn } from '../../support/admin';
import { fetchUntilChanged, until } from '../../support/until';

let sys: RunningSystem;
let cookie: string;
beforeAll(async () => {
  // The pipeline's sweep closes jobs every second, so a test sees whether it closes one again.
  sys = await startSystem({ PIPELINE_SWEEP_INTERVAL_SECONDS: '1' });
  await insertAccounts(sys.database.db);
  cookie = await signIn(sys.url);
});
afterAll(async () => sys.stop());

const call = (path: string, init: { method?: string; body?: unknown } = {}) => adminCall(sys.url, cookie, path, init);

interface Item {
  id: number;
  slug?: string;
  published: boolean;
  [field: string]: unknown;
}

/** Each kind: a valid body named with a word found nowhere else, where visitors read it, a broken field, a patch. */
const KINDS = [
  {
    kind: 'events',
    body: {
      name: 'Zephyrine Summit 2027',
      slug: '',
      description: 'Two days of talks on applied machine learning.',
      location: 'Lisbon, Portugal',
      startDate: '2027-05-10T09:00:00.000Z',
      endDate: '2027-05-11T17:00:00.000Z',
      eventType: 'Conference',
      url: 'https://example.com/summit',
    },
    word: 'zephyrine',
    expectedSlug: 'zephyrine-summit-2027',
    detail: (item: Item) => `/api/events/${item.slug}`,
    list: '/api/events',
    broken: [
      [{ startDate: 'soon' }, 'startDate'],
      [{ endDate: '2027-05-01T00:00:00.000Z' }, 'endDate'],
      [{ url: 'javascript:alert(1)' }, 'url'],
    ],
    patch: { location: 'Porto, Portugal' },
  },
  {
    kind: 'jobs',
    body: {
      title: 'Quillvane Research Engineer',
      company: 'Quillvane Labs',
      location: 'Berlin',
      jobType: 'Full-time',
      description: 'Build evaluation tooling for language models.',
      requirements: 'Python, statistics',
      applyUrl: 'https://example.com/jobs/1',
    },
    word: 'quillvane',
    expectedSlug: undefined,
    detail: (item: Item) => `/api/jobs/${item.id}`,
    list: '/api/jobs',
    broken: [
      [{ jobType: 'Gig' }, 'jobType'],
      [{ applyUrl: 'not a url' }, 'applyUrl'],
      [{ title: ' ' }, 'title'],
      [{ validThrough: 'soon' }, 'validThrough', 'validThrough must be a date'],
    ],
    patch: { salaryRange: '€80k–€95k' },
  },
  {
    kind: 'resources',
    body: {
      title: 'Murmuration Guide to Embeddings',
      summary: 'What embeddings are and how to use them.',
      content: 'Embeddings map text to vectors so similar meanings sit close together.',
      category: 'Tutorials',
      difficultyLevel: 'Beginner',
    },
    word: 'murmuration',
    expectedSlug: 'murmuration-guide-to-embeddings',
    detail: (item: Item) => `/api/resources/${item.slug}`,
    list: '/api/resources',
    broken: [
      [{ difficultyLevel: 'Expert' }, 'difficultyLevel'],
      [{ category: 'Gossip' }, 'category'],
    ],
    patch: { difficultyLevel: 'Advanced' },
  },
  {
    kind: 'tools',
    body: {
      name: 'Tessellix Draw',
      description: 'Turns rough sketches into clean vector diagrams.',
      shortDescription: 'Sketches into diagrams',
      websiteUrl: 'https://example.com/tessellix',
      category: 'Image Generation',
      tags: ['design'],
    },
    word: 'tessellix',
    expectedSlug: 'tessellix-draw',
    detail: (item: Item) => `/api/tools/${item.slug}`,
    list: '/api/tools?limit=100',
    broken: [
      [{ shortDescription: 'Short' }, 'shortDescription', 'Short description must be at least 10 characters'],
      [{ name: 'ab' }, 'name', 'Tool name must be at least 3 characters'],
      [{ websiteUrl: 'example' }, 'websiteUrl', 'Please enter a valid URL'],
    ],
    patch: { pricing: 'Free tier' },
  },
] as const;

const searchFinds = async (kind: string, word: string, id: number) =>
  ((await (await fetch(`${sys.url}/api/${kind}/search?q=${word}`)).json()) as { id: number }[]).some((r) => r.id === id);

/** Waits (up to 10 s) until visitors' detail page answers as `listed` says and search agrees; then whether the public list shows it. */
async function visitorsSee(kind: (typeof KINDS)[number], item: Item, listed: boolean) {
  await untilStatus(`${sys.url}${kind.detail(item)}`, listed ? 200 : 404);
  await fetchUntilChanged<{ id: number }[]>(
    `${sys.url}/api/${kind.kind}/search?q=${kind.word}`,
    (rows) => rows.some((r) => r.id === item.id) === listed,
    10_000,
  );
  const list = (await (await fetch(`${sys.url}${kind.list}`)).json()) as unknown;
  const inList = new RegExp(`"id"\\s*:\\s*${item.id}\\b`).test(JSON.stringify(list));
  return { inList };
}

async function untilStatus(url: string, status: number): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < 10_000) {
    if ((await fetch(url)).status === status) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not answer ${status} within 10 s`);
}

describe.each(KINDS)('/api/admin/$kind', (kind) => {
  const base = `/api/admin/${kind.kind}`;

  it('needs an operator session', async () => {
    expect((await adminCall(sys.url, null, base)).status).toBe(401);
    expect((await adminCall(sys.url, null, base, { body: kind.body })).status).toBe(401);
    expect((await adminCall(sys.url, null, `${base}/1`, { method: 'DELETE' })).status).toBe(401);
  });

  it('refuses broken fields with a 400 naming the field', async () => {
    for (const [over, field, message] of kind.broken as readonly (readonly [Record<string, unknown>, string, string?])[]) {
      const res = await call(base, { body: { ...kind.body, ...over } });
      expect({ status: res.status, field: res.body.error.field }).toEqual({ status: 400, field });
      if (message) expect(res.body.error.message).toBe(message);
    }
    const { [Object.keys(kind.body)[0]!]: _left, ...missing } = kind.body as Record<string, unknown>;
    const res = await call(base, { body: missing });
    expect({ status: res.status, field: res.body.error.field }).toEqual({ status: 400, field: Object.keys(kind.body)[0] });
  });

  it('creates, edits, unpublishes, publishes and deletes; visitors, search and the audit log follow each change', async () => {
    const created = await call(base, { body: kind.body });
    expect(created.status).toBe(201);
    const item = created.body.item as Item;
    expect(item).toMatchObject({ published: true });
    if (kind.expectedSlug) expect(item.slug).toBe(kind.expectedSlug);
    const shown = await visitorsSee(kind, item, true);
    expect(shown.inList).toBe(true);

    if (kind.expectedSlug) {
      const again = await call(base, { body: kind.body });
      expect({ status: again.status, field: again.body.error.field }).toEqual({ status: 409, field: 'slug' });
    }

    const [field, value] = Object.entries(kind.patch)[0]!;
    const patched = await call(`${base}/${item.id}`, { method: 'PATCH', body: kind.patch });
    expect(patched.status).toBe(200);
    expect(patched.body.item[field]).toBe(value);
    // Fields not sent keep their values.
    const [keptField, keptValue] = Object.entries(kind.body)[0]!;
    expect(patched.body.item[keptField]).toBe(keptValue);
    const brokenPatch = await call(`${base}/${item.id}`, { method: 'PATCH', body: kind.broken[0][0] });
    expect({ status: brokenPatch.status, field: brokenPatch.body.error.field }).toEqual({ status: 400, field: kind.broken[0][1] });
    await fetchUntilChanged<Record<string, unknown>>(`${sys.url}${kind.detail(item)}`, (body) => body[field] === value, 10_000);

    const unpublished = await call(`${base}/${item.id}/unpublish`, { body: {} });
    expect(unpublished.body.item.published).toBe(false);
    const hidden = await visitorsSee(kind, item, false);
    expect(hidden.inList).toBe(false);

    // Nor does the image proxy serve its pictures any more.
    const imageField = ({ events: 'imageUrl', jobs: 'companyLogoUrl', resources: 'imageUrl', tools: 'logoUrl' } as const)[kind.kind];
    const imageKnown = async () =>
      (
        (await (await fetch(`${sys.services.content.url}/internal/images/known?url=${encodeURIComponent(image)}`)).json()) as {
          known: boolean;
        }
      ).known;
    const image = `https://images.example.com/${kind.word}.png`;
    await call(`${base}/${item.id}`, { method: 'PATCH', body: { [imageField]: image } });
    expect(await imageKnown()).toBe(false);
    await call(`${base}/${item.id}/publish`, { body: {} });
    expect(await imageKnown()).toBe(true);
    await call(`${base}/${item.id}/unpublish`, { body: {} });
    expect(await imageKnown()).toBe(false);

    const listedOnlyUnpublished = await call(`${base}?published=false&q=${kind.word}`);
    expect(listedOnlyUnpublished.body).toMatchObject({ total: 1, items: [{ id: item.id, published: false }] });
    expect((await call(`${base}?published=true&q=${kind.word}`)).body.total).toBe(0);

    await call(`${base}/${item.id}/publish`, { body: {} });
    expect((await visitorsSee(kind, item, true)).inList).toBe(true);

    const deleted = await call(`${base}/${item.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    const gone = await visitorsSee(kind, item, false);
    expect(gone.inList).toBe(false);
    expect((await call(`${base}/${item.id}`)).status).toBe(404);
    expect((await call(`${base}/${item.id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await searchFinds(kind.kind, kind.word, item.id)).toBe(false);

    const audit = await sys.database
      .db('admin_audit_log')
      .whereRaw(`params->>'kind' = ?`, [kind.kind])
      .orderBy('id')
      .select('action', 'affected_ids', 'actor_username');
    expect(audit).toEqual(
      [
        'contentCreate',
        'contentUpdate',
        'contentUnpublish',
        'contentUpdate',
        'contentPublish',
        'contentUnpublish',
        'contentPublish',
        'contentDelete',
      ].map((action) => ({
        action,
        affected_ids: [item.id],
        actor_username: ADMIN.username,
      })),
    );
  });
});

describe('the admin lists', () => {
  it('page newest first and filter by words', async () => {
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const res = await call('/api/admin/events', {
        body: {
          name: `Paging Meetup ${n}`,
          description: 'A meetup.',
          location: 'Online',
          startDate: `2027-0${n}-01T18:00:00.000Z`,
          eventType: 'Meetup',
          virtual: true,
          published: n !== 2,
        },
      });
      ids.push(res.body.item.id);
    }
    // Created unpublished: never reached visitors.
    expect((await fetch(`${sys.url}/api/events/paging-meetup-2`)).status).toBe(404);
    const page = await call('/api/admin/events?q=paging&limit=2');
    expect(page.body).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(page.body.items.map((i: Item) => i.id)).toEqual([ids[2], ids[1]]);
    const next = await call('/api/admin/events?q=paging&limit=2&offset=2');
    expect(next.body.items.map((i: Item) => i.id)).toEqual([ids[0]]);
    // Words are taken literally.
    expect((await call('/api/admin/events?q=%25')).body.total).toBe(0);
    const bad = await call('/api/admin/events?published=maybe');
    expect({ status: bad.status, field: bad.body.error.field }).toEqual({ status: 400, field: 'published' });
  });

  it("an event's answer carries the collector's relevance score and reasons, which no request writes", async () => {
    const created = await call('/api/admin/events', {
      body: {
        name: 'Relevance Summit',
        description: 'Talks on language models.',
        location: 'Online',
        startDate: '2027-05-01T09:00:00.000Z',
        eventType: 'Conference',
        virtual: true,
        aiRelevanceScore: 99,
      },
    });
    const id = created.body.item.id;
    // A new event has the column defaults: the operator's events are not scored.
    expect(created.body.item).toMatchObject({ aiRelevanceScore: 50, aiRelevanceReasons: [] });
    const reasons = ['language model ("language models") in the description: +30', 'an AI tag: +20'];
    await sys.database
      .db('events')
      .where({ id })
      .update({ ai_relevance_score: 72, ai_relevance_reasons: JSON.stringify(reasons) });
    expect((await call(`/api/admin/events/${id}`)).body.item).toMatchObject({ aiRelevanceScore: 72, aiRelevanceReasons: reasons });
    const listed = (await call('/api/admin/events?q=relevance%20summit')).body.items;
    expect(listed).toEqual([expect.objectContaining({ id, aiRelevanceScore: 72, aiRelevanceReasons: reasons })]);
    const saved = await call(`/api/admin/events/${id}`, { method: 'PATCH', body: { aiRelevanceScore: 5, location: 'Online, anywhere' } });
    expect(saved.body.item).toMatchObject({ location: 'Online, anywhere', aiRelevanceScore: 72 });
  });

  it("a job's answer says whether it is open; a validThrough ahead reopens a closed job, one past closes it, and visitors follow", async () => {
    const closedAt = new Date(Date.now() - 3_600_000);
    const [job] = await sys.database
      .db('jobs')
      .insert({
        title: 'Vantablue Reopened Engineer',
        company: 'Vantablue',
        location: 'Madrid',
        job_type: 'Full-time',
        description: 'Tune retrieval.',
        requirements: 'SQL',
        apply_url: 'https://example.com/vantablue',
        // Posted long ago: its age alone would close it again.
        created_at: new Date(Date.now() - 90 * 86_400_000),
        valid_through: new Date(Date.now() - 86_400_000),
        closed_at: closedAt,
      })
      .returning('id');
    const id = job.id as number;
    const read = (await call(`/api/admin/jobs/${id}`)).body.item;
    expect(read).toMatchObject({ closedAt: closedAt.toISOString(), validThrough: expect.any(String) });
    expect((await call('/api/admin/jobs?q=vantablue')).body.items).toEqual([
      expect.objectContaining({ id, closedAt: closedAt.toISOString() }),
    ]);
    expect((await fetch(`${sys.url}/api/jobs/${id}`)).status).toBe(410);

    // closedAt is read-only: sending it changes nothing.
    const ignored = await call(`/api/admin/jobs/${id}`, { method: 'PATCH', body: { closedAt: null, salaryRange: '€70k' } });
    expect(ignored.body.item).toMatchObject({ salaryRange: '€70k', closedAt: closedAt.toISOString() });

    const openUntil = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const reopened = await call(`/api/admin/jobs/${id}`, { method: 'PATCH', body: { validThrough: openUntil } });
    expect(reopened.status).toBe(200);
    expect(reopened.body.item).toMatchObject({ closedAt: null, validThrough: openUntil });
    await untilStatus(`${sys.url}/api/jobs/${id}`, 200);
    expect(await (await fetch(`${sys.url}/api/jobs/${id}`)).json()).toMatchObject({ validThrough: openUntil });
    // job.changed: search indexes it again, and the list shows it.
    await fetchUntilChanged<{ id: number }[]>(`${sys.url}/api/jobs/search?q=vantablue`, (rows) => rows.some((r) => r.id === id), 10_000);
    await fetchUntilChanged<{ id: number }[]>(`${sys.url}/api/jobs`, (rows) => rows.some((r) => r.id === id), 10_000);
    // The pipeline's sweep (every second here) closes a job as old with no date, and leaves this one open.
    const [aged] = await sys.database
      .db('jobs')
      .insert({
        ...(await sys.database
          .db('jobs')
          .where({ id })
          .first('title', 'company', 'location', 'job_type', 'description', 'requirements', 'apply_url', 'created_at')),
        title: 'Aged',
      })
      .returning('id');
    await until(async () => (await sys.database.db('jobs').where({ id: aged.id }).first()).closed_at !== null);
    expect((await sys.database.db('jobs').where({ id }).first()).closed_at).toBeNull();

    const past = await call(`/api/admin/jobs/${id}`, { method: 'PATCH', body: { validThrough: '2020-01-01T00:00:00.000Z' } });
    expect(past.body.item).toMatchObject({ closedAt: expect.any(String), validThrough: '2020-01-01T00:00:00.000Z' });
    await untilStatus(`${sys.url}/api/jobs/${id}`, 410);
    await fetchUntilChanged<{ id: number }[]>(`${sys.url}/api/jobs/search?q=vantablue`, (rows) => !rows.some((r) => r.id === id), 10_000);
    expect(
      (
        await sys.database
          .db('admin_audit_log')
          .where({ action: 'contentUpdate' })
          .whereRaw(`params->>'name' = ?`, ['Vantablue Reopened Engineer'])
      ).length,
    ).toBe(3);
  });

  it('unpublishing a tool takes it back to the review queue; publishing it again approves it', async () => {
    const created = await call('/api/admin/tools', {
      body: {
        name: 'Review Loop',
        description: 'A tool that goes back to review when unlisted.',
        shortDescription: 'Back to review',
        websiteUrl: 'https://example.com/loop',
        category: 'No-Code AI',
        published: false,
      },
    });
    expect(created.body.item).toMatchObject({ slug: 'review-loop', published: false });
    const pending = await call('/api/admin/tools/review');
    expect(pending.body.tools.map((t: { slug: string }) => t.slug)).toContain('review-loop');
    await call(`/api/admin/tools/${created.body.item.id}/publish`, { body: {} });
    const approved = await call('/api/admin/tools/review?status=approved');
    expect(approved.body.tools.find((t: { slug: string }) => t.slug === 'review-loop')).toMatchObject({ reviewedBy: ADMIN.username });
  });
});

describe('any body', () => {
  it('is created or saved, or refused with a 4xx envelope naming a field, never a 5xx', async () => {
    const value = fc.oneof(
      fc.jsonValue(),
      fc.string(),
      fc.constantFrom('', ' ', 'https://example.com/x', '2027-01-01', '\u0000', 'x'.repeat(300_000)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...KINDS),
        fc.boolean(),
        fc.dictionary(fc.constantFrom(...KINDS.flatMap((k) => Object.keys(k.body)), 'published', 'slug', 'tags', '__proto__'), value),
        async (kind, patch, over) => {
          const target = patch ? (await call(`/api/admin/${kind.kind}?limit=1`)).body.items[0]?.id : undefined;
          const res = target
            ? await call(`/api/admin/${kind.kind}/${target}`, { method: 'PATCH', body: over })
            : await call(`/api/admin/${kind.kind}`, { body: { ...kind.body, ...over } });
          expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBeLessThan(500);
          if (res.status >= 400) expect(res.body.error).toMatchObject({ status: res.status, message: expect.any(String) });
          if (res.status === 400) expect(res.body.error.field).toEqual(expect.any(String));
        },
      ),
      { seed: 20261126, numRuns: 200 },
    );
  });
});
