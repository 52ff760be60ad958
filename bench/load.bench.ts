/**
 * Load: 200 connections for 60 s (BENCH_SECONDS) on a mix of public pages and
 * API calls through the gateway, while the pipeline collects and processes a
 * feed that grows every few seconds. Prints requests/s, p50/p99, the status
 * classes, and the count of 5xx and errors (connection errors and timeouts):
 * the goal is 0 of both. The four services run as their own processes, as in
 * production: compiled, with the heap limits `npm start` gives them
 * (scripts/memoryBudget.ts), so the memory printed at the end is theirs.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import { seed } from '../services/content/src/db/seed';
import { SourcesRepository } from '../services/pipeline/src/repositories/sourcesRepository';
import { rssFeed, startFeedServer, uniqueArticleHtml } from '../tests/support/feedServer';
import { benchDatabase, startCompiledService, stopProcess, uniquePrefix } from './support';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const DURATION = Number(process.env.BENCH_SECONDS ?? 60);
const NEWS_ITEMS = Number(process.env.BENCH_NEWS_ITEMS ?? 5000);
/** New feed items each collection (every 5 s), so the pipeline works through the whole run. */
const ITEMS_PER_COLLECTION = 40;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const rssKb = (child: ChildProcess) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
};

const webDist = path.resolve('web/dist');
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.log('Building the web app (web/dist is missing)...');
  if (spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' }).status !== 0) process.exit(1);
}

const database = await benchDatabase();
await seed(database.db, { publish: async () => 'unpublished' });
console.log(`Generating ${NEWS_ITEMS.toLocaleString()} news items...`);
await database.db.raw(
  `INSERT INTO articles (title, author, publish_date, category, published, processing_status, source_url)
   SELECT 'Generated story ' || g, 'Bench', timestamptz '2024-01-01' + g * interval '5 minutes', 'Research', true, 'completed', 'https://bench.example/' || g
   FROM generate_series(1, ?) AS g`,
  [NEWS_ITEMS],
);
await database.db.raw(
  `INSERT INTO news_feed (article_id, title, slug, content, excerpt, author, publish_date, category, tags, source_name, source_url, ai_provider, seo_status, rewrite_status)
   SELECT id, title, 'generated-story-' || id, '<p>' || repeat('Body text of a generated story about a language model. ', 20) || '</p>', 'Excerpt of ' || title, author,
          publish_date, category, ARRAY['llm', (ARRAY['agents','robotics','vision','policy'])[1 + id % 4]], 'Bench Wire', source_url, 'local', 'completed', 'completed'
   FROM articles`,
);
await database.db.raw('ANALYZE');

// A publisher whose feed gains fresh stories on every fetch.
const feeds = await startFeedServer();
let fetched = 0;
const refreshFeed = () => {
  const start = fetched * ITEMS_PER_COLLECTION;
  const items = Array.from({ length: ITEMS_PER_COLLECTION }, (_, i) => ({
    title: `Language model update ${start + i} improves AI inference on GPUs`,
    link: `https://wire.bench.example/stories/${start + i}`,
    html: uniqueArticleHtml(start + i),
    category: 'Research',
  }));
  feeds.routes.set('/wire.xml', { body: rssFeed(items) });
  fetched++;
};
refreshFeed();
const feedTimer = setInterval(refreshFeed, 5000);
await new SourcesRepository(database.db).upsert('Bench Wire', `${feeds.url}/wire.xml`);

const [gatewayPort, contentPort, searchPort, pipelinePort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
const env = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: database.url,
  REDIS_PREFIX: uniquePrefix(),
  GATEWAY_PORT: String(gatewayPort),
  // Several stacks may run at once: each gateway's metrics on a free port.
  GATEWAY_METRICS_PORT: '0',
  CONTENT_PORT: String(contentPort),
  SEARCH_PORT: String(searchPort),
  PIPELINE_PORT: String(pipelinePort),
  CONTENT_URL: `http://127.0.0.1:${contentPort}`,
  SEARCH_URL: `http://127.0.0.1:${searchPort}`,
  PIPELINE_URL: `http://127.0.0.1:${pipelinePort}`,
  WEB_DIST: webDist,
  DEMO_FEEDS: 'false',
  COLLECT_INTERVAL_SECONDS: '5',
  // Every simulated visitor shares one address here; the limits would otherwise be what is measured.
  API_READ_RATE_LIMIT: '100000000',
  SEARCH_RATE_LIMIT: '100000000',
};
const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
const children: Record<string, ChildProcess> = {};
children.content = await startCompiledService('content', env, `${env.CONTENT_URL}/healthz`);
children.search = await startCompiledService('search', env, `${env.SEARCH_URL}/healthz`);
children.pipeline = await startCompiledService('pipeline', env, `${env.PIPELINE_URL}/healthz`);
children.gateway = await startCompiledService('gateway', env, `${gatewayUrl}/healthz`);

