/**
 * Search through the gateway with 100,000 news items and 10,000 of each other
 * kind, indexed by the search service's own start-up reindex. The load rotates
 * through 48 query terms of five classes (common word, rare word, prefix,
 * multi-word, misspelled: 10%), each asked of all five kinds as the /search page
 * does. Reported: reindex time, p50/p95/p99 latency at 50 connections with the
 * result cache on and off (and at 1 connection, cache off), overall and per
 * class, the share of misspelled queries whose intended item is in the top 5,
 * and the plans of the Postgres engine's statements for one query of each class.
 * A bare node:http server answering the same bodies is measured in turns with
 * the cached gateway (short slices each), so the ratio between them holds on a
 * machine whose speed varies, and runs on machines of different speed compare.
 * Goal: p95 ≤ 20 ms at 50 connections; misspelled recall@5 ≥ 80%.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { createRedis, EventBus, parseConfig, purgeGatewayCache } from '@neuralbeat/common';
import { SEARCH_KINDS } from '@neuralbeat/common/contracts';
import { PostgresSearchEngine } from '../services/search/src/engine/postgresEngine';
import { queryWords } from '../services/search/src/engine/text';
import { benchDatabase, freePort, startProcess, stopProcess, uniquePrefix } from './support';

const NEWS = Number(process.env.BENCH_NEWS ?? 100_000);
const OTHERS = Number(process.env.BENCH_OTHERS ?? 10_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const PORTS = { gateway: 18110, content: 18111, search: 18112 };

/** Names people search for: each appears in a few titles, so a typo in one must still find its items. */
const ENTITIES = [
  'anthropic',
  'openai',
  'deepmind',
  'mistral',
  'llama',
  'gemini',
  'claude',
  'copilot',
  'midjourney',
  'perplexity',
  'nvidia',
  'huggingface',
  'pytorch',
  'tensorflow',
  'kubernetes',
  'databricks',
  'snowflake',
  'cohere',
  'stability',
  'runway',
];
/** Field vocabulary, most frequent first (the generator draws with a skew towards the front). */
const TOPICS = [
  'model',
  'models',
  'training',
  'language',
  'data',
  'research',
  'open',
  'release',
  'agents',
  'benchmark',
  'inference',
  'transformer',
  'diffusion',
  'image',
  'video',
  'speech',
  'robotics',
  'vision',
  'reasoning',
  'safety',
  'alignment',
  'retrieval',
  'embedding',
  'multimodal',
  'reinforcement',
  'learning',
  'quantization',
  'hallucination',
  'evaluation',
  'compute',
  'chips',
  'datacenter',
  'regulation',
  'policy',
  'startup',
  'funding',
  'enterprise',
  'developers',
  'coding',
  'assistant',
  'chatbot',
  'search',
  'healthcare',
  'finance',
  'education',
  'climate',
  'privacy',
  'security',
  'licensing',
  'copyright',
  'synthetic',
  'distillation',
  'finetuning',
  'pretraining',
  'tokenizer',
  'context',
  'memory',
  'latency',
  'throughput',
  'accelerator',
  'cluster',
  'scaling',
  'laws',
  'emergent',
  'interpretability',
  'audit',
  'governance',
  'translation',
  'summarization',
  'classification',
  'segmentation',
  'detection',
  'tracking',
  'navigation',
  'manipulation',
  'simulation',
  'planning',
  'orchestration',
  'workflow',
  'automation',
  'analytics',
  'forecasting',
  'recommendation',
];
const FILLER = [
  'the',
  'new',
  'with',
  'for',
  'and',
  'team',
  'week',
  'report',
  'study',
  'launch',
  'update',
  'company',
  'users',
  'teams',
  'faster',
  'cheaper',
  'better',
  'larger',
  'smaller',
  'first',
  'global',
  'local',
  'public',
  'private',
  'annual',
  'major',
  'shows',
  'adds',
  'brings',
  'cuts',
  'raises',
  'opens',
  'tests',
  'wins',
  'plans',
  'builds',
  'ships',
  'expands',
  'moves',
];
const VOCAB = [...TOPICS, ...FILLER];

