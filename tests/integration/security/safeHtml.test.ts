import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import { createLogger, type Config } from '@neuralbeat/common';
import { createRewriteProcessor } from '../../../services/pipeline/src/workers/rewrite';
import { createPublishProcessor } from '../../../services/pipeline/src/workers/publish';
import { rewriteProviderFor } from '../../../services/pipeline/src/providers';
import { Collector } from '../../../services/pipeline/src/collect/collector';
import { SourcesRepository } from '../../../services/pipeline/src/repositories/sourcesRepository';
import type { ArticleFlow, WorkerDeps } from '../../../services/pipeline/src/workers/types';
import { safeRewrite } from '../../../services/pipeline/src/providers/types';
import { up as sanitiseStoredHtml } from '../../../services/content/src/db/migrations/2026112310C_sanitise_stored_html';
import { startSystem, type RunningSystem } from '../../support/system';
import { testConfig, testRedis } from '../../support/testEnv';
import { insertArticle, insertNewsItem, insertTool } from '../../support/factories';
import { richArticleHtml, startFeedServer, type FeedServer } from '../../support/feedServer';
import { startFakeAiServer, type FakeAiServer } from '../../support/fakeAiServers';
import { FORBIDDEN_IN_SAFE_HTML, xssPayloads } from '../../support/xssPayloads';

const EXFIL = 'https://exfil.example';
const HOSTILE = xssPayloads(EXFIL).join('\n');
const SAFE_PARAGRAPH =
  '<p>Safe paragraph with a <a href="https://example.org/ok" rel="noopener noreferrer nofollow ugc" target="_blank">fine link</a> and <strong>bold</strong> text.</p>';

let sys: RunningSystem;
let ai: FakeAiServer;
let feeds: FeedServer;
let redis: ReturnType<typeof testRedis>;

function expectSafe(html: string | null) {
  expect(html).toBeTruthy();
  for (const marker of FORBIDDEN_IN_SAFE_HTML) expect(html, String(marker)).not.toMatch(marker);
  expect(html).not.toContain('exfil.example');
  expect(html).not.toContain('__xss');
}

beforeAll(async () => {
  [sys, ai, feeds] = await Promise.all([startSystem(), startFakeAiServer(), startFeedServer()]);
  redis = testRedis();
});
afterAll(async () => {
  redis.disconnect();
  await Promise.all([ai.close(), feeds.close()]);
  await sys.stop();
});

describe('provider output is sanitised before it is stored', () => {
  const flow: ArticleFlow = { start: async () => {}, advance: async () => {} };
  const deps = (config: Config): WorkerDeps => ({
    db: sys.database.db,
    redis,
    logger: createLogger('test', 'silent'),
    config,
    flow,
    bus: { publish: async () => {} } as unknown as WorkerDeps['bus'],
  });
  const job = (articleId: number) => ({ data: { articleId } }) as Job<{ articleId: number }>;
  const providers: Record<string, () => Config> = {
    openai: () => testConfig(sys.database.url, { AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${ai.url}/v1` }),
    gemini: () => testConfig(sys.database.url, { AI_PROVIDER: 'gemini', GEMINI_API_KEY: 'g-test', GEMINI_BASE_URL: ai.url }),
    local: () => testConfig(sys.database.url),
  };

  for (const [name, config] of Object.entries(providers)) {
    it(`${name}: hostile HTML in the answer never reaches articles or news_feed`, async () => {
      ai.mode = 'ok';
      ai.rewrite = {
        title: `<b>Hostile</b> headline <script>alert(1)</script>from ${name}`,
        content: `${HOSTILE}\n${richArticleHtml(name)}\n<p><a href="/relative/path">relative link</a></p>`,
        excerpt: '<img src=x onerror="alert(1)">An excerpt that tried to carry markup.',
        metaDescription: '<svg onload=alert(1)></svg>A meta description with <em>markup</em>.',
      };
      // The local provider rewrites the stored source, so the source carries the payloads for it.
      const article = await insertArticle(sys.database.db, {
        title: `Model release covered by ${name}`,
        content: `${HOSTILE}\n${richArticleHtml(name)}`,
        excerpt: 'A model that reviews code.',
        source_url: `https://publisher.example/${name}/story`,
        pipeline_stage: 'scored',
      });
      const cfg = config();
      expect(await createRewriteProcessor(deps(cfg), rewriteProviderFor(cfg))(job(article.id))).toBe('done');
      const row = await sys.database.db('articles').where({ id: article.id }).first();
      expectSafe(row.rewritten_content);
      if (name !== 'local') {
        expect(row.rewritten_content).toContain(SAFE_PARAGRAPH);
        expect(row.rewritten_content).toContain(
          '<a href="https://publisher.example/relative/path" rel="noopener noreferrer nofollow ugc" target="_blank">relative link</a>',
        );
        expect(row.rewritten_title).toBe(`Hostile headline from ${name}`);
        expect(row.rewritten_excerpt).toBe('An excerpt that tried to carry markup.');
        expect(row.meta_description).toBe('A meta description with markup.');
      }
      await sys.database.db('articles').where({ id: article.id }).update({ pipeline_stage: 'tagged' });
      expect(await createPublishProcessor(deps(cfg))(job(article.id))).toBe('done');
      expectSafe((await sys.database.db('news_feed').where({ article_id: article.id }).first()).content);
    });
  }

  it('an answer with no safe text left counts as a malformed response and stores nothing', async () => {
    ai.rewrite = {
      title: 'A title long enough',
      content:
        '<script>alert("a long enough script")</script><style>p{}</style><svg><text>svg only</text></svg><img src=x onerror=alert(1)>',
      excerpt: 'An excerpt long enough.',
      metaDescription: 'A meta description.',
    };
    const article = await insertArticle(sys.database.db, {
      title: 'Another model release',
      content: richArticleHtml('x'),
      pipeline_stage: 'scored',
    });
    const cfg = providers.openai!();
    await expect(createRewriteProcessor(deps(cfg), rewriteProviderFor(cfg))(job(article.id))).rejects.toThrow(
      /too short once sanitised: content/,
    );
    const row = await sys.database.db('articles').where({ id: article.id }).first();
    expect(row).toMatchObject({ rewritten_content: null, pipeline_stage: 'scored' });
    expect(await sys.database.db('ai_provider_metrics').where({ article_id: article.id }).first()).toMatchObject({
      success: false,
      response_format_correct: false,
    });
  });
});

