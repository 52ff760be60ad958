/**
 * The public API as visitors and crawlers use it, at 100,000 news items and
 * 10,000 tools: each endpoint over a realistic URL mix (random offsets in the
 * first 50 pages, 20 tags, 1,000 random article slugs, tools and resources by
 * slug), through the gateway with the content caches off and on, against a
 * bare node:http server answering the same bodies; then EXPLAIN ANALYZE of
 * every query each endpoint runs.
 * Goals at 50 connections: cache off ≥ 2,000 req/s with p99 ≤ 50 ms; cache on ≥ 0.6 × bare.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { parseConfig } from '@neuralbeat/common';
import { generateLargeContent } from '../tests/support/largeContent';
import { planProblems, startRecordingContent } from '../tests/support/queryPlans';
import { benchDatabase, freePort, startProcess, stopProcess, uniquePrefix } from './support';

const NEWS_ITEMS = Number(process.env.BENCH_ARTICLES ?? 100_000);
const TOOLS = Number(process.env.BENCH_TOOLS ?? 10_000);
const RESOURCES = 500;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** Comma-separated endpoint names (as the table prints them) to measure only those; all when unset. */
const ONLY = process.env.BENCH_ENDPOINTS?.split(',').map((name) => name.trim());
/** Each system's time per endpoint is split into this many alternating slices. */
const ROUNDS = 3;
const CONNECTIONS = 50;
/** What the load generator accepts: a browser's list by default, as every visitor sends it; BENCH_ACCEPT_ENCODING='' for none. */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const CACHE_SECONDS = 5;
const PAGE = 9;

