import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startSystem, type RunningSystem } from '../../support/system';
import { insertEvent, insertJob, insertNewsItem, insertResource, insertTool } from '../../support/factories';
import { rawRequest } from '../../support/rawHttp';
import { shellDist } from '../../support/shellDist';

/**
 * Property-based fuzzing of every public route through the gateway (fixed
 * seeds, a few thousand cases): whatever a client sends, the answer is
 * 2xx/3xx/4xx, an /api error is the JSON envelope with its own status, and a
 * rejected write leaves every stored row as it was.
 */
const SEED = 20261123;
/** A few seconds on a quiet machine; generous for a loaded one. */
const FUZZ_TIMEOUT_MS = 180_000;
let sys: RunningSystem;
let host: string;
const dist = shellDist();
let job: { id: number };

beforeAll(async () => {
  sys = await startSystem({ WEB_DIST: dist.dir, REQUEST_BODY_TIMEOUT_MS: '100', CONTENT_CACHE_SECONDS: '0' });
  host = new URL(sys.url).host;
  const db = sys.database.db;
  await insertNewsItem(db, { slug: 'fuzz-story', tags: ['llm', 'agents'], category: 'Research' });
  await insertTool(db, { slug: 'fuzz-tool' });
  await insertResource(db, { slug: 'fuzz-guide' });
  await insertEvent(db, { slug: 'fuzz-event' });
  job = await insertJob(db);
});
afterAll(async () => {
  await sys.stop();
  dist.remove();
});

// ---------- what a hostile or broken client sends ----------

const UNRESERVED = /[A-Za-z0-9\-._~]/;
/** Percent-encodes every UTF-8 byte that is not unreserved (lone surrogates become U+FFFD, as on the wire). */
const encode = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      UNRESERVED.test(String.fromCharCode(b)) && b < 128 ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** Escapes that are malformed, decode to NUL/control/invalid UTF-8, or try to escape the path. */
const RAW_TOKENS = [
  '%',
  '%E0',
  '%E0%A4%A',
  '%00',
  '%FF',
  '%C3%28',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%C0%AF',
  '%2F',
  '%2e%2e',
  '%25',
  '%0A',
  '%0D%0A',
  '%7F',
  '%u0041',
  '..',
  '.',
  '%20',
  '+',
  '\u00e9',
  '\u{1F916}',
];
const rawJunk = fc.array(fc.constantFrom(...RAW_TOKENS), { minLength: 1, maxLength: 6 }).map((t) => t.join(''));
const weirdText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'null',
    'undefined',
    'NaN',
    '-1',
    '0',
    '1e309',
    '99999999999999999999',
    '0x10',
    '1.5',
    'true',
    '[]',
    '{}',
    "' OR 1=1 --",
    '%',
    '\\',
    '<script>alert(1)</script>',
    'a'.repeat(400),
  ),
  fc.string({ minLength: 1000, maxLength: 5000 }),
);
const segment = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^[a-z0-9-]{1,30}$/) },
  { weight: 4, arbitrary: weirdText.map(encode) },
  { weight: 3, arbitrary: rawJunk },
  { weight: 1, arbitrary: fc.constantFrom('fuzz-story', 'fuzz-tool', 'fuzz-guide', 'fuzz-event', 'llm', 'Research') },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
);
const QUERY_KEYS = ['limit', 'offset', 'q', 'category', 'pricing', 'tag', 'page', 'limit[]', 'limit[a]', '__proto__', 'constructor', ''];
const query = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 10 }).map(encode)),
      fc.oneof(weirdText.map(encode), rawJunk, fc.integer().map(String)),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));

/** Every public route, as a path template filled with fuzzed segments. */
const ROUTES: ((s: string[]) => string)[] = [
  () => '/api/home',
  () => '/api/news',
  () => '/api/news/tags',
  ([a]) => `/api/news/tag/${a}`,
  ([a]) => `/api/news/category/${a}`,
  ([a]) => `/api/news/${a}`,
  ([a, b]) => `/api/news/${a}/${b}`,
  () => '/api/tools',
  () => '/api/tools/featured',
  ([a]) => `/api/tools/${a}`,
  ([a]) => `/api/tools/${a}/similar`,
  () => '/api/resources',
  ([a]) => `/api/resources/${a}`,
  () => '/api/events',
  () => '/api/events/upcoming',
  ([a]) => `/api/events/${a}`,
  () => '/api/jobs',
  () => '/api/jobs/featured',
  ([a]) => `/api/jobs/${a}`,
  () => `/api/jobs/${job.id}`,
  () => '/api/ai-stats',
  ([a]) => `/api/${['news', 'tools', 'resources', 'events', 'jobs'][a!.length % 5]}/search`,
  ([a]) => `/api/search/${a}`,
  ([a]) => `/api/admin/${a}`,
  ([a]) => `/api/tags/${a}`,
  ([a]) => `/api/${a}`,
  () => '/',
  () => '/news',
  ([a]) => `/news/${a}`,
  ([a]) => `/news/tag/${a}`,
  ([a]) => `/news/tag/${a}/rss.xml`,
  ([a]) => `/news/category/${a}`,
  () => '/directory',
  ([a]) => `/directory/${a}`,
  ([a]) => `/learn/${a}`,
  ([a]) => `/events/${a}`,
  ([a]) => `/jobs/${a}`,
  () => '/rss.xml',
  () => '/sitemap.xml',
  () => '/robots.txt',
  () => '/search',
  ([a]) => `/assets/${a}`,
  ([a]) => `/media/image?url=${a}`,
  ([a]) => `/media/image?url=https%3A%2F%2F${a}`,
  ([a]) => `/${a}`,
  ([a, b]) => `/${a}/${b}`,
];
const path = fc
  .tuple(fc.nat(ROUTES.length - 1), fc.array(segment, { minLength: 2, maxLength: 2 }), query)
  .map(([i, s, q]) => ROUTES[i]!(s) + q);