try {
  const one = async <T>(apiPath: string) => (await (await fetch(`${gatewayUrl}${apiPath}`)).json()) as T;
  const { articles } = await one<{ articles: { slug: string }[] }>('/api/news?limit=20');
  const tools = await one<{ slug: string }[]>('/api/tools');
  const resources = await one<{ slug: string }[]>('/api/resources');
  const pick = <T>(list: T[], i: number) => list[i % list.length]!;
  const paths = [
    // Pages a visitor or crawler loads (the shell with per-page head tags).
    '/',
    '/news',
    `/news/${pick(articles, 0).slug}`,
    `/news/${pick(articles, 7).slug}`,
    '/news/tag/llm',
    '/directory',
    `/directory/${pick(tools, 3).slug}`,
    '/learn',
    `/learn/${pick(resources, 1).slug}`,
    '/events',
    '/jobs',
    // What those pages then ask the API for.
    '/api/home',
    '/api/news?limit=9&offset=0',
    '/api/news?limit=9&offset=9',
    '/api/news?limit=9&offset=90',
    `/api/news/${pick(articles, 0).slug}`,
    `/api/news/${pick(articles, 11).slug}`,
    '/api/news/tags',
    '/api/news/tag/agents?limit=9&offset=0',
    '/api/tools',
    '/api/tools/featured',
    `/api/tools/${pick(tools, 3).slug}`,
    `/api/tools/${pick(tools, 3).slug}/similar`,
    '/api/resources?limit=2',
    '/api/events/upcoming',
    '/api/jobs/featured',
    '/api/jobs',
    '/api/ai-stats',
    '/api/news/search?q=language%20model',
    '/api/tools/search?q=code',
    '/api/resources/search?q=prompt',
    // Feeds and crawler documents.
    '/rss.xml',
    '/sitemap.xml',
    '/robots.txt',
  ];
  const publishedBefore = Number((await database.db('news_feed').count<{ n: string }[]>({ n: '*' }))[0]!.n);
  console.log(`\n${CONNECTIONS} connections for ${DURATION}s over ${paths.length} pages and API calls, pipeline collecting every 5 s...`);
  const result = await autocannon({
    url: gatewayUrl,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  const publishedAfter = Number((await database.db('news_feed').count<{ n: string }[]>({ n: '*' }))[0]!.n);
  const errors = result.errors + result.timeouts;
  console.log(`\nLoad through the gateway, ${CONNECTIONS} connections, ${DURATION}s, ${NEWS_ITEMS.toLocaleString()} news items`);
  console.table([
    {
      'req/s': Math.round(result.requests.average),
      requests: result.requests.total,
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      '2xx': result['2xx'],
      '3xx': result['3xx'],
      '4xx': result['4xx'],
      '5xx': result['5xx'],
      errors,
      goal: result['5xx'] === 0 && errors === 0 ? 'met' : 'not met',
    },
  ]);
  console.log(
    `Pipeline during the run: ${publishedAfter - publishedBefore} articles published (${fetched} feed fetches of ${ITEMS_PER_COLLECTION} new stories).`,
  );
  const rss = Object.fromEntries(Object.entries(children).map(([name, child]) => [name, { 'RSS MB': Math.round(rssKb(child) / 1024) }]));
  console.table({ ...rss, 'all four': { 'RSS MB': Object.values(rss).reduce((sum, r) => sum + r['RSS MB'], 0) } });
  if (result['5xx'] > 0 || errors > 0) process.exitCode = 1;
} finally {
  clearInterval(feedTimer);
  await Promise.all(Object.values(children).map(stopProcess));
  await feeds.close();
  await database.drop();
}