describe('safeRewrite', () => {
  it('keeps long plain titles, and falls back to the content for text fields that were only markup', () => {
    const title = `A very long feed headline ${'about models '.repeat(25)}`.trim();
    const safe = safeRewrite(
      {
        title,
        content: '<p>Enough safe text in the body to keep.</p>',
        excerpt: '<img src=x onerror=alert(1)>',
        metaDescription: '<script>x</script>',
        wordCount: 0,
        cost: 0,
      },
      null,
    );
    expect(safe).toMatchObject({
      title,
      excerpt: 'Enough safe text in the body to keep.',
      metaDescription: 'Enough safe text in the body to keep.',
      wordCount: 8,
    });
    expect(() =>
      safeRewrite(
        {
          title: '<b></b>',
          content: '<p>Enough safe text in the body to keep.</p>',
          excerpt: 'e',
          metaDescription: 'm',
          wordCount: 0,
          cost: 0,
        },
        null,
      ),
    ).toThrow(/no title/);
  });
});

describe('feed content is sanitised before it is stored', () => {
  const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body = `${HOSTILE}\n<p><a href="/more">relative link</a></p>`;
  const formats: Record<string, { path: string; contentType: string; text: (link: string) => string }> = {
    'RSS 2.0': {
      path: '/hostile.rss',
      contentType: 'application/rss+xml',
      text: (link) =>
        `<?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>t</title><link>https://feeds.example</link><description>d</description>` +
        `<item><title>${xml('<b>Bold</b> RSS headline <script>alert(1)</script>')}</title><link>${link}</link><description>${xml('<img src=x onerror=alert(1)>Summary')}</description>` +
        `<enclosure url="javascript:alert(1)" type="image/png" length="1"/><content:encoded>${xml(body)}</content:encoded></item></channel></rss>`,
    },
    Atom: {
      path: '/hostile.atom',
      contentType: 'application/atom+xml',
      text: (link) =>
        `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><id>urn:t</id><updated>2026-11-20T10:00:00Z</updated>` +
        `<entry><title type="html">${xml('<i>Atom</i> headline')}</title><link href="${link}"/><id>${link}</id><updated>2026-11-20T10:00:00Z</updated>` +
        `<content type="html">${xml(body)}</content></entry></feed>`,
    },
    'JSON Feed': {
      path: '/hostile.json',
      contentType: 'application/feed+json',
      text: (link) =>
        JSON.stringify({
          version: 'https://jsonfeed.org/version/1.1',
          title: 't',
          items: [
            {
              id: '1',
              url: link,
              title: '<u>JSON</u> headline',
              content_html: body,
              image: 'data:image/svg+xml,<svg onload=alert(1)>',
              summary: '<b>Summary</b>',
            },
          ],
        }),
    },
  };

  for (const [format, feed] of Object.entries(formats)) {
    it(`${format}: scripts, handlers, javascript: URLs, SVG/MathML and CSS are gone; links are absolute and safe`, async () => {
      const link = `https://publisher.example${feed.path}/story`;
      feeds.routes.set(feed.path, { body: feed.text(link), contentType: feed.contentType });
      const source = await new SourcesRepository(sys.database.db).upsert(`Hostile ${format}`, `${feeds.url}${feed.path}`);
      const result = await new Collector(
        sys.database.db,
        createLogger('test', 'silent'),
        2000,
        { publish: async () => 'unused' },
        'NeuralBeatBot/1.0 (test)',
      ).collect(source.id);
      expect(result).toMatchObject({ status: 'collected' });
      const row = await sys.database.db('articles').where({ source_id: source.id }).first();
      expectSafe(row.content);
      expect(row.content).toContain(SAFE_PARAGRAPH);
      expect(row.content).toContain(
        `<a href="https://publisher.example/more" rel="noopener noreferrer nofollow ugc" target="_blank">relative link</a>`,
      );
      expect(row.title).not.toMatch(/[<>]/);
      expect(row.excerpt).not.toMatch(/<[a-z!/]/i);
      expect(row.excerpt).not.toContain('__xss');
      expect(row.image_url).toBeNull();
    });
  }
});

