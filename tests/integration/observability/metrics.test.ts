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

/** Every series name a scrape declares: its `# TYPE` lines, a histogram's as its _bucket, _sum and _count. */
const exportedNames = (text: string) =>
  [...text.matchAll(/^# TYPE (\w+) (\w+)$/gm)].flatMap(([, name, type]) =>
    type === 'histogram'
      ? [`${name}_bucket`, `${name}_sum`, `${name}_count`]
      : type === 'summary'
        ? [name!, `${name}_sum`, `${name}_count`]
        : [name!],
  );

const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'offset',
  'and',
  'or',
  'unless',
  'inf',
  'nan',
]);
/**
 * The metric names a PromQL expression reads: its identifiers that are not
 * functions or aggregations (followed by `(`), keywords, label names in
 * `by (...)` lists or matchers, strings, durations or Grafana variables.
 */
function promqlMetricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\$\w+/g, '');
  return [...bare.matchAll(/\b([a-zA-Z_:][\w:]*)\b(?!\s*\()/g)].map((m) => m[1]!).filter((name) => !PROMQL_WORDS.has(name.toLowerCase()));
}

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

  it('every metric the Grafana dashboard queries is exported by some service', async () => {
    const dashboard = JSON.parse(fs.readFileSync('infra/grafana/neuralbeat.json', 'utf8')) as { panels: { targets: { expr: string }[] }[] };
    const queried = new Set(dashboard.panels.flatMap((p) => p.targets.flatMap((t) => promqlMetricNames(t.expr))));
    expect(queried.size).toBeGreaterThan(10);
    const scrapes = await Promise.all(
      [sys.services.gateway.metricsUrl!, sys.services.content.url, sys.services.search.url, sys.services.pipeline.url].map(scrape),
    );
    const exported = new Set(scrapes.flatMap(exportedNames));
    expect([...queried].filter((name) => !exported.has(name))).toEqual([]);
  });

  it('reads metric names out of PromQL, leaving functions, labels and keywords', () => {
    expect(
      promqlMetricNames(
        'histogram_quantile(0.95, sum by (service, le) (rate(http_request_duration_seconds_bucket{status="5xx"}[$__rate_interval]))) / on (service) max(up)',
      ),
    ).toEqual(['http_request_duration_seconds_bucket', 'up']);
  });
});
