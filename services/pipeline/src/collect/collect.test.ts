import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger, type EventBus } from '@neuralbeat/common';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '../../../../tests/support/testEnv';
import { richArticleHtml, rssFeed, startFeedServer, type FeedServer } from '../../../../tests/support/feedServer';
import { canonicalUrl, itemKey } from './canonicalUrl';
import { Collector, newsCategory } from './collector';
import { parseFeed } from './feedParser';
import { SourcesRepository } from '../repositories/sourcesRepository';
import { buildService } from '../../../../scripts/buildServices';
import { scratchBuildDir } from '../../../../tests/support/scratchBuild';

const run = promisify(execFile);
let t: TestDatabase;
let feeds: FeedServer;
let collector: Collector;
let sources: SourcesRepository;
/** What the collector announced, as the bus saw it. */
const announced: { name: string; payload: unknown; requestId?: string }[] = [];
const bus = {
  publish: async (name: string, payload: unknown, meta: { requestId?: string } = {}) => {
    announced.push({ name, payload, requestId: meta.requestId });
    return 'id';
  },
} as unknown as EventBus;

// Fixtures written for these tests.
const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Atom Fixture</title><id>urn:fixture</id><updated>2026-11-20T10:00:00Z</updated>
<entry><title>Atom entry about agents</title><link href="https://atom.example/one"/><id>urn:one</id><updated>2026-11-20T10:00:00Z</updated>
<author><name>Ada Writer</name></author><category term="Product Launch"/><content type="html">&lt;p&gt;Agents body.&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src="https://atom.example/i.png" onerror="x()"&gt;</content></entry></feed>`;
const RDF = `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel rdf:about="https://rdf.example/"><title>RDF Fixture</title><link>https://rdf.example/</link><description>d</description></channel>
<item rdf:about="https://rdf.example/item"><title>RDF item on vision</title><link>https://rdf.example/item</link><description>Vision text.</description><dc:date>2026-11-19T08:00:00Z</dc:date></item>
</rdf:RDF>`;
const JSON_FEED = JSON.stringify({
  version: 'https://jsonfeed.org/version/1.1',
  title: 'JSON Fixture',
  items: [
    {
      id: 'j1',
      url: 'https://json.example/one',
      title: 'JSON item about policy',
      content_html: '<p>Policy body.</p>',
      date_published: '2026-11-18T09:00:00Z',
      tags: ['Policy'],
      authors: [{ name: 'Jo' }],
    },
  ],
});
const LATIN1 = Buffer.from(
  `<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Latin</title><link>https://latin.example</link><description>d</description>` +
    `<item><title>Résumé of the café conference</title><link>https://latin.example/cafe</link><description>Déjà vu in Zürich.</description></item></channel></rss>`,
  'latin1',
);

beforeAll(async () => {
  [t, feeds] = await Promise.all([createTestDatabase(), startFeedServer()]);
  collector = new Collector(t.db, createLogger('test', 'silent'), 500, bus, 'NeuralBeatBot/1.0 (test)');
  sources = new SourcesRepository(t.db);
  feeds.routes.set('/atom', { body: ATOM, contentType: 'application/atom+xml' });
  feeds.routes.set('/rdf', { body: RDF, contentType: 'application/rdf+xml' });
  feeds.routes.set('/json', { body: JSON_FEED, contentType: 'application/feed+json' });
  feeds.routes.set('/latin1', { body: LATIN1, contentType: 'application/rss+xml' });
  feeds.routes.set('/html', { body: '<!DOCTYPE html><html><body>Hello</body></html>', contentType: 'text/html' });
  feeds.routes.set('/broken', { body: '<rss><channel><item><title>Unclosed', contentType: 'application/rss+xml' });
  feeds.routes.set('/slow', { body: '', hang: true });
});
afterAll(async () => {
  await feeds.close();
  await t.drop();
});

const collect = async (path: string) => {
  const source = await sources.upsert(`Source ${path}`, `${feeds.url}${path}`);
  return { source, result: await collector.collect(source.id) };
};

