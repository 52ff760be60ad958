import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import { createLogger, type Config } from '@neuralbeat/common';
import { htmlToText } from '@neuralbeat/common/html';
import { createRewriteProcessor } from '../../../services/pipeline/src/workers/rewrite';
import { createDedupeProcessor } from '../../../services/pipeline/src/workers/dedupe';
import { createFullTextProcessor } from '../../../services/pipeline/src/workers/fullText';
import { createSeoProcessor } from '../../../services/pipeline/src/workers/seo';
import { createTagProcessor } from '../../../services/pipeline/src/workers/tag';
import { createPublishProcessor } from '../../../services/pipeline/src/workers/publish';
import { DuplicateDetector } from '../../../services/pipeline/src/dedupe/duplicateDetector';
import { Publisher } from '../../../services/pipeline/src/publish/publisher';
import { rewriteProviderFor } from '../../../services/pipeline/src/providers';
import type { ArticleFlow, WorkerDeps } from '../../../services/pipeline/src/workers/types';
import { createTestDatabase, testConfig, testRedis, type TestDatabase } from '../../support/testEnv';
import { insertArticle } from '../../support/factories';
import { richArticleHtml } from '../../support/feedServer';
import { FAKE_REWRITE, startFakeAiServer, type FakeAiServer } from '../../support/fakeAiServers';

let t: TestDatabase;
let ai: FakeAiServer;
let redis: ReturnType<typeof testRedis>;
const advanced: string[] = [];
const published: string[] = [];
const flow: ArticleFlow = {
  start: async (id) => void advanced.push(`start:${id}`),
  advance: async (stage, id) => void advanced.push(`${stage}:${id}`),
};

const deps = (config: Config): WorkerDeps => ({
  db: t.db,
  redis,
  logger: createLogger('test', 'silent'),
  config,
  flow,
  bus: { publish: async (name: string) => void published.push(name) } as unknown as WorkerDeps['bus'],
});
const job = (articleId: number) => ({ data: { articleId } }) as Job<{ articleId: number }>;
const article = (over: Record<string, unknown> = {}) =>
  insertArticle(t.db, {
    title: 'A new language model for code review',
    content: richArticleHtml('code review'),
    excerpt: 'A model that reviews code.',
    ...over,
  });

beforeAll(async () => {
  [t, ai] = await Promise.all([createTestDatabase(), startFakeAiServer()]);
  redis = testRedis();
});
afterAll(async () => {
  redis.disconnect();
  await ai.close();
  await t.drop();
});
beforeEach(() => {
  advanced.length = 0;
  published.length = 0;
  ai.calls.length = 0;
  ai.mode = 'ok';
});