/** A small seeded generator, so every run (and cache off, on and bare) replays the same URLs. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(11);
const sample = <T>(list: readonly T[], n: number): T[] => Array.from({ length: n }, () => list[Math.floor(rand() * list.length)]!);

const database = await benchDatabase();
const stopping: ChildProcess[] = [];
try {
  console.log(`Generating ${NEWS_ITEMS.toLocaleString()} news items, ${TOOLS.toLocaleString()} tools, ${RESOURCES} resources...`);
  const started = performance.now();
  await generateLargeContent(database.db, { newsItems: NEWS_ITEMS, tools: TOOLS, resources: RESOURCES });
  await database.db.raw('VACUUM ANALYZE');
  console.log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // ---------- the URL mixes ----------
  const db = database.db;
  const articleSlugs = await db('news_feed').orderByRaw('md5(id::text)').limit(1000).pluck('slug');
  const articleIds: number[] = await db('news_feed').orderByRaw('md5(id::text)').limit(100).pluck('id');
  const toolSlugs = await db('tools').where({ approved: true }).orderByRaw('md5(id::text)').limit(1000).pluck('slug');
  const resourceSlugs = await db('resources').pluck('slug');
  const rankedTags: { value: string; article_count: number }[] = await db('news_feed_counts')
    .where({ dimension: 'tag' })
    .orderBy([{ column: 'article_count', order: 'desc' }, { column: 'value' }])
    .select('value', 'article_count');
  // The 12 popular tags of the chips, and 8 from the long tail that still fill a page (links from article cards).
  const tail = rankedTags.slice(12).filter((t) => t.article_count >= PAGE);
  const tags = [...rankedTags.slice(0, 12), ...Array.from({ length: 8 }, (_, i) => tail[Math.floor(((i + 0.5) * tail.length) / 8)]!)];
  const tagPages = tags.map((t) => ({ tag: t.value, pages: Math.min(50, Math.ceil(t.article_count / PAGE)) }));
  const categories = ['Content Creation', 'Development', 'AI Chatbots', 'Data Analytics'];
  // Directory text filters as visitors type them: tags (of every frequency), words of names and descriptions.
  const directoryWords = ['tool-tag-1', 'tool-tag-42', 'tool-tag-250', 'bench tool 12', 'generated', 'number 77'];

  const SAMPLES = 4000;
  const mixes: Record<string, string[]> = {
    home: ['/api/home'],
    'news page': Array.from({ length: SAMPLES }, () => `/api/news?limit=${PAGE}&offset=${PAGE * Math.floor(rand() * 50)}`),
    'tag page': Array.from({ length: SAMPLES }, () => {
      const t = tagPages[Math.floor(rand() * tagPages.length)]!;
      return `/api/news/tag/${encodeURIComponent(t.tag)}?limit=${PAGE}&offset=${PAGE * Math.floor(rand() * t.pages)}`;
    }),
    'popular tags': ['/api/news/tags'],
    article: sample(articleSlugs, SAMPLES).map((s) => `/api/news/${s}`),
    tool: sample(toolSlugs, SAMPLES).map((s) => `/api/tools/${s}`),
    'similar tools': sample(toolSlugs, SAMPLES).map((s) => `/api/tools/${s}/similar`),
    'featured tools': ['/api/tools/featured'],
    resource: sample(resourceSlugs, SAMPLES).map((s) => `/api/resources/${s}`),
    'ai stats': ['/api/ai-stats'],
  };
  // The directory as its page reads it (24 tools a page, "Load more" for the next): all tools, a category or a
  // pricing, mostly the first pages; and, apart, with a text filter.
  const DIRECTORY_PAGE = 24;
  mixes['directory'] = Array.from({ length: SAMPLES }, () => {
    const query = new URLSearchParams();
    const r = rand();
    if (r < 0.5) query.set('category', categories[Math.floor(rand() * categories.length)]!);
    else if (r < 0.65) query.set('pricing', ['free', 'freemium', 'paid'][Math.floor(rand() * 3)]!);
    query.set('limit', String(DIRECTORY_PAGE));
    query.set('offset', String(DIRECTORY_PAGE * Math.floor(rand() ** 2 * 20)));
    return `/api/tools?${query}`;
  });
  mixes['directory text filter'] = Array.from({ length: SAMPLES }, () => {
    const query = new URLSearchParams({ q: directoryWords[Math.floor(rand() * directoryWords.length)]! });
    if (rand() < 0.3) query.set('category', categories[Math.floor(rand() * categories.length)]!);
    query.set('limit', String(DIRECTORY_PAGE));
    query.set('offset', String(DIRECTORY_PAGE * Math.floor(rand() ** 3 * 5)));
    return `/api/tools?${query}`;
  });

  // A visit as the site makes it: article pages (readers and crawlers) most, then lists, home, the directory and its tool pages.
  const siteWeights: Record<string, number> = {
    article: 30,
    'news page': 15,
    'tag page': 15,
    home: 10,
    'popular tags': 5,
    tool: 10,
    'similar tools': 10,
    'featured tools': 3,
    resource: 2,
    directory: 5,
  };
  mixes['site mix'] = Array.from({ length: SAMPLES }, () => {
    let r = rand() * Object.values(siteWeights).reduce((a, b) => a + b, 0);
    for (const [name, weight] of Object.entries(siteWeights)) {
      r -= weight;
      if (r < 0) return mixes[name]![Math.floor(rand() * mixes[name]!.length)]!;
    }
    return '/api/home';
  });

  // ---------- the systems under test ----------
  const startStack = async (cacheSeconds: number) => {
    const [gatewayPort, contentPort] = [await freePort(), await freePort()];
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      REDIS_PREFIX: uniquePrefix(),
      CONTENT_CACHE_SECONDS: String(cacheSeconds),
      CONTENT_PORT: String(contentPort),
      GATEWAY_PORT: String(gatewayPort),
      // Several stacks may run at once: each gateway's metrics on a free port.
      GATEWAY_METRICS_PORT: '0',
      CONTENT_URL: `http://127.0.0.1:${contentPort}`,
      WEB_DIST: path.resolve('web/dist'),
      // One load generator stands for many visitors: the per-visitor read limit stays on (its Redis round trip is measured) but never trips.
      API_READ_RATE_LIMIT: '1000000000',
    };
    const content = await startProcess('services/content/src/main.ts', env, `${env.CONTENT_URL}/healthz`);
    stopping.push(content);
    const gateway = await startProcess('services/gateway/src/main.ts', env, `http://127.0.0.1:${gatewayPort}/healthz`);
    stopping.push(gateway);
    return { url: `http://127.0.0.1:${gatewayPort}`, contentUrl: env.CONTENT_URL, pids: { gateway: gateway.pid!, content: content.pid! } };
  };
  const cacheOff = await startStack(0);
  const cacheOn = await startStack(CACHE_SECONDS);

  // The bare server answers each distinct URL with the body the gateway gave.
  const distinct = [...new Set(Object.values(mixes).flat())];
  const bodies: Record<string, string> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < distinct.length) {
        const url = distinct[next++]!;
        const res = await fetch(`${cacheOff.url}${url}`);
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        bodies[url] = await res.text();
      }
    }),
  );
  const bodiesFile = path.join(os.tmpdir(), `${uniquePrefix()}-bodies.json`);
  fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
  const barePort = await freePort();
  const bare = await startProcess(
    'bench/bareServer.ts',
    { PORT: String(barePort), BARE_BODIES_FILE: bodiesFile },
    `http://127.0.0.1:${barePort}/`,
  );
  stopping.push(bare);
  fs.rmSync(bodiesFile);
  const bareUrl = `http://127.0.0.1:${barePort}`;

  /**
   * CPU time each tier spent per request (gateway, content, the Postgres
   * backends serving this database), from /proc: unlike req/s, it hardly
   * depends on what else the machine is running.
   */
  const cpuSeconds = (pid: number) => {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return NaN;
    }
  };
  const backendPids = async (): Promise<number[]> =>
    (await db.raw('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).rows.map(
      (r: { pid: number }) => r.pid,
    );
  const tierCpu = async (pids: { gateway: number; content: number }) => ({
    gateway: cpuSeconds(pids.gateway),
    content: cpuSeconds(pids.content),
    // Per backend, so a connection opened or closed during the run is counted right.
    postgres: new Map((await backendPids()).map((pid) => [pid, cpuSeconds(pid)])),
  });

  const load = async (origin: string, paths: string[], seconds = DURATION) => {
    let i = 0;
    const result = await autocannon({
      url: origin,
      connections: CONNECTIONS,
      duration: seconds,
      headers: ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {},
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length]! }) }],
    });
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
      requests: result.requests.total,
      bytes: result.throughput.total,
    };
  };

  // JIT, connection pools and Postgres buffers warm before anything is measured.
  await load(cacheOff.url, mixes['site mix']!, 3);
  await load(cacheOn.url, mixes['site mix']!, 3);
  await load(bareUrl, mixes['site mix']!, 2);

  /**
   * Cache off, cache on and bare take turns in short slices, so a change in
   * what else the machine runs hits all three alike. Per system: requests over
   * time, the mean of the slices' p50 and the worst slice's p99.
   */
  const measure = async (paths: string[]) => {
    const runs = {
      off: [] as Awaited<ReturnType<typeof load>>[],
      on: [] as Awaited<ReturnType<typeof load>>[],
      bare: [] as Awaited<ReturnType<typeof load>>[],
    };
    const cpuBefore = await tierCpu(cacheOff.pids);
    let offCpu = { gateway: 0, content: 0, postgres: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const before = round ? await tierCpu(cacheOff.pids) : cpuBefore;
      runs.off.push(await load(cacheOff.url, paths, DURATION / ROUNDS));
      const after = await tierCpu(cacheOff.pids);
      offCpu = {
        gateway: offCpu.gateway + after.gateway - before.gateway,
        content: offCpu.content + after.content - before.content,
        // Per backend, so a connection opened or closed during the slice is counted right.
        postgres: offCpu.postgres + [...after.postgres].reduce((sum, [pid, seconds]) => sum + seconds - (before.postgres.get(pid) ?? 0), 0),
      };
      runs.on.push(await load(cacheOn.url, paths, DURATION / ROUNDS));
      runs.bare.push(await load(bareUrl, paths, DURATION / ROUNDS));
    }
    const combine = (slices: Awaited<ReturnType<typeof load>>[]) => ({
      rps: slices.reduce((sum, r) => sum + r.requests, 0) / DURATION,
      p50: Math.round((slices.reduce((sum, r) => sum + r.p50, 0) / slices.length) * 10) / 10,
      p99: Math.max(...slices.map((r) => r.p99)),
      errors: slices.reduce((sum, r) => sum + r.errors, 0),
      requests: slices.reduce((sum, r) => sum + r.requests, 0),
      // Bytes on the wire per answer, headers included.
      kb: slices.reduce((sum, r) => sum + r.bytes, 0) / slices.reduce((sum, r) => sum + r.requests, 0) / 1024,
    });
    const off = combine(runs.off);
    const perRequest = (seconds: number) => Math.round((seconds * 1e6) / off.requests);
    return {
      off,
      on: combine(runs.on),
      bare: combine(runs.bare),
      cpu: { gateway: perRequest(offCpu.gateway), content: perRequest(offCpu.content), postgres: perRequest(offCpu.postgres) },
    };
  };

  const rows = [];
  const cpuRows = [];
  // The site mix again while news changes every second. An update of an item the lists show as before (its
  // updated_at, as the pipeline's later stages and operators' edits do) purges only the answers showing that item;
  // a newly published item moves every list, and the related news of articles sharing its tags or category.
  const WHILE_CHANGING = 'site mix while news changes every second';
  const WHILE_PUBLISHING = 'site mix while news is published every second';
  mixes[WHILE_CHANGING] = mixes['site mix']!;
  mixes[WHILE_PUBLISHING] = mixes['site mix']!;
  const everySecond = (change: (n: number) => Promise<unknown>) => {
    let n = 0;
    const timer = setInterval(() => void change(n++).catch(() => undefined), 1000);
    return () => clearInterval(timer);
  };
  const activity: Record<string, () => () => void> = {
    [WHILE_CHANGING]: () =>
      everySecond((n) =>
        db('news_feed')
          .where({ id: articleIds[n % articleIds.length] })
          .update({ updated_at: db.fn.now() }),
      ),
    [WHILE_PUBLISHING]: () =>
      everySecond((n) =>
        db.raw(
          `WITH a AS (INSERT INTO articles (title, author, publish_date, category, published, processing_status, source_url)
                      VALUES (?, 'Bench', now(), 'Research', true, 'completed', ?) RETURNING id, title, publish_date, source_url)
           INSERT INTO news_feed (article_id, title, slug, content, excerpt, author, publish_date, category, tags, source_name, source_url, ai_provider, seo_status, rewrite_status)
           SELECT id, title, ?, '<p>Published while the bench ran.</p>', 'Published while the bench ran.', 'Bench', publish_date, 'Research', ?::text[],
                  'Bench Wire', source_url, 'local', 'completed', 'completed' FROM a`,
          [
            `Published during the bench ${n}`,
            `https://bench.example/live/${n}`,
            `published-during-the-bench-${n}`,
            [tags[n % tags.length]!.value],
          ],
        ),
      ),
  };
  for (const [name, paths] of Object.entries(mixes)) {
    if (ONLY && !ONLY.includes(name)) continue;
    const stopChanging = activity[name]?.() ?? (() => undefined);
    const { off, on, bare: base, cpu } = await measure(paths).finally(stopChanging);
    cpuRows.push({ endpoint: name, 'gateway µs': cpu.gateway, 'content µs': cpu.content, 'postgres µs': cpu.postgres });
    const avgKb = paths.slice(0, 200).reduce((sum, p) => sum + Buffer.byteLength(bodies[p]!), 0) / Math.min(200, paths.length) / 1024;
    rows.push({
      endpoint: name,
      urls: new Set(paths).size,
      'body KB': Number(avgKb.toFixed(1)),
      'off wire KB': Number(off.kb.toFixed(1)),
      'on wire KB': Number(on.kb.toFixed(1)),
      'off req/s': Math.round(off.rps),
      'off p50': off.p50,
      'off p99': off.p99,
      'on req/s': Math.round(on.rps),
      'on p50': on.p50,
      'on p99': on.p99,
      'bare req/s': Math.round(base.rps),
      'off/bare': Number((off.rps / base.rps).toFixed(3)),
      'on/bare': Number((on.rps / base.rps).toFixed(3)),
      errors: off.errors + on.errors,
      'goal off': off.rps >= 2000 && off.p99 <= 50 ? 'met' : 'not met',
      'goal on': on.rps >= 0.6 * base.rps ? 'met' : 'not met',
    });
  }
  // The service kit's own floor: Express answering /healthz, without the gateway and without a query.
  const kit = await load(cacheOff.contentUrl, ['/healthz']);
  const kitBare = await load(bareUrl, ['/healthz']);

  console.log(
    `\nPublic API through the gateway: ${NEWS_ITEMS.toLocaleString()} news items, ${TOOLS.toLocaleString()} tools, ${CONNECTIONS} connections, ${DURATION} s per system and endpoint in ${ROUNDS} alternating slices, Accept-Encoding: ${ACCEPT_ENCODING || 'none'},` +
      ` content caches off (CONTENT_CACHE_SECONDS=0) and on (${CACHE_SECONDS} s + gateway micro-cache); latencies in ms (p50: mean of slices, p99: worst slice)`,
  );
  console.table(rows);
  console.log('CPU time per request with the cache off, by tier (from /proc; a measure of work that depends little on machine load):');
  console.table(cpuRows);
  console.log(
    `Express service kit floor (content /healthz, no gateway, no query): ${Math.round(kit.rps)} req/s, p99 ${kit.p99} ms; bare node:http ${Math.round(kitBare.rps)} req/s`,
  );
  console.log('AI stats are kept in Redis for 5 minutes in both runs; their computation is the counts read explained below.');
  console.log(
    `Machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (shared machines make these figures indicative).`,
  );

  // ---------- EXPLAIN ANALYZE of every query each endpoint runs ----------
  const recording = await startRecordingContent(
    parseConfig({ DATABASE_URL: database.url, REDIS_PREFIX: uniquePrefix(), CONTENT_CACHE_SECONDS: '0', LOG_LEVEL: 'silent' }),
  );
  const deepTag = tagPages[0]!;
  const examples: [string, string][] = [
    ['home', '/api/home'],
    ['news page 40', `/api/news?limit=${PAGE}&offset=${PAGE * 39}`],
    [
      `tag page ${Math.min(20, deepTag.pages)} of "${deepTag.tag}" (most used)`,
      `/api/news/tag/${deepTag.tag}?limit=${PAGE}&offset=${PAGE * (Math.min(20, deepTag.pages) - 1)}`,
    ],
    [`tag page of "${tags[19]!.value}" (long tail)`, `/api/news/tag/${tags[19]!.value}?limit=${PAGE}`],
    ['category page', `/api/news?category=policy&limit=${PAGE}&offset=${PAGE * 10}`],
    ['popular tags', '/api/news/tags'],
    ['article with related news', `/api/news/${articleSlugs[0]}`],
    ['tool', `/api/tools/${toolSlugs[0]}`],
    ['similar tools', `/api/tools/${toolSlugs[0]}/similar`],
    ['featured tools', '/api/tools/featured'],
    ['directory', '/api/tools'],
    ['directory by category, page 10', '/api/tools?category=Development&limit=24&offset=216'],
    ['directory by category and pricing', '/api/tools?category=Development&pricing=paid'],
    ['directory text filter (a tag of ~1% of tools)', '/api/tools?q=tool-tag-42'],
    ['directory text filter (every tool)', '/api/tools?q=generated'],
    ['resource', `/api/resources/${resourceSlugs[0]}`],
    ['ai stats (computed: fresh Redis prefix)', '/api/ai-stats'],
  ];
  console.log(`\nEXPLAIN ANALYZE at ${NEWS_ITEMS.toLocaleString()} news items and ${TOOLS.toLocaleString()} tools`);
  for (const [label, url] of examples) {
    for (const { query, text, root, generic } of await recording.explainRequest(url)) {
      // A text filter matching every tool counts its first 1,001 matches in whatever order is cheapest (a sequential
      // scan that stops there); everything else must stay within a page's reach.
      const everyTool = label.includes('every tool');
      const budget = {
        tables: ['news_feed', 'news_tag_page_entries', 'news_feed_counts', ...(everyTool ? [] : ['tools'])],
        rowBudget: everyTool ? 1100 : 1000,
      };
      const verdict = (problems: string[]) =>
        problems.length
          ? `GROWS WITH THE TABLE: ${problems.join('; ')}`
          : 'bounded: no sequential scan of a content table, no node reading over 1,000 rows';
      console.log(`\n--- ${label}: GET ${url}\n${query.sql.replace(/\s+/g, ' ')}\n${text}\n=> ${verdict(planProblems(root, budget))}`);
      // The content service prepares its reads; Postgres may run them with this plan, made without the values.
      if (generic)
        console.log(`=> generic plan (prepared statement, ${generic.ms.toFixed(2)} ms): ${verdict(planProblems(generic.root, budget))}`);
      else console.log('=> not prepared: planned for its values every time');
    }
  }
  await recording.close();
} finally {
  await Promise.all(stopping.map(stopProcess));
  await database.drop();
}
