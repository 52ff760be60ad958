import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSystem, type RunningSystem } from '../../support/system';
import { insertNewsItem } from '../../support/factories';
import { rawRequest } from '../../support/rawHttp';
import { shellDist } from '../../support/shellDist';

let sys: RunningSystem;
let host: string;
const dist = shellDist();
const SECURITY_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
];

const newsletterRows = async () => Number((await sys.database.db('newsletters').count<{ n: string }[]>({ n: '*' }))[0]!.n);
const envelope = (body: unknown) =>
  expect(body).toMatchObject({ error: { status: expect.any(Number), code: expect.any(String), message: expect.any(String) } });

beforeAll(async () => {
  sys = await startSystem({ REQUEST_BODY_TIMEOUT_MS: '400', CONTENT_CACHE_SECONDS: '30', WEB_DIST: dist.dir });
  host = new URL(sys.url).host;
  await insertNewsItem(sys.database.db, { slug: 'edge-story', tags: ['llm'] });
});
afterAll(async () => {
  await sys.stop();
  dist.remove();
});

describe('security headers on every response', () => {
  it('a micro-cache replay carries the same security headers as the response it replays', async () => {
    const first = await fetch(`${sys.url}/api/news?limit=3`);
    const replay = await fetch(`${sys.url}/api/news?limit=3`);
    expect(first.headers.get('x-cache')).toBeNull();
    expect(replay.headers.get('x-cache')).toBe('HIT');
    for (const name of SECURITY_HEADERS) {
      expect(first.headers.get(name), name).toBeTruthy();
      expect(replay.headers.get(name), name).toBe(first.headers.get(name));
    }
  });

  it('the CSP allows nothing that runs or loads from elsewhere', async () => {
    const csp = (await fetch(`${sys.url}/`)).headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("script-src-attr 'none'");
  });
});

describe('request bodies the gateway must not wait on', () => {
  it('a body shorter than its Content-Length gets a quick 408, not a held connection and a 504', async () => {
    const before = await newsletterRows();
    const partial = '{"email":"short@example.org"';
    const res = await rawRequest(
      sys.url,
      `POST /api/newsletter/subscribe HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n${partial}`,
      5000,
    );
    // Held until the service gave up, it would end in a 504 (after 15 s, past the wait here).
    expect(res.status).toBe(408);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body)).toMatchObject({ error: { status: 408, code: 'request_timeout', field: 'body' } });
    expect(await newsletterRows()).toBe(before);
  });

  it('a declared body over the gateway limit is refused at once with 413', async () => {
    const res = await rawRequest(
      sys.url,
      `POST /api/tools/submit HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\n\r\n{`,
      5000,
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('a chunked body that grows past the limit is cut off with 413', async () => {
    const chunk = new TextEncoder().encode(`{"email":"${'a'.repeat(64 * 1024)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 40) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await fetch(`${sys.url}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    envelope(await res.json());
  });

  it('a body over the service limit is a 413 from the service through the proxy', async () => {
    const res = await fetch(`${sys.url}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x'.repeat(300_000) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { status: 413, code: 'payload_too_large' } });
  });

  it('a body that is not JSON is a 415 naming the content type; deep or broken JSON is a 400', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await fetch(`${sys.url}/api/newsletter/subscribe`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: 'email=a@b.co',
      });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toMatchObject({ error: { code: 'unsupported_media_type', field: 'content-type' } });
    }
    const deep = `{"email":${'['.repeat(40_000)}${']'.repeat(40_000)}}`;
    const deepRes = await fetch(`${sys.url}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: deep,
    });
    expect(deepRes.status).toBe(400);
    expect(await deepRes.json()).toMatchObject({ error: { field: 'email' } });
    const broken = await fetch(`${sys.url}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "a@b.co"',
    });
    expect(await broken.json()).toMatchObject({ error: { status: 400, field: 'body' } });
  });
});

describe('NUL bytes, malformed escapes and invalid bytes', () => {
  it('a NUL byte in any slug or id is a 400 in the envelope, never a database error', async () => {
    for (const path of [
      '/api/news/%00',
      '/api/events/%00',
      '/api/resources/%00',
      '/api/tools/%00',
      '/api/jobs/%00',
      '/api/news/tag/a%00b',
      '/api/news?category=%00',
      '/api/tools/search?q=%00',
    ]) {
      const res = await fetch(`${sys.url}${path}`);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({ error: { status: 400, field: 'url' } });
    }
  });

  it('a NUL byte inside a JSON body is a 400 naming the field, and nothing is stored', async () => {
    const before = await newsletterRows();
    const res = await fetch(`${sys.url}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"nul\\u0000@example.org"}',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { field: 'email' } });
    expect(await newsletterRows()).toBe(before);
  });

  it('malformed percent-escapes are a 404 page or a 400 API answer', async () => {
    const page = await fetch(`${sys.url}/news/tag/%E0`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect((await fetch(`${sys.url}/news/%E0%A4%A`)).status).toBe(404);
    const api = await fetch(`${sys.url}/api/news/tag/%E0`);
    expect(api.status).toBe(400);
    const body = await api.json();
    envelope(body);
    expect(body.error).toMatchObject({ message: 'The URL has a malformed percent-escape', field: 'url' });
    expect((await fetch(`${sys.url}/news/tag/%E0/rss.xml`)).status).toBe(400);
  });

  it('raw invalid UTF-8 and control bytes in the request line get an answer below 500', async () => {
    const bytes = Buffer.concat([
      Buffer.from('GET /api/news/'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from(` HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    ]);
    expect((await rawRequest(sys.url, bytes)).status).toBeLessThan(500);
    const control = await rawRequest(sys.url, `GET /api/news/\x01\x7f HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    expect(control.status).toBe(400);
    expect(JSON.parse(control.body)).toMatchObject({ error: { status: 400 } });
  });

  it('headers that are too large get a 431 in the envelope', async () => {
    const res = await rawRequest(sys.url, `GET /api/news HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({ error: { status: 431, code: 'headers_too_large' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('tag RSS feed', () => {
  it("passes the content service's 4xx through instead of turning it into a 502", async () => {
    const blank = await fetch(`${sys.url}/news/tag/%20/rss.xml`);
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ error: { status: 400, field: 'tag' } });
    const ok = await fetch(`${sys.url}/news/tag/llm/rss.xml`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('<link>http://localhost:8080/news/edge-story</link>');
  });
});