const headerValue = fc.oneof(
  fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  fc.constantFrom('*/*', 'application/json', 'text/html', '', 'gzip, br', 'bytes=0-1,5-', 'x'.repeat(4000)),
);
const headers = fc.dictionary(
  fc.constantFrom(
    'accept',
    'accept-encoding',
    'accept-language',
    'range',
    'if-none-match',
    'x-request-id',
    'x-forwarded-for',
    'x-forwarded-proto',
    'cookie',
    'origin',
    'referer',
    'user-agent',
  ),
  headerValue,
  { maxKeys: 4 },
);

// ---------- checks ----------

/** md5 of every table a public request could write, so "nothing changed" is one comparison. */
async function storedRows(): Promise<string> {
  const tables = ['tools', 'newsletters', 'news_feed', 'articles', 'resources', 'events', 'jobs', 'users'];
  // A subscriber row as the request left it: the pipeline stamps its confirmation mail later (confirmation_sent_at,
  // updated_at), on its own time, for an earlier accepted subscribe.
  const row = (t: string) => (t === 'newsletters' ? 'ROW(x.id, x.email, x.status, x.created_at)::text' : 'x::text');
  const { rows } = await sys.database.db.raw(
    tables
      .map((t) => `SELECT '${t}' AS t, md5(coalesce(string_agg(${row(t)}, '|' ORDER BY x.id), '')) AS h FROM ${t} x`)
      .join(' UNION ALL '),
  );
  return (rows as { t: string; h: string }[]).map((r) => `${r.t}:${r.h}`).join(',');
}

