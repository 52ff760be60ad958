import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createRedis, purgeGatewayCache, serve, type Redis, type RunningServer } from '@neuralbeat/common';
import { startGateway } from '../../../services/gateway/src/server';
import { compressions } from '../../../services/gateway/src/apiRepresentation';
import { testConfig } from '../../support/testEnv';
import { until } from '../../support/until';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they travelled. */
  raw: Buffer;
  /** The bytes decoded by their Content-Encoding. */
  body: Buffer;
}

/** A request whose headers are exactly these (fetch adds and decodes Accept-Encoding itself). */
function request(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const coding = res.headers['content-encoding'];
          const body = !raw.length
            ? raw
            : coding === 'br'
              ? zlib.brotliDecompressSync(raw)
              : coding === 'gzip'
                ? zlib.gunzipSync(raw)
                : raw;
          resolve({ status: res.statusCode!, headers: res.headers, raw, body });
        });
      })
      .on('error', reject)
      .end();
  });
}

/** About 19 KB of news, like a page of /api/news. */
const newsPage = (version: number) =>
  JSON.stringify({
    version,
    articles: Array.from({ length: 9 }, (_, i) => ({
      slug: `story-${version}-${i}`,
      title: `Story ${i} of version ${version}: a model learns to compress what it reads`,
      excerpt: 'An excerpt that repeats the way news excerpts do, with names, numbers and a few long words. '.repeat(20),
    })),
  });

let service: RunningServer;
let gateway: RunningServer;
let publisher: Redis;
let prefix: string;
let newsVersion = 1;
const asked = new Map<string, number>();

beforeAll(async () => {
  const app = express();
  // As the services (createServiceApp): validators are the gateway's.
  app.set('etag', false);
  app.use((req, _res, next) => {
    asked.set(req.path, (asked.get(req.path) ?? 0) + 1);
    next();
  });
  // Kept by the gateway until a purge names content:news, as content's answers are.
  app.get('/api/news', (_req, res) => {
    res.set({ 'cache-control': 'public, max-age=5', 'surrogate-control': 'max-age=600', 'surrogate-key': 'content content:news' });
    res.type('json').send(newsPage(newsVersion));
  });
  // Not kept: compressed on the fly, for each request.
  app.get('/api/tools/uncached', (_req, res) => res.type('json').send(newsPage(7)));
  app.get('/api/tools/tiny', (_req, res) => res.set('cache-control', 'public, max-age=60').json({ ok: true }));
  app.get('/api/tools/private', (_req, res) => res.set('cache-control', 'private, no-store').type('json').send(newsPage(8)));
  app.get('/api/tools/missing', (_req, res) =>
    res.status(404).json({ error: { status: 404, code: 'not_found', message: 'x'.repeat(2000) } }),
  );
  // Streamed in chunks with no length, longer than the gateway holds (1 MB).
  app.get('/api/tools/stream', (_req, res) => {
    res.type('json');
    res.write('[');
    for (let i = 0; i < 3000; i++) res.write(`${i ? ',' : ''}${JSON.stringify({ i, text: 'streamed '.repeat(50) })}`);
    res.end(']');
  });
  service = await serve(app, 0);
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const cfg = testConfig('postgres://postgres@127.0.0.1:5432/postgres', {
    CONTENT_URL: service.url,
    SEARCH_URL: service.url,
    PIPELINE_URL: service.url,
    WEB_DIST: dist,
  });
  prefix = cfg.REDIS_PREFIX;
  publisher = createRedis(cfg.REDIS_URL);
  gateway = await startGateway(cfg, createLogger('gateway', 'silent'));
  // Keyed answers are kept once the gateway hears purges.
  await until(async () => (await request(`${gateway.url}/api/news`)).headers['x-cache'] === 'HIT');
});
afterAll(async () => {
  publisher.disconnect();
  await gateway.close();
  await service.close();
});