describe('rewrite providers', () => {
  const openai = () => testConfig(t.url, { AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${ai.url}/v1` });
  const gemini = () => testConfig(t.url, { AI_PROVIDER: 'gemini', GEMINI_API_KEY: 'g-test', GEMINI_BASE_URL: ai.url });

  it('OpenAI: calls chat completions for JSON and records a metrics row with cost', async () => {
    const a = await article({ pipeline_stage: 'scored' });
    const cfg = openai();
    expect(await createRewriteProcessor(deps(cfg), rewriteProviderFor(cfg))(job(a.id))).toBe('done');
    expect(ai.calls[0]!.path).toBe('/v1/chat/completions');
    expect(ai.calls[0]!.body).toMatchObject({ model: 'gpt-4o-mini', response_format: { type: 'json_object' } });
    const row = await t.db('articles').where({ id: a.id }).first();
    expect(row).toMatchObject({
      rewritten_title: FAKE_REWRITE.title,
      ai_provider: 'openai',
      pipeline_stage: 'rewritten',
      processing_attempts: 1,
    });
    const [metric] = await t.db('ai_provider_metrics').where({ article_id: a.id });
    expect(metric).toMatchObject({ provider: 'openai', success: true, response_format_correct: true });
    expect(Number(metric.cost)).toBeCloseTo((1000 * 0.15 + 500 * 0.6) / 1e6, 8);
    expect(advanced).toEqual([`rewrite:${a.id}`]);
  });

  it('Gemini: calls generateContent and records a metrics row', async () => {
    const a = await article({ pipeline_stage: 'scored' });
    const cfg = gemini();
    expect(await createRewriteProcessor(deps(cfg), rewriteProviderFor(cfg))(job(a.id))).toBe('done');
    expect(ai.calls[0]!.path).toMatch(/models\/gemini-2\.0-flash:generateContent$/);
    expect((await t.db('articles').where({ id: a.id }).first()).ai_provider).toBe('gemini');
    expect(await t.db('ai_provider_metrics').where({ article_id: a.id, provider: 'gemini', success: true })).toHaveLength(1);
  });

  it('a malformed answer fails the call and is recorded as a wrong response format', async () => {
    ai.mode = 'malformed';
    const a = await article({ pipeline_stage: 'scored' });
    const cfg = openai();
    await expect(createRewriteProcessor(deps(cfg), rewriteProviderFor(cfg))(job(a.id))).rejects.toThrow(/not JSON/);
    const [metric] = await t.db('ai_provider_metrics').where({ article_id: a.id });
    expect(metric).toMatchObject({ success: false, response_format_correct: false });
    expect((await t.db('articles').where({ id: a.id }).first()).pipeline_stage).toBe('scored');
    expect(advanced).toEqual([]);
  });

  it('the local provider only writes sentences that are in the source', async () => {
    const a = await article({ pipeline_stage: 'scored' });
    const cfg = testConfig(t.url);
    await createRewriteProcessor(deps(cfg), rewriteProviderFor(cfg))(job(a.id));
    const row = await t.db('articles').where({ id: a.id }).first();
    const source = htmlToText(richArticleHtml('code review'));
    const outputSentences = htmlToText(row.rewritten_content)
      .split(/(?<=[.!?])\s+/)
      .map((s: string) => s.trim())
      .filter(Boolean);
    expect(outputSentences.length).toBeGreaterThan(3);
    for (const sentence of outputSentences) expect(source).toContain(sentence);
    // The meta description comes from the feed's own summary or the opening sentences.
    expect(`${row.excerpt} ${source}`).toContain(row.meta_description.replace(/…$/, ''));
    expect(row.meta_description.length).toBeLessThanOrEqual(155);
  });
});

describe('idempotent stages', () => {
  it('running each stage twice changes nothing the second time and publishes once; the retried publish announces it again', async () => {
    const cfg = testConfig(t.url);
    const d = deps(cfg);
    const a = await article({
      title: 'Unique language model for code review ships',
      content: `${richArticleHtml('code review')}${richArticleHtml('pull requests')}`,
    });
    const stages = [
      createFullTextProcessor(d),
      createDedupeProcessor(d),
      createSeoProcessor(d),
      createRewriteProcessor(d, rewriteProviderFor(cfg)),
      createTagProcessor(d),
      createPublishProcessor(d),
    ];
    for (const run of stages) {
      expect(await run(job(a.id))).toBe('done');
      const snapshot = await t.db('articles').where({ id: a.id }).first();
      expect(await run(job(a.id))).toBe('already-done');
      expect(await t.db('articles').where({ id: a.id }).first()).toEqual(snapshot);
    }
    expect(await t.db('news_feed').where({ article_id: a.id })).toHaveLength(1);
    expect(await t.db('article_lsh_bands').where({ article_id: a.id }).count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '64' }]);
    expect(await t.db('ai_provider_metrics').where({ article_id: a.id })).toHaveLength(1);
    // One news-feed row, but the retried publish job emits newsfeed.published again (a lost first event cannot strand it).
    expect(published).toEqual(['newsfeed.published', 'newsfeed.published']);
    const events = await t
      .db('event_outbox')
      .where({ name: 'newsfeed.published' })
      .where('payload', '@>', JSON.stringify({ articleId: a.id }));
    expect(events).toHaveLength(2);
    expect(events[0].payload).toEqual(events[1].payload);
    const row = await t.db('articles').where({ id: a.id }).first();
    // A full article in the feed needs no page: its text stays the feed's.
    expect(row).toMatchObject({ published: true, processing_status: 'completed', full_text_status: 'feed', full_text_note: null });
  });
});

describe('an edit while a stage runs', () => {
  it('the stale pass stops without writing; the new pass is not disturbed', async () => {
    const cfg = testConfig(t.url, { AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${ai.url}/v1` });
    const a = await article({ pipeline_stage: 'scored', processing_status: 'processing' });
    ai.delayMs = 300;
    try {
      const running = createRewriteProcessor(deps(cfg), rewriteProviderFor(cfg))(job(a.id));
      await new Promise((r) => setTimeout(r, 100));
      // The collector saw the item edited: new text, a new generation, back to the start.
      await t.db('articles').where({ id: a.id }).update({
        title: 'Edited headline for code review model',
        pipeline_stage: 'collected',
        pipeline_generation: 1,
        processing_status: 'pending',
      });
      expect(await running).toBe('held');
    } finally {
      ai.delayMs = 0;
    }
    expect(await t.db('articles').where({ id: a.id }).first()).toMatchObject({
      pipeline_stage: 'collected',
      pipeline_generation: 1,
      rewritten_title: null,
    });
    expect(advanced).toEqual([]);
  });

  it('a stale duplicate check or publication rolls back: nothing indexed, clustered or published', async () => {
    const a = await article({ pipeline_stage: 'extracted' });
    const stale = { ...a, pipeline_generation: a.pipeline_generation };
    await t
      .db('articles')
      .where({ id: a.id })
      .update({ pipeline_generation: a.pipeline_generation + 1, pipeline_stage: 'collected' });
    expect(await new DuplicateDetector(t.db).check(stale)).toEqual({ duplicate: false, clusterId: null, superseded: true });
    expect(await t.db('article_lsh_bands').where({ article_id: a.id })).toHaveLength(0);
    expect((await t.db('articles').where({ id: a.id }).first()).pipeline_stage).toBe('collected');

    const events: string[] = [];
    const publisher = new Publisher(t.db, { publish: async (name: string) => void events.push(name) } as never);
    expect(await publisher.publish({ ...stale, rewritten_title: 'Stale', rewritten_content: '<p>Stale.</p>' })).toMatchObject({
      newsFeedId: null,
    });
    expect(await t.db('news_feed').where({ article_id: a.id })).toHaveLength(0);
    expect(events).toEqual([]);
  });
});

describe('SEO gate', () => {
  it('keeps a thin article pending with its score and reasons', async () => {
    const d = deps(testConfig(t.url));
    const a = await article({
      title: 'Bits',
      content: '<p>Short.</p>',
      excerpt: null,
      pipeline_stage: 'deduped',
      full_text_note: 'Feed text kept: the page answered HTTP 404.',
    });
    expect(await createSeoProcessor(d)(job(a.id))).toBe('held');
    const row = await t.db('articles').where({ id: a.id }).first();
    expect(row.seo_score).toBeLessThan(68);
    expect(row.processing_status).toBe('pending');
    expect(row.seo_reasoning).toMatch(/title length 4 chars is too short/);
    // Why the page was not used is part of the reasons it is held.
    expect(row.seo_reasoning).toMatch(/Feed text kept: the page answered HTTP 404\./);
    expect(advanced).toEqual([]);
  });
});
