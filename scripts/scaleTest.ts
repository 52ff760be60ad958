/**
 * `npm run scale-test`: replicas proven on one machine. 2 gateways behind nginx
 * (Debian's, installed with apt-get when missing), 3 content, 2 search (nginx
 * in front of each kind), 1 pipeline-api and 3 pipeline-worker processes on one
 * Postgres and one Redis. For SCALE_SECONDS (60) it runs the site's API mix at
 * SCALE_CONNECTIONS (200) while a feed grows and is collected and published,
 * a tool is approved, and an operator starts the same fix from both gateways at
 * once; one replica of each kind is SIGKILLed and started again along the way.
 * Its last line: `scale: <R> requests, <E> errors, <P> published, <L> lost,
 * <D> duplicated, staleness <S> ms`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { seed } from '../services/content/src/db/seed';
import { hashPassword } from '../services/content/src/services/passwords';
import { SourcesRepository } from '../services/pipeline/src/repositories/sourcesRepository';
import { rssFeed, startFeedServer, uniqueArticleHtml } from '../tests/support/feedServer';
import { benchDatabase, freePort, startProcess, uniquePrefix } from '../bench/support';

const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.SCALE_SECONDS ?? 60);
/** SCALE_SINGLE=1: one process of each kind and no kills, the baseline to compare with. */
const SINGLE = process.env.SCALE_SINGLE === '1';
const ITEMS_PER_COLLECTION = 20;
const OPERATOR = { username: 'scale-operator', password: 'scale test operator password' };
const at = (fraction: number) => fraction * SECONDS * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function ensureNginx(): string {
  const found = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
  if (found) return found;
  console.log('Installing nginx (apt-get)...');
  const install = spawnSync(
    'sh',
    ['-c', 'apt-get install -y --no-install-recommends nginx || (apt-get update && apt-get install -y nginx)'],
    {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    },
  );
  if (install.status !== 0) throw new Error('could not install nginx');
  return '/usr/sbin/nginx';
}

/** nginx in front of every kind that has replicas: one listening port per kind, round robin, the next replica on a failure. */
function nginxConfig(dir: string, fronts: Record<string, { port: number; replicas: number[] }>): string {
  const servers = Object.entries(fronts)
    .map(
      ([name, { port, replicas }]) => `
  upstream ${name} { ${replicas.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join(' ')} keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://${name};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }`,
    )
    .join('\n');
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  ${servers}
}
`;
}

const nginxBin = ensureNginx();
const database = await benchDatabase();
const db = database.db;
await seed(db, { publish: async () => 'unpublished' });
await db('users').insert({ username: OPERATOR.username, password: await hashPassword(OPERATOR.password), is_admin: true });

// A publisher whose feed gains fresh stories on every fetch.
const feeds = await startFeedServer();
let fetched = 0;
const refreshFeed = () => {
  const start = fetched * ITEMS_PER_COLLECTION;
  const items = Array.from({ length: ITEMS_PER_COLLECTION }, (_, i) => ({
    title: `Scale wire story ${start + i}: distributed inference on commodity GPUs`,
    link: `https://wire.scale.example/stories/${start + i}`,
    html: uniqueArticleHtml(start + i),
    category: 'Research',
  }));
  feeds.routes.set('/wire.xml', { body: rssFeed(items, 'Scale Wire') });
  fetched++;
};
refreshFeed();
const feedTimer = setInterval(refreshFeed, 5000);
await new SourcesRepository(db).upsert('Scale Wire', `${feeds.url}/wire.xml`);

// A duplicate article for the operator's simultaneous fix.
const article = (n: number) => ({
  title: `Scale article ${n}`,
  author: 'Scale',
  publish_date: new Date(),
  category: 'Research',
  content: `Body of scale article ${n}.`,
  source_url: `https://scale.example/articles/${n}`,
  news_source: 'Scale Example',
});
const [original] = await db('articles')
  .insert({ ...article(1), processing_status: 'completed', published: true })
  .returning('id');
const [duplicate] = await db('articles')
  .insert({
    ...article(2),
    processing_status: 'duplicate',
    is_duplicate: true,
    duplicate_of: original.id,
    pipeline_stage: 'deduped',
  })
  .returning('id');
// A tool taken off the directory, for the operator to approve during the run.
const [tool] = await db('tools').where({ approved: true }).select('id', 'slug').orderBy('id').limit(1);
await db('tools').where({ id: tool.id }).update({ approved: false });