/** One misspelling per rule, in turn: a deleted, swapped, changed or doubled letter. */
function misspell(word: string, i: number): string {
  const at = 1 + (i % Math.max(1, word.length - 3));
  switch (i % 4) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    case 2:
      return word.slice(0, at) + (word[at] === 'e' ? 'a' : 'e') + word.slice(at + 1);
    default:
      return word.slice(0, at) + word[at] + word.slice(at);
  }
}
const RECALL_WORDS = [...ENTITIES, ...TOPICS.filter((w) => w.length >= 6).slice(0, 30)];
const MISSPELLED = RECALL_WORDS.map((w, i) => ({ intended: w, typed: misspell(w, i) }));
/** The rotating load list by query class: 43 correctly spelled terms and 5 misspelled ones (10%). */
const QUERY_CLASSES: Record<string, string[]> = {
  'common word': TOPICS.slice(0, 20),
  'rare word': ENTITIES.slice(0, 12),
  prefix: ['transf', 'reinfo', 'quanti', 'halluc', 'embed', 'robot'],
  'multi-word': ['open model', 'video diffusion', 'robotics safety', 'coding assistant', 'language model training'],
  misspelled: MISSPELLED.slice(0, 5).map((m) => m.typed),
};
const LOAD_TERMS = Object.values(QUERY_CLASSES).flat();
const CLASS_OF = new Map(Object.entries(QUERY_CLASSES).flatMap(([name, terms]) => terms.map((t) => [t, name] as const)));

const database = await benchDatabase();
const db = database.db;
console.log(`Generating ${NEWS.toLocaleString()} news items and ${OTHERS.toLocaleString()} each of tools, resources, events and jobs...`);
await db.raw(`SELECT setseed(0.42)`);
// Words drawn with a skew towards the front of the list, like real vocabulary; entities are rarer.
await db.raw(`CREATE FUNCTION bench_words(v text[], k int) RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(v[1 + floor(power(random(), 2.2) * array_length(v, 1))::int], ' ') FROM generate_series(1, k) $$`);
await db.raw(`CREATE FUNCTION bench_entity(v text[]) RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT CASE WHEN random() < 0.3 THEN initcap(v[1 + floor(random() * array_length(v, 1))::int]) ELSE '' END $$`);
const started = Date.now();
await db.raw(
  `INSERT INTO articles (title, author, publish_date, category, published, processing_status, source_url)
   SELECT 'a' || g, 'Bench', timestamptz '2024-01-01' + g * interval '5 minutes', 'Research', true, 'completed', 'https://bench.example/' || g
   FROM generate_series(1, ?) AS g`,
  [NEWS],
);
await db.raw(
  `INSERT INTO news_feed (article_id, title, slug, content, excerpt, author, publish_date, category, tags, source_name, source_url, ai_provider, seo_status, rewrite_status)
   SELECT id, initcap(trim(bench_entity(?::text[]) || ' ' || bench_words(?::text[], 6 + id % 4))), 'story-' || id,
          '<p>' || bench_words(?::text[], 120) || '</p>', bench_words(?::text[], 22), 'Bench', publish_date, 'Research',
          ARRAY[(?::text[])[1 + id % 30], (?::text[])[1 + id % 17]], 'Bench Wire', source_url, 'local', 'completed', 'completed'
   FROM articles`,
  [ENTITIES, VOCAB, VOCAB, VOCAB, TOPICS, TOPICS],
);
await db.raw(
  `INSERT INTO tools (name, slug, description, short_description, website_url, category, tags, features, pricing, approved, submitted_by_id)
   SELECT initcap(trim(bench_entity(?::text[]) || ' ' || bench_words(?::text[], 2))) || ' ' || g, 'tool-' || g, bench_words(?::text[], 40),
          left(bench_words(?::text[], 8), 90), 'https://tool' || g || '.example', 'Development', ARRAY[(?::text[])[1 + g % 25]], ARRAY['Fast'], 'Free', true, 1
   FROM generate_series(1, ?) AS g`,
  [ENTITIES, TOPICS, VOCAB, VOCAB, TOPICS, OTHERS],
);
await db.raw(
  `INSERT INTO resources (title, slug, content, summary, category, difficulty_level, tags)
   SELECT initcap(trim(bench_entity(?::text[]) || ' ' || bench_words(?::text[], 5))), 'guide-' || g, bench_words(?::text[], 150), bench_words(?::text[], 20),
          'Tutorials', (ARRAY['Beginner','Intermediate','Advanced'])[1 + g % 3], ARRAY[(?::text[])[1 + g % 20]]
   FROM generate_series(1, ?) AS g`,
  [ENTITIES, TOPICS, VOCAB, VOCAB, TOPICS, OTHERS],
);
await db.raw(
  `INSERT INTO events (name, slug, description, location, start_date, event_type)
   SELECT initcap(trim(bench_entity(?::text[]) || ' ' || bench_words(?::text[], 3))) || ' Summit ' || g, 'event-' || g, bench_words(?::text[], 40),
          (ARRAY['Seoul','Berlin','Austin','Lisbon','Toronto'])[1 + g % 5], timestamptz '2026-01-01' + g * interval '1 hour', 'Conference'
   FROM generate_series(1, ?) AS g`,
  [ENTITIES, TOPICS, VOCAB, OTHERS],
);
await db.raw(
  `INSERT INTO jobs (title, company, location, job_type, description, requirements, apply_url)
   SELECT initcap(bench_words(?::text[], 2)) || ' Engineer', initcap(coalesce(nullif(bench_entity(?::text[]), ''), 'Acme')), 'Remote',
          (ARRAY['Full-time','Part-time','Contract'])[1 + g % 3], bench_words(?::text[], 40), bench_words(?::text[], 20), 'https://jobs.example/' || g
   FROM generate_series(1, ?) AS g`,
  [TOPICS, ENTITIES, VOCAB, VOCAB, OTHERS],
);
await db.raw('ANALYZE');
console.log(`Generated in ${((Date.now() - started) / 1000).toFixed(0)} s.`);

