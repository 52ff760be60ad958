/**
 * Public API throughput through the gateway against a bare node:http server
 * answering the same JSON, with 100,000 news items in the database.
 * Goal: gateway ≥ 0.30 × bare throughput, p99 ≤ 25 ms at 50 connections.
 */
import path from 'node:path';
import autocannon from 'autocannon';
import { benchDatabase, startProcess, stopProcess, uniquePrefix } from './support';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const PORTS = { content: 4601, gateway: 4600, bare: 4602 };
const ENDPOINTS = ['/api/news?limit=9', '/api/home'];

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, pipelining: 1 });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const database = await benchDatabase();
console.log(`Generating ${ARTICLES.toLocaleString()} news items...`);
await database.db.raw(
  `INSERT INTO articles (title, author, publish_date, category, published, processing_status, source_url)
   SELECT 'Generated story ' || g, 'Bench', timestamptz '2024-01-01' + g * interval '5 minutes', 'Research', true, 'completed', 'https://bench.example/' || g
   FROM generate_series(1, ?) AS g`,
  [ARTICLES],
);
await database.db.raw(
  `INSERT INTO news_feed (article_id, title, slug, content, excerpt, author, publish_date, category, tags, source_name, source_url, ai_provider, seo_status, rewrite_status)
   SELECT id, title, 'generated-story-' || id, '<p>' || repeat('Body text of a generated story. ', 20) || '</p>', 'Excerpt of ' || title, author,
          publish_date, category, ARRAY['llm', (ARRAY['agents','robotics','vision','policy'])[1 + id % 4]], 'Bench Wire', source_url, 'local', 'completed', 'completed'
   FROM articles`,
);
await database.db.raw('ANALYZE');

const env = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: database.url,
  REDIS_PREFIX: uniquePrefix(),
  CONTENT_PORT: String(PORTS.content),
  GATEWAY_PORT: String(PORTS.gateway),
  CONTENT_URL: `http://127.0.0.1:${PORTS.content}`,
  WEB_DIST: path.resolve('web/dist'),
};
const content = await startProcess('services/content/src/main.ts', env, `${env.CONTENT_URL}/healthz`);
const gateway = await startProcess('services/gateway/src/main.ts', env, `http://127.0.0.1:${PORTS.gateway}/healthz`);

const bodies: Record<string, string> = {};
for (const endpoint of ENDPOINTS) bodies[endpoint] = await (await fetch(`http://127.0.0.1:${PORTS.gateway}${endpoint}`)).text();
const bare = await startProcess('bench/bareServer.ts', { PORT: String(PORTS.bare), BARE_BODIES: JSON.stringify(bodies) }, `http://127.0.0.1:${PORTS.bare}/`);

try {
  const rows = [];
  for (const endpoint of ENDPOINTS) {
    const through = await load(`http://127.0.0.1:${PORTS.gateway}${endpoint}`);
    const baseline = await load(`http://127.0.0.1:${PORTS.bare}${endpoint}`);
    rows.push({
      endpoint,
      'gateway req/s': Math.round(through.rps),
      'gateway p99 ms': through.p99,
      'bare req/s': Math.round(baseline.rps),
      'bare p99 ms': baseline.p99,
      ratio: Number((through.rps / baseline.rps).toFixed(3)),
      errors: through.errors,
      goal: through.rps / baseline.rps >= 0.3 && through.p99 <= 25 ? 'met' : 'not met',
    });
  }
  console.log(`\nPublic API through the gateway, ${ARTICLES.toLocaleString()} news items, ${CONNECTIONS} connections, ${DURATION}s each`);
  console.table(rows);
} finally {
  await Promise.all([stopProcess(bare), stopProcess(gateway), stopProcess(content)]);
  await database.drop();
}
