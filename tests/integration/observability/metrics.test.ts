import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSystem, type RunningSystem } from '../../support/system';

let sys: RunningSystem;
beforeAll(async () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  // The content cache on, to see its hits.
  sys = await startSystem({ WEB_DIST: dist, CONTENT_CACHE_SECONDS: '30' });
});
afterAll(async () => sys.stop());

const scrape = async (url: string) => {
  const res = await fetch(`${url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};
/** The value of one sample line, e.g. `cache_lookups_total{service="gateway",cache="gateway-api",result="HIT"}`. */
const sample = (text: string, name: string, labels: Record<string, string>): number | undefined => {
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

describe('Prometheus metrics', () => {
  it('the gateway serves /metrics on its own port; the public origin answers it with the 404 page', async () => {
    const gatewayMetrics = sys.services.gateway.metricsUrl!;
    expect(gatewayMetrics).toBeDefined();
    expect(new URL(gatewayMetrics).port).not.toBe(new URL(sys.url).port);
    const publicAnswer = await fetch(`${sys.url}/metrics`);
    expect(publicAnswer.status).toBe(404);
    expect(await publicAnswer.text()).not.toContain('http_request_duration_seconds');
  });

  it('times gateway requests by route pattern and status class, fast path and cache replays included', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${sys.url}/api/news?limit=3&x=${'a'.repeat(i)}`)).status).toBe(200);
    expect((await fetch(`${sys.url}/api/news/no-such-article`)).status).toBe(404);
    const text = await scrape(sys.services.gateway.metricsUrl!);
    const count = (labels: Record<string, string>) =>
      sample(text, 'http_request_duration_seconds_count', { service: 'gateway', ...labels });
    expect(count({ route: '/api/news/*', method: 'GET', status: '2xx' })).toBeGreaterThanOrEqual(3);
    expect(count({ route: '/api/news/*', method: 'GET', status: '4xx' })).toBeGreaterThanOrEqual(1);
    // Never the raw URL.
    expect(text).not.toContain('no-such-article');
    expect(text).not.toContain('limit=3');
    expect(sample(text, 'cache_lookups_total', { cache: 'gateway-api', result: 'MISS' })).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(/^process_cpu_seconds_total\{service="gateway"\} /m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes\{service="gateway"\} /m);
  });

  it('content, search and pipeline serve /metrics on their own port: routes, caches, pool, outbox, queues', async () => {
    await fetch(`${sys.url}/api/news?limit=2`);
    await fetch(`${sys.url}/api/news?limit=2&y=1`);
    expect((await fetch(`${sys.url}/api/news/search?q=agents`)).status).toBe(200);
    const content = await scrape(sys.services.content.url);
    expect(
      sample(content, 'http_request_duration_seconds_count', { service: 'content', route: '/api/news', status: '2xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(content, 'cache_lookups_total', { cache: 'content-response', result: 'HIT' })).toBeGreaterThanOrEqual(1);
    expect(sample(content, 'db_pool_connections', { state: 'used' })).toBe(0);
    expect(sample(content, 'db_pool_connections', { state: 'free' })).toBeGreaterThanOrEqual(1);
    expect(sample(content, 'outbox_unsent_events', {})).toBeGreaterThanOrEqual(0);
    expect(sample(content, 'outbox_oldest_unsent_age_seconds', {})).toBeGreaterThanOrEqual(0);

    const search = await scrape(sys.services.search.url);
    expect(sample(search, 'cache_lookups_total', { service: 'search', cache: 'search-results', result: 'MISS' })).toBeGreaterThanOrEqual(1);

    const pipeline = await scrape(sys.services.pipeline.url);
    for (const state of ['waiting', 'active', 'delayed', 'failed'])
      expect(sample(pipeline, 'bullmq_job_count', { queue: 'pipeline-rewrite', state })).toBeGreaterThanOrEqual(0);
    expect(pipeline).toContain('# TYPE bullmq_job_wait_seconds histogram');
    expect(pipeline).toContain('# TYPE bullmq_job_processing_seconds histogram');
  });
});