// One prefix for the three processes: search's cache purges reach the gateway on it.
const redisPrefix = uniquePrefix();
const env = (cacheSeconds: number) => ({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: database.url,
  REDIS_PREFIX: redisPrefix,
  CONTENT_PORT: String(PORTS.content),
  SEARCH_PORT: String(PORTS.search),
  GATEWAY_PORT: String(PORTS.gateway),
  // Several stacks may run at once: each gateway's metrics on a free port.
  GATEWAY_METRICS_PORT: '0',
  CONTENT_URL: `http://127.0.0.1:${PORTS.content}`,
  SEARCH_URL: `http://127.0.0.1:${PORTS.search}`,
  SEARCH_CACHE_SECONDS: String(cacheSeconds),
  // One client asks far more than a visitor may: the per-client limits would answer 429.
  API_READ_RATE_LIMIT: '100000000',
  SEARCH_RATE_LIMIT: '100000000',
  WEB_DIST: path.resolve('web/dist'),
});
const gatewayUrl = `http://127.0.0.1:${PORTS.gateway}`;

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

type Latencies = { p50: number; p95: number; p99: number };
const ms = (v: number) => Math.round(v * 10) / 10;
function latencies(samples: number[]): Latencies {
  samples.sort((a, b) => a - b);
  return { p50: ms(percentile(samples, 50)), p95: ms(percentile(samples, 95)), p99: ms(percentile(samples, 99)) };
}

async function load(connections: number, url = gatewayUrl, seconds = DURATION) {
  const terms = LOAD_TERMS.flatMap((term) => SEARCH_KINDS.map(() => term));
  const requests = LOAD_TERMS.flatMap((term) =>
    SEARCH_KINDS.map((kind) => ({ method: 'GET' as const, path: `/api/${kind}/search?q=${encodeURIComponent(term)}` })),
  );
  const samples: number[] = [];
  const byClass = new Map<string, number[]>(Object.keys(QUERY_CLASSES).map((c) => [c, []]));
  // autocannon reports p90 and p97.5, not p95: keep every response time to read p95 off.
  // Each connection starts at its own place in the rotation: started together, slow answers would keep them all on the first terms.
  const offsets = new WeakMap<object, number>();
  let started = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        pipelining: 1,
        requests,
        setupClient: (client) => {
          const offset = Math.floor((started++ * requests.length) / connections) % requests.length;
          offsets.set(client, offset);
          client.setRequests([...requests.slice(offset), ...requests.slice(0, offset)]);
        },
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (client: object, _status: number, _bytes: number, responseTime: number) => {
      samples.push(responseTime);
      // Without pipelining a client's current request is the one just answered.
      const at = (client as { requestIterator: { currentRequestIndex: number } }).requestIterator.currentRequestIndex;
      byClass.get(CLASS_OF.get(terms[(offsets.get(client)! + at) % terms.length]!)!)!.push(responseTime);
    });
  });
  return summary([{ seconds, samples, byClass, errors: result.errors + result.non2xx }]);
}

