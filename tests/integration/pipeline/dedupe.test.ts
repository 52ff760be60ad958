import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import { createLogger } from '@neuralbeat/common';
import { createDedupeProcessor } from '../../../services/pipeline/src/workers/dedupe';
import type { WorkerDeps } from '../../../services/pipeline/src/workers/types';
import { createTestDatabase, testConfig, testRedis, type TestDatabase } from '../../support/testEnv';
import { insertArticle } from '../../support/factories';
import { launchParagraphs } from '../../support/articlePages';
import { otherArticleHtml } from '../../support/feedServer';

let t: TestDatabase;
let redis: ReturnType<typeof testRedis>;
let dedupe: ReturnType<typeof createDedupeProcessor>;
let wire: number;
let labBlog: number;
let aggregator: number;

const job = (articleId: number) => ({ data: { articleId } }) as Job<{ articleId: number }>;
const row = (id: number) => t.db('articles').where({ id }).first();
const day = (d: number) => new Date(Date.UTC(2026, 6, d, 9));
const html = (paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('');

/** An article that passed the full-text stage, waiting for the duplicate check. */
const collected = (sourceId: number, over: Record<string, unknown>) =>
  insertArticle(t.db, { source_id: sourceId, pipeline_stage: 'extracted', processing_status: 'pending', ...over });
/** What later stages do to an article that went on: it is live. */
const goLive = (id: number) =>
  t.db('articles').where({ id }).update({ published: true, processing_status: 'completed', pipeline_stage: 'published' });

beforeAll(async () => {
  t = await createTestDatabase();
  redis = testRedis();
  const deps = {
    db: t.db,
    redis,
    logger: createLogger('test', 'silent'),
    config: testConfig(t.url),
    flow: { start: async () => undefined, advance: async () => undefined },
    bus: { publish: async () => undefined },
  };
  dedupe = createDedupeProcessor(deps as unknown as WorkerDeps);
  [wire, labBlog, aggregator] = await Promise.all(
    ['Wire', 'Lab Blog', 'Aggregator'].map(
      async (name) =>
        (
          await t
            .db('news_sources')
            .insert({ name, feed_url: `https://${name.replace(' ', '').toLowerCase()}.example/feed.xml` })
            .returning('id')
        )[0].id as number,
    ),
  );
});
afterAll(async () => {
  redis.disconnect();
  await t.drop();
});

describe('story clusters', () => {
  it('a copy from another source is held, points at the copy published first, and joins its cluster', async () => {
    const body = html(launchParagraphs('Helix 3'));
    const original = await collected(labBlog, { title: 'Introducing Helix 3 for long documents', content: body, publish_date: day(10) });
    expect(await dedupe(job(original.id))).toBe('done');
    expect(await row(original.id)).toMatchObject({
      processing_status: 'processing',
      pipeline_stage: 'deduped',
      is_duplicate: false,
      story_cluster_id: null,
    });

    const copy = await collected(wire, {
      title: 'Introducing Helix 3 for long documents | Wire',
      content: `${body}<p>The post appeared first on Lab Blog.</p>`,
      publish_date: day(11),
    });
    expect(await dedupe(job(copy.id))).toBe('held');
    const held = await row(copy.id);
    expect(held).toMatchObject({ processing_status: 'duplicate', is_duplicate: true, duplicate_of: original.id });
    expect(held.duplicate_detection_data).toMatchObject({
      method: 'minhash',
      matchedId: original.id,
      origin: false,
      clusterId: held.story_cluster_id,
    });
    expect(held.duplicate_detection_data.similarity).toBeGreaterThan(0.8);
    expect((await row(original.id)).story_cluster_id).toBe(held.story_cluster_id);
    expect(await t.db('story_clusters').where({ id: held.story_cluster_id }).first()).toMatchObject({ origin_article_id: original.id });
    // A held copy is not indexed: later copies are judged against the story's own copies.
    expect(await t.db('article_lsh_bands').where({ article_id: copy.id })).toHaveLength(0);
  });

  it('an earlier-published copy that arrives later becomes the origin without taking the live item down', async () => {
    const body = html(launchParagraphs('Quill 2'));
    const live = await collected(aggregator, { title: 'Quill 2 arrives with faster reasoning', content: body, publish_date: day(11) });
    await dedupe(job(live.id));
    await goLive(live.id);

    const first = await collected(labBlog, { title: 'Quill 2 arrives with faster reasoning', content: body, publish_date: day(10) });
    expect(await dedupe(job(first.id))).toBe('held');
    const origin = await row(first.id);
    // Not "a duplicate of" the later copy: it is the story's origin, held only because the story is already live.
    expect(origin).toMatchObject({ processing_status: 'duplicate', duplicate_of: null });
    expect(origin.duplicate_detection_data).toMatchObject({ origin: true, matchedId: live.id });
    expect(await t.db('story_clusters').where({ id: origin.story_cluster_id }).first()).toMatchObject({ origin_article_id: first.id });
    expect(await row(live.id)).toMatchObject({
      published: true,
      processing_status: 'completed',
      is_duplicate: false,
      story_cluster_id: origin.story_cluster_id,
    });

    const later = await collected(wire, { title: 'Quill 2 arrives with faster reasoning', content: body, publish_date: day(12) });
    expect(await dedupe(job(later.id))).toBe('held');
    expect(await row(later.id)).toMatchObject({ duplicate_of: first.id, story_cluster_id: origin.story_cluster_id });
  });

  it('the same page collected by another source is the same story, whatever each feed says of it', async () => {
    const a = await collected(labBlog, {
      title: 'Ledger agents now audit every tool call',
      content: html(launchParagraphs('Ledger')),
      source_url: 'https://lab.example/ledger?utm_source=rss',
      canonical_url: 'https://lab.example/ledger',
      publish_date: day(14),
    });
    await dedupe(job(a.id));
    const b = await collected(wire, {
      title: 'Audit trails for agents',
      content: '<p>One line about it.</p>',
      source_url: 'https://www.lab.example/ledger/',
      canonical_url: 'https://lab.example/ledger',
      publish_date: day(14),
    });
    expect(await dedupe(job(b.id))).toBe('held');
    expect((await row(b.id)).duplicate_detection_data).toMatchObject({ method: 'url', matchedId: a.id });
    // A changelog entry on the same page under another #fragment is another item.
    const c = await collected(wire, {
      title: 'Release notes 4.2',
      content: '<p>Fixes.</p>',
      source_url: 'https://lab.example/ledger#v4-2',
      canonical_url: 'https://lab.example/ledger',
      publish_date: day(14),
    });
    expect(await dedupe(job(c.id))).toBe('done');
  });

  it('when every other copy is held (too thin), a fuller copy goes ahead and carries the story', async () => {
    const thin = await collected(labBlog, {
      title: 'Orca 5 model released with open weights',
      content: '<p>Orca 5 is out with open weights under a permissive licence.</p>',
      publish_date: day(20),
    });
    await dedupe(job(thin.id));
    // The SEO gate held it.
    await t.db('articles').where({ id: thin.id }).update({ processing_status: 'pending', pipeline_stage: 'deduped', seo_score: 31 });
    const full = await collected(wire, {
      title: 'Orca 5 model released with open weights',
      content: '<p>Orca 5 is out with open weights under a permissive licence.</p>',
      publish_date: day(20),
    });
    expect(await dedupe(job(full.id))).toBe('done');
    const r = await row(full.id);
    expect(r).toMatchObject({ processing_status: 'processing', is_duplicate: false });
    expect(r.story_cluster_id).toBe((await row(thin.id)).story_cluster_id);
  });

  it('copies judged at the same moment still meet: one goes ahead, the others are held in its cluster', async () => {
    const body = html(launchParagraphs('Nimbus 4'));
    const copies = await Promise.all(
      [labBlog, wire, aggregator].map((sourceId) =>
        collected(sourceId, { title: 'Nimbus 4 ships with a million-token context', content: body, publish_date: day(24) }),
      ),
    );
    const outcomes = await Promise.all(copies.map((c) => dedupe(job(c.id))));
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(1);
    const rows = await Promise.all(copies.map((c) => row(c.id)));
    expect(new Set(rows.map((r) => r.story_cluster_id)).size).toBe(1);
    expect(rows[0].story_cluster_id).not.toBeNull();
    expect(
      await t
        .db('story_clusters')
        .where({ origin_article_id: copies[0]!.id })
        .orWhereIn(
          'origin_article_id',
          copies.map((c) => c.id),
        ),
    ).toHaveLength(1);
  });

  it("one publisher's lookalike posts are separate stories", async () => {
    const posts = [6, 7].map((n) =>
      collected(labBlog, {
        title: `Windtide Wave ${n}`,
        content: `<p>Introducing Wave ${n}, our latest batch of updates to the Windtide editor.</p>`,
        publish_date: day(n),
      }),
    );
    for (const p of await Promise.all(posts)) expect(await dedupe(job(p.id))).toBe('done');
  });

  it('the same headline from two blogs on the same day is one story, each with a one-paragraph summary of its own', async () => {
    const title = 'Sparse attention routing halves the memory of long-context transformers';
    const first = await collected(labBlog, {
      title,
      content:
        '<p>We propose a routing scheme that sends each token to a few attention blocks chosen by a learned gate, keeping accuracy on document question answering at half the memory.</p>',
      publish_date: day(24),
    });
    expect(await dedupe(job(first.id))).toBe('done');
    await goLive(first.id);
    const second = await collected(aggregator, {
      title,
      content:
        '<p>A new preprint shows how transformers can read book-length inputs on one accelerator, by letting a small network decide which parts of the context each word looks at.</p>',
      publish_date: new Date(+day(24) + 6 * 3_600_000),
    });
    expect(await dedupe(job(second.id))).toBe('held');
    expect(await row(second.id)).toMatchObject({ duplicate_of: first.id, story_cluster_id: (await row(first.id)).story_cluster_id });
    expect((await row(second.id)).duplicate_detection_data.reason).toBe('same headline the same day');
  });

  it('a release joins no cluster holding another release of its changelog, even through a third item that matches both', async () => {
    const notes = 'fixes the sync bug in the editor plugin and speeds up indexing of large workspaces on slow disks.';
    const roundup = await collected(aggregator, {
      title: 'Quillkit release fixes the editor sync bug',
      content: `<p>Quillkit ${notes}</p>`,
      publish_date: day(26),
    });
    expect(await dedupe(job(roundup.id))).toBe('done');
    await goLive(roundup.id);
    const newer = await collected(labBlog, { title: 'Quillkit 2.0.67', content: `<p>Quillkit 2.0.67 ${notes}</p>`, publish_date: day(26) });
    expect(await dedupe(job(newer.id))).toBe('held');
    const clusterId = (await row(newer.id)).story_cluster_id;
    expect((await row(roundup.id)).story_cluster_id).toBe(clusterId);

    const older = await collected(labBlog, { title: 'Quillkit 2.0.63', content: `<p>Quillkit 2.0.63 ${notes}</p>`, publish_date: day(26) });
    expect(await dedupe(job(older.id))).toBe('done');
    expect(await row(older.id)).toMatchObject({ story_cluster_id: null, is_duplicate: false });
    expect(await t.db('articles').where({ story_cluster_id: clusterId }).pluck('id')).toEqual(
      expect.arrayContaining([roundup.id, newer.id]),
    );
  });

  it('an article judged again after an edit leaves its cluster when it no longer matches', async () => {
    const body = html(launchParagraphs('Vega'));
    const a = await collected(labBlog, { title: 'Vega assistant launches for teams', content: body, publish_date: day(22) });
    await dedupe(job(a.id));
    await goLive(a.id);
    const b = await collected(wire, { title: 'Vega assistant launches for teams', content: body, publish_date: day(23) });
    await dedupe(job(b.id));
    const clusterId = (await row(b.id)).story_cluster_id;
    expect(clusterId).not.toBeNull();
    // The collector saw the item edited into another story and sent it round again.
    await t.db('articles').where({ id: b.id }).update({
      title: 'Wire weekly: five robotics startups to watch',
      content: otherArticleHtml(),
      pipeline_stage: 'extracted',
      processing_status: 'pending',
      is_duplicate: false,
      duplicate_of: null,
    });
    expect(await dedupe(job(b.id))).toBe('done');
    expect(await row(b.id)).toMatchObject({ story_cluster_id: null, is_duplicate: false, duplicate_of: null });
    expect(await t.db('story_clusters').where({ id: clusterId }).first()).toMatchObject({ origin_article_id: a.id });
  });
});
