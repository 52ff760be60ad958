/**
 * Operator console calls on a large pipeline: response time of the dashboard's
 * stats, diagnostics, tag statistics and the fix tools' dry and live runs, at
 * BENCH_ADMIN_ARTICLES articles (default 100,000) with a realistic mix of statuses.
 */
import { createLogger, createRedis, parseConfig, SESSION_COOKIE, sessionStoreFor } from '@neuralbeat/common';
import { startPipeline } from '../services/pipeline/src/server';
import { startContent } from '../services/content/src/server';
import { benchDatabase, uniquePrefix } from './support';

const ARTICLES = Number(process.env.BENCH_ADMIN_ARTICLES ?? 100_000);
const RUNS = 5;
const database = await benchDatabase();
const config = parseConfig({
  DATABASE_URL: database.url,
  REDIS_PREFIX: uniquePrefix(),
  PIPELINE_PORT: '0',
  CONTENT_PORT: '0',
  DEMO_FEEDS: 'false',
  LOG_LEVEL: 'warn',
  ADMIN_FIX_TIMEOUT_MS: '14000',
});
const redis = createRedis(config.REDIS_URL);

async function seed(): Promise<void> {
  const db = database.db;
  // Statuses by id: 80% completed (in the news feed), 8% duplicate, 6% pending below the SEO gate, 3% pending, 2% processing, 1% failed.
  await db.raw(
    `INSERT INTO articles (title, author, publish_date, category, content, processing_status, published, seo_score, is_duplicate, pipeline_stage, processing_attempts, created_at, updated_at)
     SELECT 'Bench article ' || n, 'Bench', now() - (n % 60) * interval '1 day', (ARRAY['Research','Business','Policy','Tutorial'])[1 + n % 4], '<p>Body</p>',
            s.status, s.status = 'completed', CASE WHEN s.status = 'pending' AND n % 3 <> 0 THEN 20 + n % 47 ELSE 68 + n % 30 END,
            s.status = 'duplicate', CASE s.status WHEN 'completed' THEN 'published' WHEN 'pending' THEN 'deduped' ELSE 'scored' END,
            CASE WHEN s.status IN ('completed','failed') THEN 1 ELSE 0 END,
            now() - (n % 60) * interval '1 day', now() - (n % 120) * interval '1 minute'
     FROM generate_series(1, ?) AS n,
          LATERAL (SELECT CASE WHEN n % 100 < 80 THEN 'completed' WHEN n % 100 < 88 THEN 'duplicate' WHEN n % 100 < 97 THEN 'pending' WHEN n % 100 < 99 THEN 'processing' ELSE 'failed' END AS status) s`,
    [ARTICLES],
  );
  await db.raw(
    `INSERT INTO news_feed (article_id, title, slug, content, excerpt, author, publish_date, category, tags)
     SELECT a.id, a.title, 'bench-' || a.id, a.content, 'Excerpt', a.author, a.publish_date, a.category,
            ARRAY['tag-' || (a.id % 500), 'topic-' || (a.id % 37), CASE WHEN a.id % 50 = 0 THEN 'LLM' ELSE 'llm' END]
     FROM articles a WHERE a.processing_status = 'completed'`,
  );
  await db.raw('ANALYZE');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

try {
  await seed();
  const pipeline = await startPipeline(config, createLogger('pipeline', 'warn'));
  const content = await startContent(config, createLogger('content', 'warn'));
  const token = await sessionStoreFor(redis, config).create({ id: 1, username: 'bench', isAdmin: true });
  const call = async (origin: string, path: string, body?: unknown) => {
    const started = performance.now();
    const res = await fetch(`${origin}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { cookie: `${SESSION_COOKIE}=${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 200)}`);
    return { ms: performance.now() - started, bytes: text.length, json: JSON.parse(text) };
  };
  const fromDate = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const reads: [string, string, string, unknown?][] = [
    ['article stats', pipeline.url, '/api/admin/article-stats'],
    ['duplicate stats', pipeline.url, '/api/admin/duplicate-stats'],
    ['provider history', pipeline.url, '/api/admin/provider-history'],
    ['queues', pipeline.url, '/api/admin/queues'],
    ['diagnose pipeline', pipeline.url, '/api/admin/diagnose-pipeline'],
    ['tag stats', content.url, '/api/tags/stats'],
    ['tag list, page 3 by usage', content.url, '/api/tags/list?page=3&pageSize=50'],
    ['tag list, search', content.url, '/api/tags/list?search=tag-4&sortBy=tag&order=asc'],
    ['reset duplicates, dry run, last 7 days', pipeline.url, '/api/admin/reset-duplicates', { dryRun: true, fromDate }],
    ['fix statuses, dry run', pipeline.url, '/api/admin/fix-published-statuses', { dryRun: true }],
    ['fix low SEO, dry run', pipeline.url, '/api/admin/fix-low-seo-articles', { dryRun: true }],
  ];
  const rows = [];
  for (const [name, origin, path, body] of reads) {
    const times: number[] = [];
    let last = { bytes: 0, json: {} as Record<string, unknown> };
    for (let i = 0; i < RUNS; i++) {
      const r = await call(origin, path, body);
      times.push(r.ms);
      last = r;
    }
    rows.push({
      call: name,
      'median ms': Math.round(median(times)),
      'max ms': Math.round(Math.max(...times)),
      'response KB': Math.round(last.bytes / 1024),
    });
  }
  const live = await call(pipeline.url, '/api/admin/fix-low-seo-articles', { dryRun: false });
  rows.push({
    call: `fix low SEO, live (${live.json.updatedCount} articles)`,
    'median ms': Math.round(live.ms),
    'max ms': Math.round(live.ms),
    'response KB': Math.round(live.bytes / 1024),
  });
  console.log(`\nOperator console at ${ARTICLES.toLocaleString('en-US')} articles (${RUNS} runs each, through the services' own ports)`);
  console.table(rows);
  await content.close();
  await pipeline.close();
} finally {
  redis.disconnect();
  await database.drop();
}