describe('feed formats', () => {
  it('reads Atom, sanitising scripts and event handlers and keeping the category and author', async () => {
    const { result } = await collect('/atom');
    expect(result.status).toBe('collected');
    const row = await t.db('articles').where({ id: result.newArticleIds[0] }).first();
    expect(row).toMatchObject({
      title: 'Atom entry about agents',
      author: 'Ada Writer',
      category: 'Product Launch',
      processing_status: 'pending',
      published: false,
    });
    expect(row.content).toContain('<p>Agents body.</p>');
    expect(row.content).not.toMatch(/script|onerror|<img/);
    expect(row.image_url).toBe('https://atom.example/i.png');
  });

  it('reads RSS 1.0 (RDF) and JSON Feed', async () => {
    expect((await collect('/rdf')).result.newArticleIds).toHaveLength(1);
    const json = await collect('/json');
    const row = await t.db('articles').where({ id: json.result.newArticleIds[0] }).first();
    expect(row).toMatchObject({ title: 'JSON item about policy', category: 'Policy', author: 'Jo' });
    expect(row.publish_date.toISOString()).toBe('2026-11-18T09:00:00.000Z');
  });

  it('decodes ISO-8859-1 feeds', async () => {
    const { result } = await collect('/latin1');
    const row = await t.db('articles').where({ id: result.newArticleIds[0] }).first();
    expect(row.title).toBe('Résumé of the café conference');
  });

  it('records an HTML page, malformed XML, a 404 and a timeout on the source without throwing', async () => {
    expect((await collect('/html')).result).toMatchObject({ status: 'failed', error: 'Got an HTML page, not a feed' });
    expect((await collect('/broken')).result.error).toMatch(/^Malformed feed/);
    expect((await collect('/missing')).result.error).toBe('HTTP 404 Not Found');
    const slow = await collect('/slow');
    expect(slow.result.error).toBe('Timed out after 500 ms');
    const row = await sources.find(slow.source.id);
    expect(row).toMatchObject({ last_error: 'Timed out after 500 ms', consecutive_failures: 1 });
  });

  it('announces each new article with article.collected from the outbox row written with it', async () => {
    const source = await sources.upsert('Announced', `${feeds.url}/atom`);
    await t.db('articles').where({ canonical_url: 'https://atom.example/one' }).delete();
    await t.db('news_sources').where({ id: source.id }).update({ etag: null, last_modified: null });
    announced.length = 0;
    const { newArticleIds } = await collector.collect(source.id, 'req-collect-1');
    expect(newArticleIds).toHaveLength(1);
    expect(announced).toEqual([
      { name: 'article.collected', payload: { articleId: newArticleIds[0], sourceId: source.id }, requestId: 'req-collect-1' },
    ]);
    const row = await t
      .db('event_outbox')
      .where('payload', '@>', JSON.stringify({ articleId: newArticleIds[0] }))
      .first();
    expect(row).toMatchObject({ name: 'article.collected', request_id: 'req-collect-1' });
    expect(row.published_at).toBeInstanceOf(Date);
    // A re-fetch stores nothing new and announces nothing.
    await t.db('news_sources').where({ id: source.id }).update({ etag: null });
    announced.length = 0;
    expect((await collector.collect(source.id)).newArticleIds).toEqual([]);
    expect(announced).toEqual([]);
  });

  it('sends the stored ETag and adds nothing when the feed is unchanged', async () => {
    const { source } = await collect('/json');
    const again = await collector.collect(source.id);
    expect(again.status).toBe('not-modified');
    expect(feeds.requests.filter((r) => r.path === '/json').at(-1)!.headers['if-none-match']).toMatch(/^"/);
    await t.db('news_sources').where({ id: source.id }).update({ etag: null });
    expect((await collector.collect(source.id)).newArticleIds).toEqual([]);
  });

  it('rejects JSON that is not a JSON Feed', async () => {
    await expect(parseFeed('{"hello": 1}')).rejects.toThrow(/Not a JSON Feed/);
    await expect(parseFeed('plain text')).rejects.toThrow(/neither XML nor JSON/);
  });
});

describe('canonical URLs and titles', () => {
  it('drops tracking parameters, fragments, www, default ports and trailing slashes', () => {
    expect(canonicalUrl('HTTPS://WWW.Example.com:443/a/b/?utm_source=x&b=2&a=1&fbclid=z#frag')).toBe('https://example.com/a/b?a=1&b=2');
    expect(canonicalUrl('https://example.com/a/b')).toBe('https://example.com/a/b');
    expect(canonicalUrl('https://example.com:8443/x/')).toBe('https://example.com:8443/x');
    expect(canonicalUrl('ftp://example.com/file')).toBeNull();
    expect(canonicalUrl('not a url')).toBeNull();
    expect(canonicalUrl('https://www.example.com/changelog/?utm_medium=rss#v2.1', { keepFragment: true })).toBe(
      'https://example.com/changelog#v2.1',
    );
  });

  it('identifies an item by its guid (a URL guid keeps its fragment), else by its canonical URL', () => {
    expect(itemKey({ guid: 'urn:uuid:42', link: 'https://a.example/x' })).toBe('guid:urn:uuid:42');
    expect(itemKey({ guid: 'https://www.a.example/changelog/?utm_source=rss#v1', link: 'https://a.example/changelog' })).toBe(
      'guid:https://a.example/changelog#v1',
    );
    expect(itemKey({ guid: ' ', link: 'https://www.a.example/post/?utm_campaign=x#comments' })).toBe('url:https://a.example/post');
    expect(itemKey({ guid: null, link: 'mailto:x@a.example' })).toBeNull();
  });

  it('maps feed categories', () => {
    expect(newsCategory(['misc', 'product launch'])).toBe('Product Launch');
    expect(newsCategory([])).toBe('Research');
  });
});

describe('item identity', () => {
  const titles = (sourceId: number) => t.db('articles').where({ source_id: sourceId }).orderBy('id').pluck('title');

  it('keeps every changelog entry that shares one page and differs by #fragment when their guids differ', async () => {
    const entries = Array.from({ length: 6 }, (_, n) => ({
      title: `Release 3.${n}: faster indexing and a new embeddings endpoint`,
      link: `https://changelog.example/releases#v3-${n}`,
      guid: n % 2 ? `https://changelog.example/releases#v3-${n}` : `changelog-entry-${n}`,
      description: `What changed in release 3.${n}.`,
    }));
    feeds.routes.set('/changelog.xml', { body: rssFeed(entries, 'Changelog') });
    const { source, result } = await collect('/changelog.xml');
    expect(result.newArticleIds).toHaveLength(6);
    expect(result.counts).toEqual({ seen: 6, folded: 0, unidentified: 0 });
    expect(await titles(source.id)).toEqual(entries.map((e) => e.title));
    expect(await sources.find(source.id)).toMatchObject({
      last_collection_status: 'collected',
      items_seen: 6,
      items_added: 6,
      items_updated: 0,
      items_folded: 0,
    });
  });

  it('folds items of one fetch that share an identity, counts them, and keeps tracking-parameter variants as one item', async () => {
    feeds.routes.set('/folds.xml', {
      body: rssFeed([
        { title: 'Essay on building agents', link: 'https://essays.example/agents', guid: 'https://essays.example/agents' },
        // Listed twice by the publisher, with the same guid.
        { title: 'Essay on building agents', link: 'https://essays.example/agents', guid: 'https://essays.example/agents' },
        // No guid: links that differ by tracking parameters, www, a slash or a #fragment are one page.
        { title: 'Notes on evaluation', link: 'https://essays.example/evals?utm_source=rss', guid: null },
        { title: 'Notes on evaluation', link: 'https://www.essays.example/evals/#comments', guid: null },
        { title: 'Untitled link', link: 'not a link', guid: null },
      ]),
    });
    const { source, result } = await collect('/folds.xml');
    expect(result.counts).toEqual({ seen: 5, folded: 2, unidentified: 1 });
    expect(await titles(source.id)).toEqual(['Essay on building agents', 'Notes on evaluation']);
    expect(await sources.find(source.id)).toMatchObject({ items_seen: 5, items_added: 2, items_folded: 2 });

    // The next fetch carries the guid-less item with other tracking parameters: nothing new.
    feeds.routes.set('/folds.xml', {
      body: rssFeed([{ title: 'Notes on evaluation', link: 'https://essays.example/evals/?utm_medium=email&fbclid=abc', guid: null }]),
    });
    const again = await collector.collect(source.id);
    expect(again).toMatchObject({ status: 'collected', newArticleIds: [], updatedArticleIds: [] });
    expect(await titles(source.id)).toHaveLength(2);
  });

  it('updates an item the publisher edited and sends it through the pipeline again', async () => {
    const item = {
      title: 'Lab relases its first open model',
      link: 'https://lab.example/open-model',
      guid: 'post-981',
      description: 'The lab published weights for a 7B model.',
    };
    feeds.routes.set('/edits.xml', { body: rssFeed([item]) });
    const { source, result } = await collect('/edits.xml');
    const id = result.newArticleIds[0]!;
    await t.db('articles').where({ id }).update({ pipeline_stage: 'scored', processing_status: 'pending', seo_score: 40 });
    const before = await t.db('articles').where({ id }).first();

    feeds.routes.set('/edits.xml', {
      body: rssFeed([
        { ...item, title: 'Lab releases its first open model', description: 'The lab published weights and code for a 7B model.' },
      ]),
    });
    const edited = await collector.collect(source.id);
    expect(edited).toMatchObject({ newArticleIds: [], updatedArticleIds: [id] });
    const after = await t.db('articles').where({ id }).first();
    expect(after).toMatchObject({
      title: 'Lab releases its first open model',
      excerpt: 'The lab published weights and code for a 7B model.',
      pipeline_stage: 'collected',
      pipeline_generation: before.pipeline_generation + 1,
      processing_status: 'pending',
    });
    expect(after.feed_hash).not.toBe(before.feed_hash);
    expect(await sources.find(source.id)).toMatchObject({ items_seen: 1, items_added: 0, items_updated: 1 });

    // Unchanged on the next fetch: no update.
    await t.db('news_sources').where({ id: source.id }).update({ etag: null });
    expect((await collector.collect(source.id)).updatedArticleIds).toEqual([]);
  });

  it('a feed item carrying the whole article skips the full-text stage; a headline and a line wait for their page', async () => {
    feeds.routes.set('/mixed.xml', {
      body: rssFeed([
        {
          title: 'Full story in the feed',
          link: 'https://mixed.example/full',
          html: `${richArticleHtml('evaluation')}${richArticleHtml('agents')}`,
        },
        { title: 'Headline with a line', link: 'https://mixed.example/thin', description: 'One line of summary.' },
      ]),
    });
    const { source } = await collect('/mixed.xml');
    const rows = await t.db('articles').where({ source_id: source.id }).orderBy('id').select('title', 'pipeline_stage', 'full_text_status');
    expect(rows).toEqual([
      { title: 'Full story in the feed', pipeline_stage: 'extracted', full_text_status: 'feed' },
      { title: 'Headline with a line', pipeline_stage: 'collected', full_text_status: null },
    ]);
  });

  it('keeps one article per source for the same link in two feeds (the duplicate check pairs them)', async () => {
    const body = rssFeed([{ title: 'Shared story about robotics', link: 'https://wire.example/robotics', guid: null }]);
    feeds.routes.set('/one.xml', { body });
    feeds.routes.set('/two.xml', { body });
    const one = await collect('/one.xml');
    const two = await collect('/two.xml');
    expect(one.result.newArticleIds).toHaveLength(1);
    expect(two.result.newArticleIds).toHaveLength(1);
  });
});

describe('sources CLI', () => {
  const build = scratchBuildDir('pipeline');
  const cliBuild = build.dir;
  beforeAll(() => buildService('pipeline', { outdir: cliBuild }));
  afterAll(() => build.remove());

  // The compiled CLI, as production runs it (a TypeScript loader per call is slow on a busy machine).
  const cli = (...args: string[]) =>
    run(process.execPath, [path.join(cliBuild, 'sources.js'), ...args], {
      env: { ...process.env, DATABASE_URL: t.url, REDIS_URL: inject('redisUrl'), REDIS_PREFIX: testRedisPrefix(), LOG_LEVEL: 'silent' },
    }).then(
      (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
    );

  // Eight processes, one after another: generous on a busy machine.
  it('adds, lists, disables and enables sources, and refuses bad input', { timeout: 90_000 }, async () => {
    const added = await cli('add', 'CLI Wire', 'https://cli.example/feed.xml');
    expect(added.code).toBe(0);
    const id = Number(added.out.match(/Source (\d+)/)![1]);
    expect((await cli('disable', String(id))).out).toContain('disabled');
    expect((await sources.find(id))!.enabled).toBe(false);
    expect((await cli('enable', String(id))).out).toContain('enabled');
    expect((await cli('list')).out).toMatch(
      new RegExp(`${id}\\s+enabled\\s+CLI Wire\\s+https://cli.example/feed.xml\\n\\s+last collection: never`),
    );
    // After a collection the list shows what it found, and a failing source its error.
    await t
      .db('news_sources')
      .where({ id })
      .update({
        last_fetched_at: new Date('2026-11-20T10:00:00Z'),
        last_collection_status: 'collected',
        items_seen: 118,
        items_added: 117,
        items_updated: 2,
        items_folded: 1,
      });
    expect((await cli('list')).out).toMatch(
      /last collection: 2026-11-20T10:00:00.000Z, collected: 118 items seen, 117 added, 2 updated, 1 folded together/,
    );
    await t
      .db('news_sources')
      .where({ id })
      .update({ last_collection_status: 'failed', last_error: 'HTTP 503 Service Unavailable', consecutive_failures: 3 });
    expect((await cli('list')).out).toMatch(
      /last collection: 2026-11-20T10:00:00.000Z, failed \(3 in a row\): HTTP 503 Service Unavailable/,
    );
    expect(await cli('add', 'Bad', 'not-a-url')).toMatchObject({ code: 2, err: expect.stringContaining('not a valid URL') });
    expect(await cli('enable', '999999')).toMatchObject({ code: 2, err: expect.stringContaining('No source with id 999999') });
    expect(await cli('enable', 'abc')).toMatchObject({ code: 2 });
    expect(await cli('frobnicate')).toMatchObject({ code: 2, err: expect.stringContaining('Usage') });
  });
});
