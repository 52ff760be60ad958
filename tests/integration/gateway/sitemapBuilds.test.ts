import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, type RunningServer } from '@neuralbeat/common';
import { startGateway } from '../../../services/gateway/src/server';
import { testConfig } from '../../support/testEnv';

/**
 * The sitemap under load: requests that arrive while it is being built share
 * that build (it reads every public URL from the content service), and a content
 * service too busy to answer in time is a 503 the crawler may retry, not a 500.
 * The content service is stood in for by a server answering its internal
 * sitemap call with the real shape, so the test can slow it down and count.
 */
const entries = Array.from({ length: 300 }, (_, i) => ({ path: `/news/story-${i}`, lastmod: '2026-11-20T10:00:00.000Z' }));
let sitemapCalls = 0;
let delayMs = 0;
let content: http.Server;
let gateway: RunningServer;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  content = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://content');
    if (url.pathname !== '/internal/sitemap') return void res.writeHead(404).end();
    sitemapCalls++;
    const offset = Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    const body = JSON.stringify({ total: entries.length, entries: entries.slice(offset, offset + limit) });
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(body), delayMs);
  });
  await new Promise<void>((resolve) => content.listen(0, '127.0.0.1', resolve));
  const contentUrl = `http://127.0.0.1:${(content.address() as AddressInfo).port}`;
  const cfg = testConfig('postgres://postgres@127.0.0.1:5432/postgres', {
    CONTENT_URL: contentUrl,
    SEARCH_URL: contentUrl,
    PIPELINE_URL: contentUrl,
    WEB_DIST: dist,
    SITE_URL: 'https://neuralbeat.example',
  });
  gateway = await startGateway(cfg, createLogger('gateway', 'silent'));
});
afterAll(async () => {
  await gateway?.close();
  content?.closeAllConnections();
  await new Promise((resolve) => content?.close(resolve));
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('/sitemap.xml under load', () => {
  it('builds once for the requests that arrive while it is being built, and again for the next', async () => {
    delayMs = 200;
    sitemapCalls = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${gateway.url}/sitemap.xml`)));
    const bodies = await Promise.all(answers.map((a) => a.text()));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toContain('<loc>https://neuralbeat.example/news/story-299</loc>');
    // One build: the total, then the entries.
    expect(sitemapCalls).toBe(2);

    await fetch(`${gateway.url}/sitemap.xml`).then((r) => r.text());
    expect(sitemapCalls).toBe(4);
  });

  it('answers 503 in the error envelope when the content service does not answer within 5 s', { timeout: 20_000 }, async () => {
    delayMs = 6000;
    const res = await fetch(`${gateway.url}/sitemap.xml`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: { status: 503, code: 'service_unavailable' } });
    delayMs = 0;
  });
});