describe('gateway compression and validators of public API answers', () => {
  it('sends a kept answer as br or gzip by Accept-Encoding, each decoding to the identity bytes, compressed once for every replay', async () => {
    const url = `${gateway.url}/api/news`;
    const identity = await request(url);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.raw.length).toBeGreaterThan(15_000);
    expect(identity.headers.vary).toMatch(/Accept-Encoding/i);
    expect(identity.headers.etag).toMatch(/^"[\w-]+"$/);

    const before = { ...compressions };
    // A browser's list: Brotli, asked by five visitors at once while it is made.
    const brs = await Promise.all(Array.from({ length: 5 }, () => request(url, { 'accept-encoding': 'gzip, deflate, br' })));
    const gzips = await Promise.all(Array.from({ length: 3 }, () => request(url, { 'accept-encoding': 'gzip' })));
    for (const br of brs) {
      expect(br.headers['x-cache']).toBe('HIT');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.body.equals(identity.body)).toBe(true);
      expect(br.raw.equals(brs[0]!.raw)).toBe(true);
      expect(Number(br.headers['content-length'])).toBe(br.raw.length);
      expect(br.headers.etag).toBe(brs[0]!.headers.etag);
    }
    expect(brs[0]!.raw.length).toBeLessThan(identity.raw.length / 3);
    for (const gz of gzips) {
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.body.equals(identity.body)).toBe(true);
    }
    // Each coding is a representation of its own with a strong ETag of its own.
    expect(new Set([identity.headers.etag, brs[0]!.headers.etag, gzips[0]!.headers.etag]).size).toBe(3);
    // Made once per kept answer and coding, however many asked.
    expect(compressions.br - before.br).toBe(1);
    expect(compressions.gzip - before.gzip).toBe(1);
    expect((await request(url, { 'accept-encoding': 'br' })).raw.equals(brs[0]!.raw)).toBe(true);
    expect(compressions.br - before.br).toBe(1);
    // Only the first request reached the service; coding is not asked of it.
    expect(asked.get('/api/news')).toBeLessThanOrEqual(2);
  });

  it('answers 304 to a matching If-None-Match (weak comparison, or *), and the whole answer to another', async () => {
    const url = `${gateway.url}/api/news`;
    const br = await request(url, { 'accept-encoding': 'br' });
    const notModified = await request(url, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
    expect(notModified.status).toBe(304);
    expect(notModified.raw.length).toBe(0);
    expect(notModified.headers.etag).toBe(br.headers.etag);
    expect(notModified.headers.vary).toMatch(/Accept-Encoding/i);
    expect(notModified.headers['cache-control']).toBe('public, max-age=5');
    expect((await request(url, { 'accept-encoding': 'br', 'if-none-match': `"other", W/${br.headers.etag}` })).status).toBe(304);
    expect((await request(url, { 'if-none-match': '*' })).status).toBe(304);
    // The Brotli validator does not validate the gzip representation.
    const gzip = await request(url, { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag! });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('gives HEAD the headers a GET gets, without the body', async () => {
    const url = `${gateway.url}/api/news`;
    const get = await request(url, { 'accept-encoding': 'br' });
    const head = await request(url, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    // Not kept: asked of the service as a GET, answered with the same validator.
    const uncached = await request(`${gateway.url}/api/tools/uncached`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(uncached.status).toBe(200);
    expect(uncached.raw.length).toBe(0);
    expect(uncached.headers.etag).toBe((await request(`${gateway.url}/api/tools/uncached`, { 'accept-encoding': 'br' })).headers.etag);
  });

  it('changes the ETag when the content changes (after a purge), and the old one no longer earns a 304', async () => {
    const url = `${gateway.url}/api/news`;
    const old = await request(url, { 'accept-encoding': 'br' });
    newsVersion++;
    await purgeGatewayCache(publisher, prefix, ['content:news']);
    const changed = await until(async () => {
      const res = await request(url, { 'accept-encoding': 'br', 'if-none-match': old.headers.etag! });
      return res.status === 200 ? res : undefined;
    });
    expect(changed.headers.etag).not.toBe(old.headers.etag);
    expect(JSON.parse(changed.body.toString()).version).toBe(newsVersion);
  });

  it('compresses answers that are not kept on the fly, per request, with an ETag and 304', async () => {
    const url = `${gateway.url}/api/tools/uncached`;
    const identity = await request(url);
    const before = compressions.gzip;
    const first = await request(url, { 'accept-encoding': 'gzip' });
    const second = await request(url, { 'accept-encoding': 'gzip' });
    expect(first.headers['x-cache']).toBeUndefined();
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.body.equals(identity.body)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(compressions.gzip - before).toBe(2);
    const notModified = await request(url, { 'accept-encoding': 'gzip', 'if-none-match': first.headers.etag! });
    expect(notModified.status).toBe(304);
    expect(notModified.raw.length).toBe(0);
  });

  it('leaves small answers, private answers and errors uncompressed, and streams long answers compressed', async () => {
    const tiny = await request(`${gateway.url}/api/tools/tiny`, { 'accept-encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(JSON.parse(tiny.body.toString())).toEqual({ ok: true });

    const secret = await request(`${gateway.url}/api/tools/private`, { 'accept-encoding': 'br' });
    expect(secret.headers['content-encoding']).toBeUndefined();
    expect(secret.headers.etag).toBeUndefined();
    expect(JSON.parse(secret.body.toString()).version).toBe(8);

    const missing = await request(`${gateway.url}/api/tools/missing`, { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(missing.body.toString()).error.code).toBe('not_found');

    const streamed = await request(`${gateway.url}/api/tools/stream`, { 'accept-encoding': 'br' });
    const plain = await request(`${gateway.url}/api/tools/stream`);
    expect(plain.raw.length).toBeGreaterThan(1024 * 1024);
    expect(streamed.headers['content-encoding']).toBe('br');
    expect(streamed.headers['content-length']).toBeUndefined();
    expect(streamed.body.equals(plain.body)).toBe(true);
    expect(JSON.parse(streamed.body.toString())).toHaveLength(3000);
  });
});
