/**
 * Lighthouse (mobile, default settings: simulated slow 4G and a 4x slower CPU)
 * on the production build of a running gateway and content service with seeded
 * data: home, /news, an article, /directory and a tool page. Prints the four
 * category scores, the metrics behind performance, and what lost points.
 * Goal: performance ≥ 95, accessibility ≥ 95, best practices ≥ 95, SEO 100 on
 * every page. Scores move with machine load, so this is a benchmark, not a test.
 *
 * LIGHTHOUSE_RUNS=3 audits each page three times and keeps the median
 * performance run; CHROME_PATH picks the browser (default /usr/bin/chromium).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { build } from 'vite';
import { seedDemoContent } from '../services/content/src/db/seeds/demoContent';
import { benchDatabase, startProcess, stopProcess, uniquePrefix } from './support';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const NEWS_ITEMS = 60;
const GOALS = { performance: 95, accessibility: 95, 'best-practices': 95, seo: 100 } as const;
type Category = keyof typeof GOALS;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const WORDS =
  'model agents training inference benchmark open-source release policy regulators startup funding chips research safety evaluation reasoning multimodal robotics vision language data'.split(
    ' ',
  );
/** Deterministic filler text of the lengths real stories have (our own words, no real feed text). */
const sentence = (seed: number, words: number) =>
  Array.from({ length: words }, (_, i) => WORDS[(seed * 7 + i * 13) % WORDS.length])
    .join(' ')
    .replace(/^./, (c) => c.toUpperCase()) + '.';

async function insertNews(db: Awaited<ReturnType<typeof benchDatabase>>['db']): Promise<string> {
  const categories = ['Research', 'Product Launch', 'Policy', 'Business', 'Tutorial', 'Opinion'];
  const tagSets = [
    ['llm', 'agents'],
    ['robotics', 'vision', 'research'],
    ['policy', 'safety'],
    ['chips', 'hardware', 'funding', 'startups'],
    ['open-source', 'llm'],
  ];
  let slug = '';
  for (let i = 0; i < NEWS_ITEMS; i++) {
    const title = `${sentence(i, 6 + (i % 7))}`.replace(/\.$/, '');
    const publishDate = new Date(Date.UTC(2026, 10, 1) + i * 3_600_000);
    const [article] = await db('articles')
      .insert({
        title,
        author: 'NeuralBeat Desk',
        publish_date: publishDate,
        category: categories[i % 6],
        published: true,
        processing_status: 'completed',
        source_url: `https://wire.example/story-${i}`,
      })
      .returning('id');
    slug = `bench-story-${i}`;
    const paragraphs = Array.from(
      { length: 6 },
      (_, p) => `<p>${sentence(i + p, 18)} ${sentence(i + p + 1, 22)} ${sentence(i + p + 2, 15)}</p>`,
    ).join('');
    await db('news_feed').insert({
      article_id: article.id,
      title,
      slug,
      content: paragraphs,
      excerpt: `${sentence(i, 20)} ${sentence(i + 3, 16)}`,
      author: 'NeuralBeat Desk',
      publish_date: publishDate,
      category: categories[i % 6],
      tags: tagSets[i % tagSets.length],
      source_name: 'Wire Example',
      source_url: `https://wire.example/story-${i}`,
      ai_provider: 'local',
      rewrite_status: 'completed',
      seo_status: 'completed',
    });
  }
  return slug;
}

interface PageResult {
  page: string;
  scores: Record<Category, number>;
  metrics: Record<string, string>;
  lost: string[];
}

async function audit(
  url: string,
  port: number,
): Promise<PageResult['scores'] & { lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'] }> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(GOALS) });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (c: Category) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    lhr,
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP on a busy machine): such a run is repeated. */
async function auditWithRetry(url: string, port: number, attempts = 3) {
  for (let i = 1; ; i++) {
    try {
      return await audit(url, port);
    } catch (err) {
      if (i >= attempts) throw err;
      console.log(`  ${(err as Error).message}; running it again`);
    }
  }
}