type Slice = { seconds: number; samples: number[]; byClass: Map<string, number[]>; errors: number };
type Run = ReturnType<typeof summary>;
function summary(slices: Slice[]) {
  const all = (pick: (s: Slice) => number[]) => slices.flatMap(pick);
  const seconds = slices.reduce((t, s) => t + s.seconds, 0);
  return {
    rps: Math.round(all((s) => s.samples).length / seconds),
    ...latencies(all((s) => s.samples)),
    errors: slices.reduce((t, s) => t + s.errors, 0),
    byClass: Object.keys(QUERY_CLASSES).map((name) => {
      const samples = all((s) => s.byClass.get(name)!);
      return { name, requests: samples.length, ...latencies(samples) };
    }),
    slices,
  };
}

/**
 * Runs the targets in turns, ROUNDS short slices each, and sums each target's
 * slices: a change in the machine's speed (other tenants' load) then weighs on
 * every target alike, and their ratio holds.
 */
const ROUNDS = 3;
async function inTurns(urls: string[]): Promise<Run[]> {
  const slices: Slice[][] = urls.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, url] of urls.entries()) slices[i]!.push(...(await load(CONNECTIONS, url, DURATION / ROUNDS)).slices);
  }
  return slices.map(summary);
}

async function ids(kind: string, q: string): Promise<number[]> {
  const res = await fetch(`${gatewayUrl}/api/${kind}/search?q=${encodeURIComponent(q)}&limit=5`);
  if (!res.ok) throw new Error(`${kind} search for "${q}": ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }[]).map((r) => r.id);
}

const children: ChildProcess[] = [];
try {
  const content = await startProcess('services/content/src/main.ts', env(30), `http://127.0.0.1:${PORTS.content}/healthz`);
  children.push(content);
  let search = await startProcess('services/search/src/main.ts', env(30), `http://127.0.0.1:${PORTS.search}/healthz`);
  children.push(search);
  const reindexStarted = Date.now();
  for (;;) {
    const state = await db('search_index_state').first();
    if (state) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const reindexSeconds = (Date.now() - reindexStarted) / 1000;
  const documents = (await db('search_index_state').first()).documents;
  console.log(`Start-up reindex: ${documents.toLocaleString()} documents in ${reindexSeconds.toFixed(0)} s.`);
  const gateway = await startProcess('services/gateway/src/main.ts', env(30), `${gatewayUrl}/healthz`);
  children.push(gateway);

  // Recall: the intended item is the best result for the correct spelling; is it in the top 5 for the typo?
  let asked = 0;
  let hit = 0;
  const misses: string[] = [];
  for (const { intended, typed } of MISSPELLED) {
    for (const kind of SEARCH_KINDS) {
      const [best] = await ids(kind, intended);
      if (best === undefined) continue;
      asked++;
      if ((await ids(kind, typed)).includes(best)) hit++;
      else misses.push(`${kind}:${typed}→${intended}`);
    }
  }
  const recall = hit / asked;

  // The plans behind the figures: one query of each class, run against the index the service built.
  const plans: string[] = [];
  const planned = new PostgresSearchEngine(db, (sql, plan) => plans.push(`-- ${sql.replace(/\s+/g, ' ').slice(0, 160)}...\n${plan}`));
  for (const [name, terms] of Object.entries(QUERY_CLASSES)) {
    plans.push(`==== ${name}: "${terms[0]}"`);
    await planned.search('news', queryWords(terms[0]!), 50);
  }

  const rows: Record<string, unknown>[] = [];
  const classRows: Record<string, unknown>[] = [];
  let bareRps = NaN;
  const row = (mode: string, r: Run, goal: boolean) => {
    if (mode.startsWith('bare')) bareRps = r.rps;
    rows.push({
      mode,
      'req/s': r.rps,
      '× bare': Number((r.rps / bareRps).toFixed(2)),
      'p50 ms': r.p50,
      'p95 ms': r.p95,
      'p99 ms': r.p99,
      errors: r.errors,
      goal: goal ? (r.p95 <= 20 ? 'met' : 'not met') : '',
    });
    for (const c of r.byClass)
      classRows.push({ mode, class: c.name, requests: c.requests, 'p50 ms': c.p50, 'p95 ms': c.p95, 'p99 ms': c.p99 });
  };
  // A popular-query cache is warm in production: each query is asked once before measuring, and its body kept for the
  // baseline, node:http answering every URL of the rotation with the body the gateway gave, nothing in between.
  const bodies: Record<string, string> = {};
  for (const term of LOAD_TERMS) {
    for (const kind of SEARCH_KINDS) {
      const url = `/api/${kind}/search?q=${encodeURIComponent(term)}`;
      bodies[url] = await fetch(`${gatewayUrl}${url}`).then((r) => r.text());
    }
  }
  const bodiesFile = path.join(os.tmpdir(), `${redisPrefix}-bodies.json`);
  fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
  const barePort = await freePort();
  const bare = await startProcess(
    'bench/bareServer.ts',
    { PORT: String(barePort), BARE_BODIES_FILE: bodiesFile },
    `http://127.0.0.1:${barePort}/`,
  );
  children.push(bare);
  const [bareRun, cachedRun] = await inTurns([`http://127.0.0.1:${barePort}`, gatewayUrl]);
  row(`bare node:http, same bodies, ${CONNECTIONS} connections`, bareRun!, false);
  row(`cache on (warm), ${CONNECTIONS} connections`, cachedRun!, true);
  await stopProcess(bare);
  children.splice(children.indexOf(bare), 1);
  fs.rmSync(bodiesFile);
  // As in production while the pipeline publishes: a news item is indexed every second, through the search service's
  // own event path (re-read from content, written to the index, its answers purged as the purge schedule says).
  const redis = createRedis(parseConfig({}).REDIS_URL);
  const bus = new EventBus({ connection: redis, prefix: redisPrefix });
  const newsIds: number[] = await db('news_feed').orderBy('id').limit(1000).pluck('id');
  let indexed = 0;
  const indexingFrom = new Date();
  const publishing = setInterval(() => {
    void bus.publish('newsfeed.updated', { newsFeedId: newsIds[indexed++ % newsIds.length]! });
  }, 1000);
  row(`cache on, news indexed every second, ${CONNECTIONS} connections`, await load(CONNECTIONS), true);
  clearInterval(publishing);
  await bus.close();
  const [{ n: reindexed }] = await db('search_documents').where('indexed_at', '>=', indexingFrom).count<{ n: string }[]>({ n: '*' });
  const indexedNote = `News items indexed during the "news indexed every second" run: ${reindexed} (${indexed} events published).`;
  await stopProcess(search);
  children.splice(children.indexOf(search), 1);
  search = await startProcess('services/search/src/main.ts', env(0), `http://127.0.0.1:${PORTS.search}/healthz`);
  children.push(search);
  // The gateway still holds the answers of the cached run: without them, every search reaches the engine.
  await purgeGatewayCache(redis, redisPrefix, ['search']);
  redis.disconnect();
  await new Promise((r) => setTimeout(r, 500));
  row(`cache off, ${CONNECTIONS} connections`, await load(CONNECTIONS), true);
  row('cache off, 1 connection', await load(1), false);

  console.log(
    `\nSearch through the gateway: ${NEWS.toLocaleString()} news items, ${OTHERS.toLocaleString()} of each other kind; ${LOAD_TERMS.length} terms × 5 kinds rotating, ${DURATION}s per run`,
  );
  console.table(rows);
  console.log(indexedNote);
  console.log('By query class:');
  console.table(classRows);
  console.log(
    `Load average after the runs: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (${os.cpus().length} cores)`,
  );
  if (plans.length) console.log(`\nPostgres engine statements at this size (EXPLAIN ANALYZE, news):\n${plans.join('\n\n')}`);
  console.log(
    `Misspelled queries whose intended item is in the top 5: ${hit}/${asked} = ${(recall * 100).toFixed(1)}% (goal ≥ 80%: ${recall >= 0.8 ? 'met' : 'not met'})`,
  );
  if (misses.length) console.log(`Missed: ${misses.slice(0, 15).join(', ')}${misses.length > 15 ? ', ...' : ''}`);
} finally {
  await Promise.all(children.map(stopProcess));
  await database.drop();
}