describe('tool submissions', () => {
  const valid = {
    name: 'Safe Submit Tool',
    description: 'A description that is long enough to be accepted.',
    shortDescription: 'Short and sweet tool',
    websiteUrl: 'https://safe-submit.example',
    category: 'Development',
  };
  const submit = async (body: unknown) => {
    const res = await fetch(`${sys.url}/api/tools/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { error?: { field?: string; message: string } } };
  };

  it('refuses logo and website URLs that are not http(s), naming the field, and stores nothing', async () => {
    const before = await sys.database.db('tools').count<{ n: string }[]>({ n: '*' });
    for (const url of [
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
    ]) {
      const logo = await submit({ ...valid, slug: 'bad-logo', logoUrl: url });
      expect(logo.status, url).toBe(400);
      expect(logo.body.error).toMatchObject({ field: 'logoUrl', message: 'Please enter a valid URL' });
      const site = await submit({ ...valid, slug: 'bad-site', websiteUrl: url });
      expect(site.body.error).toMatchObject({ field: 'websiteUrl' });
    }
    expect(await sys.database.db('tools').count<{ n: string }[]>({ n: '*' })).toEqual(before);
  });

  it('stores the text of fields that carried markup, never the markup', async () => {
    const res = await submit({
      ...valid,
      name: '<b>Marked</b> Up Tool<script>alert(1)</script>',
      description: '<p onclick="alert(1)">Writes <em>safe</em> summaries</p>\n\nfor teams & R&D, 5 < 7.<img src=x onerror=alert(1)>',
      shortDescription: '<a href="javascript:alert(1)">Short</a> description',
      tags: ['<i>llm</i>', 'agents<script>x</script>'],
      features: ['<b>fast</b>', '<svg onload=alert(1)>secure</svg>'],
      pricing: '<marquee>Free</marquee>',
      logoUrl: 'https://safe-submit.example/logo.png',
    });
    expect(res.status).toBe(201);
    const row = await sys.database.db('tools').where({ slug: 'marked-up-tool' }).first();
    expect(row).toMatchObject({
      name: 'Marked Up Tool',
      description: 'Writes safe summaries\n\nfor teams & R&D, 5 < 7.',
      short_description: 'Short description',
      tags: ['llm', 'agents'],
      features: ['fast'],
      pricing: 'Free',
      logo_url: 'https://safe-submit.example/logo.png',
    });
  });

  it('a field that is only markup is empty once cleaned, and fails validation with its message', async () => {
    const res = await submit({ ...valid, slug: 'only-markup', description: '<script>alert("this is long enough")</script>' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ field: 'description', message: 'Description must be at least 20 characters' });
    expect(await sys.database.db('tools').where({ slug: 'only-markup' }).first()).toBeUndefined();
  });
});

describe('HTML stored before the sanitiser', () => {
  it('is cleaned by the migration, and non-http logos are dropped', async () => {
    const db = sys.database.db;
    const article = await insertArticle(db, {
      content: HOSTILE,
      rewritten_content: `${HOSTILE}<p>kept</p>`,
      source_url: 'https://publisher.example/old',
    });
    const item = await insertNewsItem(db, {
      content: `${HOSTILE}<p><a href="/x">old link</a></p>`,
      source_url: 'https://publisher.example/old',
    });
    const tool = await insertTool(db, { logo_url: 'javascript:alert(1)' });
    const goodTool = await insertTool(db, { logo_url: 'https://logo.example/a.png' });
    await sanitiseStoredHtml(db);
    const cleaned = await db('articles').where({ id: article.id }).first();
    expectSafe(cleaned.content);
    expectSafe(cleaned.rewritten_content);
    expect(cleaned.rewritten_content).toContain('<p>kept</p>');
    const news = await db('news_feed').where({ id: item.id }).first();
    expectSafe(news.content);
    expect(news.content).toContain('href="https://publisher.example/x"');
    expect((await db('tools').where({ id: tool.id }).first()).logo_url).toBeNull();
    expect((await db('tools').where({ id: goodTool.id }).first()).logo_url).toBe('https://logo.example/a.png');
  });
});