const ports = async (n: number) => Promise.all(Array.from({ length: n }, freePort));
const [gatewayPorts, contentPorts, searchPorts, apiPorts, workerPorts, fronts] = await Promise.all([
  ports(SINGLE ? 1 : 2),
  ports(SINGLE ? 1 : 3),
  ports(SINGLE ? 1 : 2),
  ports(1),
  ports(SINGLE ? 1 : 3),
  ports(3),
]);
const [frontPort, contentFront, searchFront] = fronts as [number, number, number];
const base = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'error',
  DATABASE_URL: database.url,
  REDIS_PREFIX: uniquePrefix(),
  CONTENT_URL: `http://127.0.0.1:${contentFront}`,
  SEARCH_URL: `http://127.0.0.1:${searchFront}`,
  PIPELINE_URL: `http://127.0.0.1:${apiPorts[0]}`,
  SITE_URL: `http://127.0.0.1:${frontPort}`,
  DEMO_FEEDS: 'false',
  FULL_TEXT_FETCH: 'false',
  COLLECT_INTERVAL_SECONDS: '5',
  GATEWAY_TRUSTED_PROXIES: 'loopback',
  // Every simulated visitor shares one address here; the limits would otherwise be what is measured.
  API_READ_RATE_LIMIT: '100000000',
  SEARCH_RATE_LIMIT: '100000000',
};

interface Replica {
  kind: string;
  entry: string;
  env: Record<string, string>;
  url: string;
  child?: ChildProcess;
}
const replica = (kind: string, service: string, port: number, extra: Record<string, string> = {}): Replica => ({
  kind,
  entry: `services/${service}/src/main.ts`,
  env: { ...base, [`${service.toUpperCase()}_PORT`]: String(port), ...extra },
  url: `http://127.0.0.1:${port}`,
});
const replicas: Replica[] = [
  ...contentPorts.map((p) => replica('content', 'content', p)),
  ...searchPorts.map((p) => replica('search', 'search', p)),
  ...apiPorts.map((p) => replica('pipeline-api', 'pipeline', p, { PIPELINE_ROLES: 'api' })),
  ...workerPorts.map((p) => replica('pipeline-worker', 'pipeline', p, { PIPELINE_ROLES: 'worker' })),
  // Each gateway serves its metrics on a port of its own (0: any free one).
  ...gatewayPorts.map((p) => replica('gateway', 'gateway', p, { GATEWAY_METRICS_PORT: '0' })),
];
const start = async (r: Replica) => {
  r.child = await startProcess(r.entry, r.env, `${r.url}/healthz`);
};

const nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-scale-nginx-'));
fs.writeFileSync(
  path.join(nginxDir, 'nginx.conf'),
  nginxConfig(nginxDir, {
    gateway: { port: frontPort, replicas: gatewayPorts },
    content: { port: contentFront, replicas: contentPorts },
    search: { port: searchFront, replicas: searchPorts },
  }),
);
let nginx: ChildProcess | undefined;

const countOf = async (query: Promise<{ n: string | number }[]>) => Number((await query)[0]!.n);
const report: string[] = [];