async function checkResponse(pathSent: string, status: number, contentType: string | null, text: string): Promise<void> {
  expect(status, `${pathSent} → ${status} ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
  expect(status, `${pathSent} → ${status} ${text.slice(0, 300)}`).toBeLessThan(500);
  if (status >= 400 && pathSent.startsWith('/api/')) {
    expect(contentType, pathSent).toMatch(/application\/json/);
    const body = JSON.parse(text) as { error: { status: number; code: string; message: string; field?: string } };
    expect(body.error.status, pathSent).toBe(status);
    expect(typeof body.error.code).toBe('string');
    expect(typeof body.error.message).toBe('string');
  }
}

describe('fuzzing every public route through the gateway', () => {
  it(
    'GET (and other methods) on any path, query and headers: never 5xx; API errors in the envelope',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          path,
          headers,
          fc.constantFrom('GET', 'GET', 'GET', 'GET', 'DELETE', 'PUT', 'PATCH', 'OPTIONS'),
          async (p, h, method) => {
            const res = await fetch(`${sys.url}${p}`, { method, headers: h, redirect: 'manual' });
            await checkResponse(new URL(`${sys.url}${p}`).pathname, res.status, res.headers.get('content-type'), await res.text());
          },
        ),
        { seed: SEED, numRuns: 1400 },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  const URL_VALUES = [
    'https://ok.example',
    'http://ok.example/logo.png',
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,AAAA',
    'vbscript:x',
    'file:///etc/passwd',
    'ftp://x.example',
    'mailto:a@b.co',
    '//evil.example',
    '/relative',
    ' https://space.example',
    'https://',
    'https://\u0000.example',
    `https://${'a'.repeat(3000)}.example`,
  ];
  const fieldValue = fc.oneof(
    weirdText,
    fc.constantFrom(...URL_VALUES),
    fc.jsonValue({ maxDepth: 3 }),
    fc.array(weirdText, { maxLength: 5 }),
  );
  /** A valid submission with up to two fields replaced by fuzzed values or removed: near-misses are where validation leaks. */
  const VALID_TOOL: Record<string, unknown> = {
    name: 'Fuzzed Tool',
    description: 'A description long enough to pass validation.',
    shortDescription: 'A short description',
    websiteUrl: 'https://fuzzed-tool.example',
    logoUrl: 'https://fuzzed-tool.example/logo.png',
    category: 'Development',
    tags: 'llm, agents',
    features: ['one', 'two'],
    pricing: 'Free',
    submittedById: 1,
  };
  const mutation = fc.tuple(fc.constantFrom(...Object.keys(VALID_TOOL), '__proto__', 'extra'), fc.option(fieldValue, { nil: undefined }));
  const toolBody = fc.tuple(fc.array(mutation, { maxLength: 2 }), fc.stringMatching(/^[a-z0-9]{4,12}$/)).map(([mutations, unique]) => {
    const body: Record<string, unknown> = { ...VALID_TOOL, name: `Fuzzed Tool ${unique}` };
    for (const [field, value] of mutations) {
      if (value === undefined) delete body[field];
      else body[field] = value;
    }
    return body;
  });
  const newsletterBody = fc.oneof(
    fc.emailAddress().map((email) => ({ email })),
    fc.record({ email: fieldValue }, { requiredKeys: [] }),
  );
  const bodyText = fc.oneof(
    { weight: 6, arbitrary: fc.oneof(toolBody, newsletterBody).map((b) => JSON.stringify(b)) },
    { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.nat({ max: 60_000 }).map((n) => `{"email":${'['.repeat(n)}${']'.repeat(n)}}`) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"email": "a@b.co"',
        '\u0000',
        '{"email":"\\u0000@x.co"}',
        '{"__proto__":{"admin":true}}',
        `{"description":"${'x'.repeat(200_000)}"}`,
      ),
    },
  );
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        'application/json; charset=latin1',
        'application/json; charset=utf-16',
        'application/merge-patch+json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        '',
        'application/jsonx',
      ),
    },
  );

  it(
    'POST bodies of any shape to every write route: never 5xx, envelope errors, and a rejected write changes no stored row',
    async () => {
      const routes = [
        '/api/newsletter/subscribe',
        '/api/tools/submit',
        '/api/tools/submit',
        '/api/news',
        '/api/admin/reset-duplicates',
        '/api/tools/fuzz-tool',
      ];
      let expected: string | undefined;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...routes), bodyText, contentType, async (route, body, type) => {
          const before = (expected ??= await storedRows());
          const res = await fetch(`${sys.url}${route}`, { method: 'POST', headers: type ? { 'content-type': type } : {}, body });
          const text = await res.text();
          await checkResponse(route, res.status, res.headers.get('content-type'), text);
          const after = await storedRows();
          if (res.status >= 400) expect(after, `${route} ${res.status} ${body.slice(0, 200)}`).toBe(before);
          expected = after;
        }),
        { seed: SEED, numRuns: 450 },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'raw requests fetch would not send: bytes that are not UTF-8, bodies shorter than their Content-Length, broken framing',
    async () => {
      const rawBytes = fc.uint8Array({ minLength: 1, maxLength: 12 }).map((b) => Buffer.from(b));
      const request = fc.oneof(
        fc
          .tuple(fc.constantFrom('/api/news/', '/api/tools/', '/news/', '/api/news/search?q=', '/'), rawBytes)
          .map(([p, b]) =>
            Buffer.concat([Buffer.from(`GET ${p}`), b, Buffer.from(` HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)]),
          ),
        fc
          .tuple(fc.constantFrom('/api/newsletter/subscribe', '/api/tools/submit'), fc.nat({ max: 500 }), fc.string({ maxLength: 40 }))
          .map(([p, extra, body]) =>
            Buffer.from(
              `POST ${p} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body) + 1 + extra}\r\n\r\n${body}`,
            ),
          ),
        fc
          .tuple(rawBytes, fc.constantFrom('/api/newsletter/subscribe', '/api/tools/submit'))
          .map(([b, p]) =>
            Buffer.concat([
              Buffer.from(
                `POST ${p} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${b.length + 10}\r\n\r\n{"email":"`,
              ),
              b,
              Buffer.from('"}'),
            ]),
          ),
        fc
          .constantFrom(
            `POST /api/newsletter/subscribe HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n`,
            `POST /api/newsletter/subscribe HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\n{"a":1}`,
            `GET /api/news HTTP/1.1\r\nHost: ${host}\r\nBad Header Line\r\n\r\n`,
            `GET /api/news HTTP/9.9\r\nHost: ${host}\r\n\r\n`,
            `GET ${'/a'.repeat(20_000)} HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
          )
          .map((s) => Buffer.from(s)),
      );
      await fc.assert(
        fc.asyncProperty(request, async (bytes) => {
          const before = await storedRows();
          const res = await rawRequest(sys.url, bytes, 3000);
          const firstLine = bytes.subarray(0, bytes.indexOf(13)).toString('latin1');
          expect(res.status, firstLine).toBeGreaterThanOrEqual(200);
          expect(res.status, `${firstLine} → ${res.status} ${res.body.slice(0, 200)}`).toBeLessThan(500);
          // Answers about the request itself (framing, headers) and /api answers are JSON envelopes; page paths may answer the HTML 404 page.
          if (res.status >= 400 && (firstLine.split(' ')[1]?.startsWith('/api/') || res.headers['content-type']?.includes('json'))) {
            expect(JSON.parse(res.body), firstLine).toMatchObject({ error: { status: res.status } });
          }
          if (res.status >= 400) expect(await storedRows()).toBe(before);
        }),
        { seed: SEED, numRuns: 150 },
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
