import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentReader } from '../../../services/gateway/src/contentReader';
import { FirstScreenEmbedder, RouteAssets, scriptSafeJson } from '../../../services/gateway/src/firstScreen';

const TEMPLATE = `<!doctype html><html><head><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`;

/** A stand-in content service: answers per path, counts the hits, can be slow. */
const hits = new Map<string, number>();
const answers: Record<string, { status?: number; body: string; type?: string; cache?: string; total?: string; delayMs?: number }> = {};
let contentUrl = '';
const server = http.createServer((req, res) => {
  hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
  const a = answers[req.url!];
  if (!a) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"status":404,"code":"not_found","message":"Not found"}}');
    return;
  }
  setTimeout(() => {
    res.writeHead(a.status ?? 200, {
      'content-type': a.type ?? 'application/json; charset=utf-8',
      ...(a.cache ? { 'cache-control': a.cache } : {}),
      ...(a.total ? { 'x-total-count': a.total } : {}),
    });
    res.end(a.body);
  }, a.delayMs ?? 0);
});
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-first-screen-'));

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  contentUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      '_card.js': { file: 'assets/card.js', imports: ['_react.js'] },
      'src/pages/home/HomePage.tsx': { file: 'assets/HomePage.js', isDynamicEntry: true, imports: ['_card.js', '_react.js'] },
    }),
  );
});
afterAll(() => {
  server.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const embedded = (html: string) => {
  const m = html.match(/<script type="application\/json" id="first-screen">([^<]*)<\/script>/);
  return m ? (JSON.parse(m[1]!) as { path: string; queries: { key: unknown[]; infinite?: boolean; data: unknown }[] }) : null;
};

describe('script-safe JSON', () => {
  it('leaves nothing that can end the script element and parses back to the same value', () => {
    const value = { title: '</script><script>alert(1)</script><!-- & -->', sep: 'a\u2028b\u2029c', tag: '<img src=x onerror=alert(1)>' };
    const safe = scriptSafeJson(JSON.stringify(value));
    expect(safe).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(safe)).toEqual(value);
  });
});

describe('first-screen data in the HTML', () => {
  it('embeds each 200 JSON answer under its query key, page 0 of the feed as an infinite list, and preloads the page chunks', async () => {
    answers['/api/home'] = { body: '{"latestNews":[{"title":"A </script> title"}]}' };
    answers['/api/tools/featured'] = { body: '[]' };
    answers['/api/resources?limit=2'] = { status: 500, body: '{"error":{"status":500,"code":"internal_error","message":"x"}}' };
    answers['/api/events/upcoming'] = { body: '<html>not json</html>', type: 'text/html' };
    answers['/api/jobs/featured'] = { body: `[${'"x",'.repeat(200_000)}"x"]` };
    const embedder = new FirstScreenEmbedder(new ContentReader(contentUrl), new RouteAssets(dist));
    const html = await embedder.render(TEMPLATE, '/', new URLSearchParams());
    // Failed, non-JSON and oversized answers are left for the browser to fetch.
    expect(embedded(html)).toEqual({
      path: '/',
      queries: [
        { key: ['/api/home'], data: { latestNews: [{ title: 'A </script> title' }] } },
        { key: ['/api/tools/featured'], data: [] },
      ],
    });
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/HomePage.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/card.js">');
    expect(html).not.toContain('href="/assets/react.js"');

    answers['/api/news/tags'] = { body: '{"tags":[]}' };
    answers['/api/news?limit=9&offset=0'] = {
      body: '{"type":"category","articles":[],"pagination":{"total":0,"limit":9,"offset":0,"hasMore":false}}',
    };
    const news = embedded(await embedder.render(TEMPLATE, '/news', new URLSearchParams('utm_source=x')))!;
    expect(news.path).toBe('/news?utm_source=x');
    expect(news.queries.map((q) => [q.key, q.infinite ?? false])).toEqual([
      [['/api/news/tags'], false],
      [['/api/news', 'infinite'], true],
    ]);
  });

  it('embeds a page of the directory with its total from X-Total-Count, and leaves it to the browser without one', async () => {
    const embedder = new FirstScreenEmbedder(new ContentReader(contentUrl), new RouteAssets(dist));
    answers['/api/tools?category=Development&limit=24&offset=0'] = { body: '[{"slug":"a"}]', total: '31' };
    const directory = embedded(await embedder.render(TEMPLATE, '/directory', new URLSearchParams('category=Development')))!;
    expect(directory.queries).toEqual([
      { key: ['/api/tools?category=Development', 'infinite'], infinite: true, data: { items: [{ slug: 'a' }], total: 31 } },
    ]);
    answers['/api/tools?pricing=free&limit=24&offset=0'] = { body: '[]' };
    expect(embedded(await embedder.render(TEMPLATE, '/directory', new URLSearchParams('pricing=free')))).toBeNull();
  });

  it('leaves pages without a first screen, and unknown paths, as they are', async () => {
    const embedder = new FirstScreenEmbedder(new ContentReader(contentUrl), new RouteAssets(dist));
    expect(await embedder.render(TEMPLATE, '/no/such/page', new URLSearchParams())).toBe(TEMPLATE);
    expect(embedded(await embedder.render(TEMPLATE, '/about', new URLSearchParams()))).toBeNull();
    // A 404 record is not embedded: the page asks the API and shows its not-found state.
    expect(embedded(await embedder.render(TEMPLATE, '/news/missing-story', new URLSearchParams()))).toBeNull();
  });

  it('does not hold the page beyond the read timeout when the content service is slow', async () => {
    answers['/api/jobs'] = { body: '[]', delayMs: 3000 };
    const embedder = new FirstScreenEmbedder(new ContentReader(contentUrl, 300), new RouteAssets(dist));
    const started = Date.now();
    const html = await embedder.render(TEMPLATE, '/jobs', new URLSearchParams());
    expect(Date.now() - started).toBeLessThan(2000);
    expect(embedded(html)).toBeNull();
  });

  it('shares one request among concurrent pages and reuses answers the service marks public', async () => {
    answers['/api/tools/shared'] = { body: '{"slug":"shared"}', delayMs: 100 };
    answers['/api/tools/shared/similar'] = { body: '[]', cache: 'public, max-age=30' };
    const reader = new ContentReader(contentUrl);
    const embedder = new FirstScreenEmbedder(reader, new RouteAssets(dist));
    await Promise.all(Array.from({ length: 5 }, () => embedder.render(TEMPLATE, '/directory/shared', new URLSearchParams())));
    expect(hits.get('/api/tools/shared')).toBe(1);
    await embedder.render(TEMPLATE, '/directory/shared', new URLSearchParams());
    // Not cacheable: asked again. Public for 30 s: answered from memory.
    expect(hits.get('/api/tools/shared')).toBe(2);
    expect(hits.get('/api/tools/shared/similar')).toBe(1);
  });

  it('puts "Redirecting to tag page..." in the document of a category path, with a refresh for browsers without JavaScript', async () => {
    const embedder = new FirstScreenEmbedder(new ContentReader(contentUrl), new RouteAssets(dist));
    const html = await embedder.render(TEMPLATE, '/news/category/Product%20Launch', new URLSearchParams());
    expect(html).toContain('<div id="root"><p role="status"');
    expect(html).toContain('Redirecting to tag page...</p></div>');
    expect(html).toContain('<noscript><meta http-equiv="refresh" content="0; url=/news/tag/product%20launch"></noscript>');
  });
});
