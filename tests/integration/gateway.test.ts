import fs from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, createLogger, createRedis, purgeGatewayCache, type RunningServer } from '@neuralbeat/common';
import express from 'express';
import { createGatewayApp } from '../../services/gateway/src/app';
import { startGateway } from '../../services/gateway/src/server';
import { testConfig } from '../support/testEnv';
import { startThrowawayRedis } from '../support/throwawayServers';
import { until } from '../support/until';
import { ApiMicroCache, PURGE_SETTLE_MS } from '../../services/gateway/src/apiCache';
import { apiForwarder } from '../../services/gateway/src/proxy';

let gateway: RunningServer;
let upstream: RunningServer;
let dist: string;
const seen: { path: string; requestId?: string; body?: unknown }[] = [];

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');

  const up = express();
  up.use(express.json());
  up.all(/.*/, (req, res) => {
    seen.push({ path: req.originalUrl, requestId: req.header('x-request-id'), body: req.body });
    if (req.path === '/api/news/slow') return void setTimeout(() => res.json({ late: true }), 3000);
    if (req.path === '/api/tools/shared') res.set('cache-control', 'public, max-age=30');
    if (req.path === '/api/tools/private') res.set('cache-control', 'private, max-age=30');
    res.json({ ok: true, path: req.originalUrl });
  });
  upstream = await serve(up, 0);
  const cfg = testConfig('postgres://postgres@127.0.0.1:5432/postgres');
  const app = createGatewayApp({
    logger: createLogger('gateway', 'silent'),
    config: cfg,
    // The pipeline target points at a closed port: a service that is down.
    targets: { content: upstream.url, search: upstream.url, pipeline: 'http://127.0.0.1:1' },
    webDist: dist,
    upstreamTimeoutMs: 1000,
  });
  gateway = await serve(app, 0);
});
afterAll(async () => {
  await gateway.close();
  await upstream.close();
});