const database = await benchDatabase();
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-lighthouse-'));
let gateway: Awaited<ReturnType<typeof startProcess>> | undefined;
let content: Awaited<ReturnType<typeof startProcess>> | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  console.log('Building the web app for production and seeding the database...');
  process.env.NODE_ENV = 'production';
  await build({
    root: path.resolve('web'),
    configFile: path.resolve('web/vite.config.ts'),
    logLevel: 'warn',
    mode: 'production',
    build: { outDir: webDist, emptyOutDir: true },
  });
  // No search service runs here: the rows the seed announces go nowhere.
  await seedDemoContent(database.db, { publish: async () => 'unpublished' });
  const articleSlug = await insertNews(database.db);
  const tool = await database.db('tools').where({ approved: true }).orderBy('created_at', 'desc').first('slug');

  const [gatewayPort, contentPort] = await Promise.all([freePort(), freePort()]);
  // Crawlers and Lighthouse see the site under the address it is served from.
  const site = `http://localhost:${gatewayPort}`;
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    REDIS_PREFIX: uniquePrefix(),
    CONTENT_PORT: String(contentPort),
    GATEWAY_PORT: String(gatewayPort),
    // Several stacks may run at once: each gateway's metrics on a free port.
    GATEWAY_METRICS_PORT: '0',
    CONTENT_URL: `http://127.0.0.1:${contentPort}`,
    SITE_URL: site,
    WEB_DIST: webDist,
  };
  content = await startProcess('services/content/src/main.ts', env, `${env.CONTENT_URL}/healthz`);
  gateway = await startProcess('services/gateway/src/main.ts', env, `http://127.0.0.1:${gatewayPort}/healthz`);

  const pages = [
    { page: 'home', path: '/' },
    { page: '/news', path: '/news' },
    { page: 'article', path: `/news/${articleSlug}` },
    { page: '/directory', path: '/directory' },
    { page: 'tool', path: `/directory/${tool.slug}` },
  ];
  chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  // One unmeasured visit so the first audit does not also pay for the gateway's cold start.
  await fetch(`${site}/`);

  const rows: PageResult[] = [];
  for (const p of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(`${site}${p.path}`, chrome.port));
    runs.sort((a, b) => a.performance - b.performance);
    const median = runs[Math.floor(runs.length / 2)]!;
    const audits = median.lhr.audits;
    const ms = (id: string) => `${Math.round(audits[id]?.numericValue ?? 0)} ms`;
    const lost = Object.entries(median.lhr.categories).flatMap(([, cat]) =>
      cat.auditRefs
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 0.9)
        .map((ref) => `${cat.title}: ${audits[ref.id]!.title}${audits[ref.id]!.displayValue ? ` (${audits[ref.id]!.displayValue})` : ''}`),
    );
    rows.push({
      page: p.page,
      scores: {
        performance: median.performance,
        accessibility: median.accessibility,
        'best-practices': median['best-practices'],
        seo: median.seo,
      },
      metrics: {
        FCP: ms('first-contentful-paint'),
        LCP: ms('largest-contentful-paint'),
        TBT: ms('total-blocking-time'),
        CLS: (audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
        SI: ms('speed-index'),
      },
      lost,
    });
  }

  console.log(`\nLighthouse ${median(RUNS)}, mobile defaults, ${os.cpus().length} cores (load average ${os.loadavg()[0]!.toFixed(1)})`);
  console.table(
    rows.map((r) => ({
      page: r.page,
      performance: r.scores.performance,
      accessibility: r.scores.accessibility,
      'best practices': r.scores['best-practices'],
      SEO: r.scores.seo,
      ...r.metrics,
      goal: (Object.keys(GOALS) as Category[]).every((c) => r.scores[c] >= GOALS[c]) ? 'met' : 'not met',
    })),
  );
  for (const r of rows) if (r.lost.length) console.log(`${r.page} lost points on:\n  ${r.lost.join('\n  ')}`);
} finally {
  await chrome?.kill();
  if (gateway) await stopProcess(gateway);
  if (content) await stopProcess(content);
  await database.drop();
  fs.rmSync(webDist, { recursive: true, force: true });
}

function median(runs: number) {
  return runs > 1 ? `(median of ${runs} runs per page)` : '(one run per page; LIGHTHOUSE_RUNS=3 for a median)';
}