try {
  nginx = spawn(nginxBin, ['-c', path.join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  console.log(`Starting ${replicas.length} service processes...`);
  for (const r of replicas.filter((x) => x.kind !== 'gateway')) await start(r);
  for (const r of replicas.filter((x) => x.kind === 'gateway')) await start(r);
  const front = `http://127.0.0.1:${frontPort}`;

  const gateways = replicas.filter((r) => r.kind === 'gateway');
  const signIn = async (origin: string) => {
    const res = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(OPERATOR),
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
    return res.headers.getSetCookie()[0]!.split(';')[0]!;
  };
  // Sessions are shared: a cookie from one gateway is good on the other.
  const cookie = await signIn(gateways[0]!.url);
  const admin = (origin: string, apiPath: string, body: unknown) =>
    fetch(`${origin}${apiPath}`, {
      method: 'POST',
      headers: { origin, cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const sessionShared = (await fetch(`${gateways.at(-1)!.url}/api/auth/session`, { headers: { cookie } })).status === 200;

  const paths = [
    '/api/home',
    '/api/news?limit=9&offset=0',
    '/api/news?limit=9&offset=9',
    '/api/news/tags',
    '/api/tools',
    '/api/tools/featured',
    '/api/resources?limit=2',
    '/api/events/upcoming',
    '/api/jobs',
    '/api/ai-stats',
    '/api/news/search?q=inference',
    '/api/tools/search?q=code',
    '/rss.xml',
    '/sitemap.xml',
  ];

  let staleness = 0;
  let fixRuns = '';
  const kills: string[] = [];
  const killers = new Set<() => Promise<void>>();
  const killOne = (kind: string) => {
    const kill = async () => {
      const victim = replicas.find((r) => r.kind === kind)!;
      victim.child!.kill('SIGKILL');
      kills.push(kind);
      await sleep(1000);
      await start(victim);
    };
    killers.add(kill);
    return kill;
  };
  const everything: [number, () => Promise<void>][] = [
    [at(0.1), killOne('content')],
    [
      at(0.2),
      async () => {
        // The same fix from both gateways at once: one run changes the row, the other finds nothing left.
        const answers = await Promise.all(
          gateways.map((g) => admin(g.url, '/api/admin/reset-duplicates', { dryRun: false, specificIds: [duplicate.id] })),
        );
        const bodies = (await Promise.all(answers.map((a) => a.json()))) as { results?: { processed: number } }[];
        const audited = await countOf(db('admin_audit_log').where({ action: 'duplicateReset' }).count({ n: '*' }));
        fixRuns = `fix from two gateways: statuses ${answers.map((a) => a.status).join('/')}, processed ${bodies.map((b) => b.results?.processed).join('/')}, audited runs ${audited}`;
      },
    ],
    [at(0.3), killOne('search')],
    [
      at(0.4),
      async () => {
        // A change visible from every gateway: how long until each shows the approved tool.
        const started = Date.now();
        const res = await admin(gateways[0]!.url, `/api/admin/tools/${tool.id}/approve`, {});
        if (res.status >= 300) throw new Error(`approve failed: ${res.status}`);
        await Promise.all(
          gateways.map(async (g) => {
            for (let i = 0; (await fetch(`${g.url}/api/tools/${tool.slug}`)).status !== 200; i++) {
              if (i > 500) throw new Error(`the approved tool never showed on ${g.url}`);
              await sleep(20);
            }
          }),
        );
        staleness = Date.now() - started;
      },
    ],
    [at(0.5), killOne('pipeline-worker')],
    [at(0.7), killOne('gateway')],
  ];
  // With one process of a kind, killing it measures an outage, not a replica taking over.
  const schedule = SINGLE ? everything.filter(([, action]) => !killers.has(action)) : everything;
  const began = Date.now();
  const actions = Promise.all(
    schedule.map(async ([ms, action]) => {
      await sleep(ms);
      await action().catch((err) =>
        report.push(`action at ${Math.round((Date.now() - began) / 1000)} s failed: ${(err as Error).message}`),
      );
    }),
  );
  console.log(
    `${CONNECTIONS} connections for ${SECONDS} s through nginx over ${gateways.length} gateway(s)${SINGLE ? ', one process of each kind' : ', with kills'}...`,
  );
  const result = await autocannon({
    url: front,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  await actions;
  clearInterval(feedTimer);

  // What was collected settles: published, held as a duplicate, or failed. Whatever still sits unfinished is lost.
  // Unfinished as the sweep sees it: pending with an SEO score is held below the threshold, which is settled.
  const unfinished = () =>
    countOf(
      db('articles')
        .where('source_url', 'like', 'https://wire.scale.example/%')
        .whereIn('processing_status', ['pending', 'processing'])
        .where((q) => q.where('processing_status', 'processing').orWhereNull('seo_score'))
        .whereNot('pipeline_stage', 'published')
        .count({ n: '*' }),
    );
  for (let i = 0; i < 60 && (await unfinished()) > 0; i++) await sleep(1000);
  const published = await countOf(db('news_feed').where('source_url', 'like', 'https://wire.scale.example/%').count({ n: '*' }));
  const duplicated = await countOf(
    db
      .from(
        db('news_feed')
          .where('source_url', 'like', 'https://wire.scale.example/%')
          .groupBy('source_url')
          .havingRaw('count(*) > 1')
          .select('source_url')
          .as('d'),
      )
      .count({ n: '*' }),
  );
  const lost = await unfinished();
  const errors = result.errors + result.timeouts + result['5xx'];
  console.log(
    `requests/s ${Math.round(result.requests.average)}, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; 2xx ${result['2xx']}, 4xx ${result['4xx']}, 5xx ${result['5xx']}, connection errors ${result.errors}, timeouts ${result.timeouts}`,
  );
  console.log(`killed (SIGKILL, then started again): ${kills.join(', ')}; sessions shared across gateways: ${sessionShared}`);
  if (fixRuns) console.log(fixRuns);
  for (const line of report) console.log(line);
  console.log(
    `scale: ${result.requests.total} requests, ${errors} errors, ${published} published, ${lost} lost, ${duplicated} duplicated, staleness ${staleness} ms`,
  );
  if (errors || lost || duplicated || report.length) process.exitCode = 1;
} finally {
  clearInterval(feedTimer);
  for (const r of replicas) r.child?.kill('SIGTERM');
  await Promise.all(
    replicas.map((r) => (r.child && r.child.exitCode === null ? new Promise((res) => r.child!.once('exit', res)) : undefined)),
  );
  nginx?.kill('SIGQUIT');
  await feeds.close();
  await database.drop();
  fs.rmSync(nginxDir, { recursive: true, force: true });
}