describe('gateway', () => {
  it('routes /api paths to the owning service with the query and request id', async () => {
    const res = await fetch(`${gateway.url}/api/news?limit=9`, { headers: { 'x-request-id': 'abc-123' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(await res.json()).toEqual({ ok: true, path: '/api/news?limit=9' });
    expect(seen.at(-1)).toMatchObject({ path: '/api/news?limit=9', requestId: 'abc-123' });
  });

  it('creates a request id when none is sent and streams POST bodies through', async () => {
    const res = await fetch(`${gateway.url}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co' }),
    });
    expect(res.status).toBe(200);
    expect(seen.at(-1)!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.at(-1)!.body).toEqual({ email: 'a@b.co' });
  });

  it('answers unknown /api paths with a JSON 404 in the envelope', async () => {
    const res = await fetch(`${gateway.url}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { status: 404, code: 'not_found' } });
  });

  it('answers 503 JSON when the owning service is down, and 504 when it is too slow', async () => {
    const down = await fetch(`${gateway.url}/api/admin/article-stats`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ error: { status: 503, code: 'service_unavailable' } });
    const slow = await fetch(`${gateway.url}/api/news/slow`);
    expect(slow.status).toBe(504);
    expect(await slow.json()).toMatchObject({ error: { status: 504 } });
  });

  it('serves the SPA with index.html fallback, immutable assets and security headers', async () => {
    const page = await fetch(`${gateway.url}/news/some-article`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('<div id="root">');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const asset = await fetch(`${gateway.url}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await fetch(`${gateway.url}/assets/missing.js`);
    expect(missing.status).toBe(404);
  });

  it('is alive and reports readiness of the services it routes to', async () => {
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${gateway.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ checks: { content: 'ok', search: 'ok' } });
  });
});

describe('gateway micro-cache of public API responses', () => {
  it('replays a public response without asking the service again, and never caches private ones', async () => {
    const cfg = testConfig('postgres://postgres@127.0.0.1:5432/postgres', {
      CONTENT_URL: upstream.url,
      SEARCH_URL: upstream.url,
      PIPELINE_URL: upstream.url,
      WEB_DIST: dist,
    });
    const gw = await startGateway(cfg, createLogger('gateway', 'silent'));
    try {
      const hits = () => seen.filter((s) => s.path.startsWith('/api/tools/')).length;
      const before = hits();
      const first = await fetch(`${gw.url}/api/tools/shared?x=1`);
      expect(first.headers.get('x-cache')).toBeNull();
      expect(await first.json()).toEqual({ ok: true, path: '/api/tools/shared?x=1' });
      const second = await fetch(`${gw.url}/api/tools/shared?x=1`, { headers: { 'x-request-id': 'cached-1' } });
      expect(second.headers.get('x-cache')).toBe('HIT');
      expect(second.headers.get('x-request-id')).toBe('cached-1');
      expect(second.headers.get('content-type')).toMatch(/application\/json/);
      expect(await second.json()).toEqual({ ok: true, path: '/api/tools/shared?x=1' });
      expect(hits()).toBe(before + 1);
      // A different query is a different entry.
      await fetch(`${gw.url}/api/tools/shared?x=2`);
      expect(hits()).toBe(before + 2);
      await fetch(`${gw.url}/api/tools/private`);
      const again = await fetch(`${gw.url}/api/tools/private`);
      expect(again.headers.get('x-cache')).toBeNull();
      expect(hits()).toBe(before + 4);
    } finally {
      await gw.close();
    }
  });
});

describe('gateway cache of answers tagged with surrogate keys (search)', () => {
  it('keeps them until a purge names one of their keys, strips the Surrogate-* headers, and keeps none while purges cannot reach it', async () => {
    const asked = new Map<string, number>();
    const search = express();
    search.get('/api/:kind/search', (req, res) => {
      const n = (asked.get(req.originalUrl) ?? 0) + 1;
      asked.set(req.originalUrl, n);
      res.set({ 'x-total-count': '42', 'surrogate-control': 'max-age=60', 'surrogate-key': `search search:${req.params.kind}` });
      res.json({ kind: req.params.kind, answer: n });
    });
    search.get('/api/news', (_req, res) => res.set('cache-control', 'public, max-age=60').json({ news: ['public'] }));
    const service = await serve(search, 0);
    const redis = await startThrowawayRedis();
    const cfg = testConfig('postgres://postgres@127.0.0.1:5432/postgres', {
      CONTENT_URL: service.url,
      SEARCH_URL: service.url,
      PIPELINE_URL: service.url,
      WEB_DIST: dist,
      REDIS_URL: redis.url,
    });
    const gw = await startGateway(cfg, createLogger('gateway', 'silent'));
    const publisher = createRedis(redis.url);
    publisher.on('error', () => undefined);
    const get = async (path: string) => {
      const res = await fetch(`${gw.url}${path}`);
      return { cache: res.headers.get('x-cache'), res, body: (await res.json()) as { answer: number } };
    };
    const purge = (...keys: string[]) => purgeGatewayCache(publisher, cfg.REDIS_PREFIX, keys);
    try {
      // Kept once the gateway has subscribed to purges.
      await until(async () => (await get('/api/news/search?q=orbit')).cache === 'HIT');
      const hit = await get('/api/news/search?q=orbit');
      expect(hit.cache).toBe('HIT');
      expect(hit.res.headers.get('x-total-count')).toBe('42');
      expect(hit.res.headers.get('surrogate-control')).toBeNull();
      expect(hit.res.headers.get('surrogate-key')).toBeNull();
      // Browsers are not told to keep it.
      expect(hit.res.headers.get('cache-control')).toBeNull();
      const miss = await fetch(`${gw.url}/api/tools/search?q=orbit`);
      expect(miss.headers.get('surrogate-key')).toBeNull();
      expect((await get('/api/tools/search?q=orbit')).cache).toBe('HIT');

      // A purge of the news answers leaves the tools' answers.
      const before = hit.body.answer;
      await purge('search:news');
      const fresh = await until(async () => {
        const r = await get('/api/news/search?q=orbit');
        return r.cache === null ? r : undefined;
      });
      expect(fresh.body.answer).toBeGreaterThan(before);
      expect((await get('/api/tools/search?q=orbit')).cache).toBe('HIT');
      // Right after a purge, answers are passed on but not kept (another search process may not have heard yet); then they are.
      expect((await get('/api/news/search?q=orbit')).cache).toBeNull();
      await new Promise((r) => setTimeout(r, PURGE_SETTLE_MS + 50));
      await get('/api/news/search?q=orbit');
      expect((await get('/api/news/search?q=orbit')).cache).toBe('HIT');
      // `search` names every search answer.
      await purge('search');
      await until(async () => (await get('/api/tools/search?q=orbit')).cache === null);

      // Redis goes away: purges could be missed, so tagged answers expire and none are kept; untagged public ones still are.
      await get('/api/news');
      expect((await get('/api/news')).cache).toBe('HIT');
      await redis.kill();
      await until(
        async () => (await get('/api/jobs/search?q=orbit')).cache === null && (await get('/api/tools/search?q=orbit')).cache === null,
      );
      const askedWhileDown = asked.get('/api/jobs/search?q=orbit')!;
      await new Promise((r) => setTimeout(r, PURGE_SETTLE_MS + 50));
      expect((await get('/api/jobs/search?q=orbit')).cache).toBeNull();
      expect((await get('/api/jobs/search?q=orbit')).cache).toBeNull();
      expect(asked.get('/api/jobs/search?q=orbit')).toBe(askedWhileDown + 2);
      expect((await get('/api/news')).cache).toBe('HIT');
      // Back: subscribed again, tagged answers are kept again.
      await redis.start();
      await until(async () => (await get('/api/jobs/search?q=orbit')).cache === 'HIT');
    } finally {
      publisher.disconnect();
      await gw.close();
      await service.close();
      await redis.remove();
    }
  });
});

describe('gateway stale-while-revalidate (soft purges and expiry)', () => {
  it('replays a stale answer once while one background request fetches its successor, for the visitor who found it; hard purges make the next visitor wait', async () => {
    let version = 1;
    let failing = false;
    const asked: { url: string; ifNoneMatch?: string; forwardedFor?: string; requestId?: string }[] = [];
    const service = express();
    service.get('/api/news/:name', (req, res) => {
      asked.push({
        url: req.originalUrl,
        ifNoneMatch: req.header('if-none-match'),
        forwardedFor: req.header('x-forwarded-for'),
        requestId: req.header('x-request-id'),
      });
      if (failing) return void res.status(500).json({ error: 'down' });
      // A slow service: visitors who find the answer stale must not wait for this.
      setTimeout(() => {
        const maxAge = req.params.name === 'expiring' ? 1 : 60;
        res.set({ 'surrogate-control': `max-age=${maxAge}, stale-while-revalidate=5`, 'surrogate-key': 'content content:news' });
        res.json({ version });
      }, 150);
    });
    const upstreamService = await serve(service, 0);
    const redis = await startThrowawayRedis();
    const cfg = testConfig('postgres://postgres@127.0.0.1:5432/postgres', {
      CONTENT_URL: upstreamService.url,
      SEARCH_URL: upstreamService.url,
      PIPELINE_URL: upstreamService.url,
      WEB_DIST: dist,
      REDIS_URL: redis.url,
    });
    const gw = await startGateway(cfg, createLogger('gateway', 'silent'));
    const publisher = createRedis(redis.url);
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${gw.url}${path}`, { headers });
      return { cache: res.headers.get('x-cache'), body: (await res.json()) as { version: number } };
    };
    const askedFor = (path: string) => asked.filter((a) => a.url === path).length;
    try {
      await until(async () => (await get('/api/news/story')).cache === 'HIT');

      // A soft purge: the next visitors get the kept answer at once, and the service is asked once for its successor.
      version = 2;
      const before = askedFor('/api/news/story');
      await purgeGatewayCache(publisher, cfg.REDIS_PREFIX, ['content:news'], { soft: true });
      await until(async () => (await get('/api/news/story')).cache === 'UPDATING');
      const during = await Promise.all([get('/api/news/story'), get('/api/news/story'), get('/api/news/story')]);
      for (const answer of during) expect(answer).toMatchObject({ cache: 'UPDATING', body: { version: 1 } });
      // Right after a purge, an answer fetched would not be kept (the service may not have heard yet): none is fetched.
      expect(askedFor('/api/news/story')).toBe(before);
      await new Promise((r) => setTimeout(r, PURGE_SETTLE_MS));
      expect(await get('/api/news/story', { 'if-none-match': 'W/"old"', 'x-request-id': 'found-it-stale' })).toMatchObject({
        cache: 'UPDATING',
        body: { version: 1 },
      });
      const renewed = await until(async () => {
        const r = await get('/api/news/story');
        return r.cache === 'HIT' ? r : undefined;
      });
      expect(renewed.body.version).toBe(2);
      // One fetch, for the visitor who found the answer stale once it could be kept; not one per visitor.
      const refetches = asked.filter((a) => a.url === '/api/news/story').slice(before);
      expect(refetches).toHaveLength(1);
      // The visitor's validators are not passed on (a 304 would keep nothing); the fetch carries the request id of the visitor who found it stale.
      expect(refetches[0]).toMatchObject({ ifNoneMatch: undefined, forwardedFor: '127.0.0.1', requestId: 'found-it-stale' });

      // A hard purge: the next visitor waits for the new answer.
      version = 3;
      await purgeGatewayCache(publisher, cfg.REDIS_PREFIX, ['content:news']);
      const hard = await until(async () => {
        const r = await get('/api/news/story');
        return r.cache === null ? r : undefined;
      });
      expect(hard.body.version).toBe(3);

      // Expiry alike: past its max-age, an answer stands in while its successor is fetched.
      await new Promise((r) => setTimeout(r, PURGE_SETTLE_MS + 50));
      await get('/api/news/expiring');
      version = 4;
      await new Promise((r) => setTimeout(r, 1100));
      expect(await get('/api/news/expiring')).toMatchObject({ cache: 'UPDATING', body: { version: 3 } });
      await until(async () => (await get('/api/news/expiring')).body.version === 4);

      // A failed background fetch keeps the stale answer and lets a later visitor try again.
      failing = true;
      await new Promise((r) => setTimeout(r, 1100));
      const tries = askedFor('/api/news/expiring');
      expect(await get('/api/news/expiring')).toMatchObject({ cache: 'UPDATING', body: { version: 4 } });
      await until(async () => askedFor('/api/news/expiring') > tries);
      await new Promise((r) => setTimeout(r, 50));
      expect(await get('/api/news/expiring')).toMatchObject({ cache: 'UPDATING', body: { version: 4 } });
      await until(async () => askedFor('/api/news/expiring') > tries + 1);
    } finally {
      publisher.disconnect();
      await gw.close();
      await upstreamService.close();
      await redis.remove();
    }
  });
});

describe('gateway background fetches', () => {
  it('are over when the service never answers and the fetch times out, so the answer can be fetched again', async () => {
    const hanging = http.createServer(() => undefined);
    await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(hanging.address() as { port: number }).port}`;
    const forward = apiForwarder({ content: url, search: url, pipeline: url }, 200, new ApiMicroCache());
    const req = { method: 'GET', url: '/api/news/story', headers: {} } as IncomingMessage;
    try {
      await expect(forward.refresh(req, { requestId: 'refresh-1', clientIp: '127.0.0.1', protocol: 'http' })).resolves.toBeUndefined();
    } finally {
      hanging.closeAllConnections();
      await new Promise((r) => hanging.close(r));
    }
  });
});

describe('gateway fast path for API reads (before Express)', () => {
  it('gives a GET what Express gave it: request id, security headers, log line, and the address and protocol only a trusted proxy may set', async () => {
    const echo = express();
    echo.get(/.*/, (req, res) =>
      res.json({
        forwardedFor: req.header('x-forwarded-for'),
        proto: req.header('x-forwarded-proto'),
        requestId: req.header('x-request-id'),
        url: req.originalUrl,
      }),
    );
    const service = await serve(echo, 0);
    const lines: { msg: string; url?: string; status?: number; reqId?: string }[] = [];
    const logger = createLogger('gateway', 'info', { write: (line: string) => void lines.push(JSON.parse(line)) });
    const cfg = testConfig('postgres://postgres@127.0.0.1:5432/postgres', {
      CONTENT_URL: service.url,
      SEARCH_URL: service.url,
      PIPELINE_URL: service.url,
      WEB_DIST: dist,
    });
    const edge = await startGateway(cfg, logger);
    const behindProxy = await startGateway({ ...cfg, GATEWAY_TRUSTED_PROXIES: 'loopback' }, createLogger('gateway', 'silent'));
    const claims = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', 'x-request-id': 'fast-1' };
    try {
      const res = await fetch(`${edge.url}/api/tools?page=2&q=a%20b`, { headers: claims });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toBe('fast-1');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      // At the edge the client's claims are not believed.
      expect(await res.json()).toEqual({ forwardedFor: '127.0.0.1', proto: 'http', requestId: 'fast-1', url: '/api/tools?page=2&q=a%20b' });
      await until(async () => lines.some((l) => l.msg === 'request completed' && l.reqId === 'fast-1'));
      expect(lines.find((l) => l.reqId === 'fast-1')).toMatchObject({ url: '/api/tools?page=2&q=a%20b', status: 200 });
      // Behind a trusted proxy they are.
      const trusted = await (await fetch(`${behindProxy.url}/api/tools`, { headers: claims })).json();
      expect(trusted).toMatchObject({ forwardedFor: '203.0.113.9', proto: 'https' });
      // A URL with NUL still meets Express's refusal, and an unknown API path its JSON 404.
      expect((await fetch(`${edge.url}/api/tools/%00`)).status).toBe(400);
      expect((await fetch(`${edge.url}/api/nothing-here`)).status).toBe(404);
    } finally {
      await Promise.all([edge.close(), behindProxy.close(), service.close()]);
    }
  });
});

describe('gateway keep-alive connections to the services', () => {
  it('asks again on a new connection when a kept-alive one is closed under a GET, and never repeats a POST', async () => {
    // A service that closes a connection as its second request arrives: what a keep-alive timeout racing a reuse looks like.
    const answered: string[] = [];
    const dropped: string[] = [];
    const closing = http.createServer((req, res) => {
      const socket = req.socket as typeof req.socket & { served?: number };
      socket.served = (socket.served ?? 0) + 1;
      if (socket.served > 1) {
        dropped.push(`${req.method} ${req.url}`);
        return void socket.destroy();
      }
      answered.push(`${req.method} ${req.url}`);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ok: true }));
    });
    await new Promise<void>((r) => closing.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(closing.address() as { port: number }).port}`;
    const cfg = testConfig('postgres://postgres@127.0.0.1:5432/postgres', {
      CONTENT_URL: url,
      SEARCH_URL: url,
      PIPELINE_URL: url,
      WEB_DIST: dist,
    });
    const gw = await startGateway(cfg, createLogger('gateway', 'silent'));
    try {
      // Each request reuses the connection the one before it left open.
      expect((await fetch(`${gw.url}/api/news?page=1`)).status).toBe(200);
      const post = await fetch(`${gw.url}/api/newsletter/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email":"a@b.example"}',
      });
      expect(post.status).toBe(503);
      expect((await fetch(`${gw.url}/api/news?page=2`)).status).toBe(200);
      const reused = await fetch(`${gw.url}/api/news?page=3`);
      expect(reused.status).toBe(200);
      expect(dropped).toEqual(['POST /api/newsletter/subscribe', 'GET /api/news?page=3']);
      expect(answered).toEqual(['GET /api/news?page=1', 'GET /api/news?page=2', 'GET /api/news?page=3']);
    } finally {
      await gw.close();
      closing.closeAllConnections();
      await new Promise((r) => closing.close(r));
    }
  });
});

describe('gateway forwarding a visitor who goes away', () => {
  it('stops asking the service for an answer nobody waits for', async () => {
    let asked = 0;
    let closedUnanswered = 0;
    const slow = http.createServer((_req, res) => {
      asked++;
      res.once('close', () => {
        if (!res.writableFinished) closedUnanswered++;
      });
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(slow.address() as { port: number }).port}`;
    const cfg = testConfig('postgres://postgres@127.0.0.1:5432/postgres', {
      CONTENT_URL: url,
      SEARCH_URL: url,
      PIPELINE_URL: url,
      WEB_DIST: dist,
    });
    const gw = await startGateway(cfg, createLogger('gateway', 'silent'));
    try {
      const visitor = http.get(`${gw.url}/api/news?page=1`);
      visitor.on('error', () => undefined);
      await until(async () => asked === 1);
      visitor.destroy();
      // Well before the gateway's own 15 s timeout would end it.
      await until(async () => closedUnanswered === 1, 2000);
    } finally {
      await gw.close();
      slow.closeAllConnections();
      await new Promise((r) => slow.close(r));
    }
  });
});

describe('gateway while a service is down', () => {
  it('replays the last public answer (x-cache: STALE) while the service fails or is gone, and answers 503 JSON for the rest', async () => {
    let mode: 'ok' | 'error' | 'drop' = 'ok';
    const flaky = express();
    flaky.get(/.*/, (req, res) => {
      if (mode === 'drop') return void req.socket.destroy();
      if (mode === 'error')
        return void res.status(503).json({ error: { status: 503, code: 'service_unavailable', message: 'database down' } });
      res.set('cache-control', 'public, max-age=1').json({ news: ['fresh'], path: req.originalUrl });
    });
    const service = await serve(flaky, 0);
    const cfg = testConfig('postgres://postgres@127.0.0.1:5432/postgres', {
      CONTENT_URL: service.url,
      SEARCH_URL: service.url,
      PIPELINE_URL: service.url,
      WEB_DIST: dist,
    });
    const gw = await startGateway(cfg, createLogger('gateway', 'silent'));
    try {
      expect(await (await fetch(`${gw.url}/api/news?page=1`)).json()).toEqual({ news: ['fresh'], path: '/api/news?page=1' });
      // Let the answer expire: from now on it may only stand in for a failing service.
      await new Promise((r) => setTimeout(r, 1100));
      mode = 'error';
      const failing = await fetch(`${gw.url}/api/news?page=1`);
      expect(failing.status).toBe(200);
      expect(failing.headers.get('x-cache')).toBe('STALE');
      expect(await failing.json()).toEqual({ news: ['fresh'], path: '/api/news?page=1' });
      const uncached = await fetch(`${gw.url}/api/news?page=2`);
      expect(uncached.status).toBe(503);
      expect(await uncached.json()).toMatchObject({ error: { status: 503 } });

      mode = 'drop';
      const dropped = await fetch(`${gw.url}/api/tools?page=9`);
      expect(dropped.status).toBe(503);
      expect(dropped.headers.get('retry-after')).toBe('5');
      expect(await dropped.json()).toMatchObject({
        error: { status: 503, code: 'service_unavailable', message: 'The content service is unavailable' },
      });

      await service.close();
      const gone = await fetch(`${gw.url}/api/news?page=1`);
      expect(gone.headers.get('x-cache')).toBe('STALE');
      expect(await gone.json()).toEqual({ news: ['fresh'], path: '/api/news?page=1' });
      const page = await fetch(`${gw.url}/news`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      await gw.close();
      await service.close();
    }
  });
});
