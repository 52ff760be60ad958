/**
 * `npm run scale-test`: replicas proven on one machine. 2 gateways behind nginx
 * (Debian's, installed with apt-get when missing), 3 content, 2 search (nginx
 * in front of each kind), 1 pipeline-api and 3 pipeline-worker processes on one
 * Postgres and one Redis. For SCALE_SECONDS (60) it runs the site's API mix at
 * SCALE_CONNECTIONS (200) while a feed grows and is collected and published,
 * its publisher edits a published story, an operator approves a tool and edits
 * another, and starts the same fix from both gateways at once; one replica of
 * each kind is SIGKILLed and started again along the way. It checks that every
 * gateway and content process (each asked directly) shows every change, to a
 * request sent within STALENESS_GOAL_MS of the write, that a session and a rate
 * limit are shared by all of them, and that exactly one of the two fix runs
 * changed anything. Its last line: `scale: <R> requests, <E> errors,
 * <P> published, <L> lost, <D> duplicated, staleness <S> ms` (S: from the write's
 * answer to the latest send of the first request that a replica answered with
 * the change — after S every read from every replica shows it; the time those
 * answers then took under the load is printed on its own line); it exits 1 when
 * any check fails.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { cachePurgeChannel } from '../services/common/src/cachePurge';
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
/** Issue 24: every change visible from every replica within 1 s. */
const STALENESS_GOAL_MS = 1000;
/** How often each replica is asked whether it shows a change yet. */
const PROBE_MS = 20;
/** A replica that has not shown a change after this long never will: a failure, not a figure. */
const PROBE_GIVE_UP_MS = 30_000;
/** The client address the rate-limit check speaks for, so the load's own address is not what is counted. */
const LIMITED_CLIENT = '198.51.100.24';
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

/**
 * The load, in a process of its own: autocannon's connections would otherwise hold up this
 * process's event loop, and with it the probes that time each replica's answers.
 */
function runLoad(options: autocannon.Options): Promise<autocannon.Result> {
  const code = `require('autocannon')(JSON.parse(process.argv[1]), (err, result) => {
    if (err) throw err;
    process.stdout.write(JSON.stringify(result));
  });`;
  return new Promise((resolve, reject) => {
    const load = spawn(process.execPath, ['-e', code, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    load.stdout.on('data', (chunk: Buffer) => (out += chunk));
    load.once('error', reject);
    load.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as autocannon.Result) : reject(new Error(`the load exited ${code}`)),
    );
  });
}

interface Target {
  name: string;
  url: string;
}

/**
 * Asks every target directly, in parallel, every PROBE_MS, until each shows the change; returns for
 * each the ms from `since` to the answer that first showed it, and to when that request was sent
 * (the difference is the answer's own latency under load). undefined: never within PROBE_GIVE_UP_MS.
 * A target that does not answer (a replica being restarted) is asked again.
 */
async function firstShown(targets: Target[], shows: (origin: string) => Promise<boolean>, since: number): Promise<Shown[]> {
  return Promise.all(
    targets.map(async ({ name, url }) => {
      while (Date.now() - since < PROBE_GIVE_UP_MS) {
        const asked = Date.now();
        const shown = await shows(url).catch(() => false);
        if (shown) return { name, ms: Date.now() - since, askedMs: asked - since };
        await sleep(PROBE_MS);
      }
      return { name, ms: undefined, askedMs: undefined };
    }),
  );
}
interface Shown {
  name: string;
  ms: number | undefined;
  askedMs: number | undefined;
}

const nginxBin = ensureNginx();
const database = await benchDatabase();
const db = database.db;
await seed(db, { publish: async () => 'unpublished' });
await db('users').insert({ username: OPERATOR.username, password: await hashPassword(OPERATOR.password), is_admin: true });

// A publisher whose feed gains fresh stories on every fetch, and keeps one story it edits along the way.
const feeds = await startFeedServer();
const KEPT_STORY_URL = 'https://wire.scale.example/stories/kept';
const keptStory = { title: 'Scale wire kept story: inference clusters on one rack', edited: false };
let fetched = 0;
const writeFeed = () => {
  const start = (fetched - 1) * ITEMS_PER_COLLECTION;
  const items = Array.from({ length: ITEMS_PER_COLLECTION }, (_, i) => ({
    title: `Scale wire story ${start + i}: distributed inference on commodity GPUs`,
    link: `https://wire.scale.example/stories/${start + i}`,
    html: uniqueArticleHtml(start + i),
    category: 'Research',
  }));
  items.push({
    title: keptStory.title,
    link: KEPT_STORY_URL,
    html: uniqueArticleHtml(1_000_000) + (keptStory.edited ? '<p>Correction: the rack holds eight nodes, not six.</p>' : ''),
    category: 'Research',
  });
  feeds.routes.set('/wire.xml', { body: rssFeed(items, 'Scale Wire') });
};
const refreshFeed = () => {
  fetched++;
  writeFeed();
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
// A tool taken off the directory, for the operator to approve during the run, and one to edit.
const [tool, editedTool] = await db('tools').where({ approved: true }).select('id', 'slug').orderBy('id').limit(2);
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
const redisPrefix = uniquePrefix();
const base = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'error',
  DATABASE_URL: database.url,
  REDIS_PREFIX: redisPrefix,
  CONTENT_URL: `http://127.0.0.1:${contentFront}`,
  SEARCH_URL: `http://127.0.0.1:${searchFront}`,
  PIPELINE_URL: `http://127.0.0.1:${apiPorts[0]}`,
  SITE_URL: `http://127.0.0.1:${frontPort}`,
  DEMO_FEEDS: 'false',
  FULL_TEXT_FETCH: 'false',
  COLLECT_INTERVAL_SECONDS: '5',
  // Any free port for each pipeline's mail catcher (four pipelines, and other runs on this machine).
  MAIL_CATCHER_PORT: '0',
  GATEWAY_TRUSTED_PROXIES: 'loopback',
  // Every simulated visitor shares one address here; the limits would otherwise be what is measured.
  API_READ_RATE_LIMIT: '100000000',
  SEARCH_RATE_LIMIT: '100000000',
};
const PUBLIC_POST_LIMIT = 20;

interface Replica {
  kind: string;
  name: string;
  entry: string;
  env: Record<string, string>;
  url: string;
  child?: ChildProcess;
}
const replica = (kind: string, service: string, port: number, n: number, extra: Record<string, string> = {}): Replica => ({
  kind,
  name: `${kind} ${n + 1}`,
  entry: `services/${service}/src/main.ts`,
  env: { ...base, [`${service.toUpperCase()}_PORT`]: String(port), PUBLIC_POST_RATE_LIMIT: String(PUBLIC_POST_LIMIT), ...extra },
  url: `http://127.0.0.1:${port}`,
});
const replicas: Replica[] = [
  ...contentPorts.map((p, n) => replica('content', 'content', p, n)),
  ...searchPorts.map((p, n) => replica('search', 'search', p, n)),
  ...apiPorts.map((p, n) => replica('pipeline-api', 'pipeline', p, n, { PIPELINE_ROLES: 'api' })),
  ...workerPorts.map((p, n) => replica('pipeline-worker', 'pipeline', p, n, { PIPELINE_ROLES: 'worker' })),
  // Each gateway serves its metrics on a port of its own (0: any free one).
  ...gatewayPorts.map((p, n) => replica('gateway', 'gateway', p, n, { GATEWAY_METRICS_PORT: '0' })),
];
const start = async (r: Replica) => {
  // tsx compiles each service as it starts: under the load on a busy 2-core machine that can take longer than a bench allows.
  r.child = await startProcess(r.entry, r.env, `${r.url}/healthz`, 60_000);
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

// What happens between a write and the replicas showing it, as seen from outside: Postgres's change
// notification (what each content process hears) and the purge messages the gateways hear.
const heard: { at: number; payload: string }[] = [];
const listener = new pg.Client({ connectionString: database.url });
await listener.connect();
listener.on('notification', (msg) => heard.push({ at: Date.now(), payload: msg.payload ?? '' }));
await listener.query('LISTEN public_content_changed');
const purges: { at: number; keys: string[] }[] = [];
const purgeListener = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
await purgeListener.connect();
purgeListener.on('message', (_channel: string, message: string) => purges.push({ at: Date.now(), keys: message.split(/\s+/) }));
await purgeListener.subscribe(cachePurgeChannel(redisPrefix));

const countOf = async (query: Promise<{ n: string | number }[]>) => Number((await query)[0]!.n);
/** Checks that failed: any makes the exit code 1. */
const failures: string[] = [];
const findings: string[] = [];

try {
  nginx = spawn(nginxBin, ['-c', path.join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  console.log(`Starting ${replicas.length} service processes...`);
  for (const r of replicas.filter((x) => x.kind !== 'gateway')) await start(r);
  for (const r of replicas.filter((x) => x.kind === 'gateway')) await start(r);
  const front = `http://127.0.0.1:${frontPort}`;

  const gateways = replicas.filter((r) => r.kind === 'gateway');
  const contents = replicas.filter((r) => r.kind === 'content');
  /** Where a visitor's read can be answered from: each gateway and each content process, asked directly. */
  const readers: Target[] = [...gateways, ...contents];
  const signIn = async (origin: string) => {
    const res = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(OPERATOR),
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
    return res.headers.getSetCookie()[0]!.split(';')[0]!;
  };
  const cookie = await signIn(gateways[0]!.url);
  const admin = (origin: string, apiPath: string, body: unknown, method = 'POST') =>
    fetch(`${origin}${apiPath}`, {
      method,
      headers: { origin, cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

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

  /** Each change: when it was made (requested, and committed as its writer saw it) and when each reader showed it. */
  interface Change {
    what: string;
    requested: number;
    committed: number;
    /** The change notifications that name it. */
    notifies: (payload: string) => boolean;
    /** The surrogate keys whose purge expires its kept answers. */
    keys: string[];
    shown: Shown[];
  }
  const changes: Change[] = [];
  const watchChange = async (change: Omit<Change, 'shown'>, shows: (origin: string) => Promise<boolean>) => {
    const shown = await firstShown(readers, shows, change.committed);
    changes.push({ ...change, shown });
    const { what } = change;
    const never = shown.filter((s) => s.ms === undefined).map((s) => s.name);
    if (never.length) failures.push(`${what}: never shown by ${never.join(', ')} within ${PROBE_GIVE_UP_MS / 1000} s`);
  };
  const bodyOf = async (url: string) => {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };

  let fixRuns = '';
  let sessionsShared: boolean | undefined;
  let limitsShared: boolean | undefined;
  const kills: string[] = [];
  const killers = new Set<() => Promise<void>>();
  /** Replicas being started again: a probe waits for them, so it times a change, not a restart. */
  const restarts: Promise<void>[] = [];
  /** The checks that call a gateway directly: the gateway kill waits for them, so it does not cut one off. */
  const checks: Promise<void>[] = [];
  const killOne = (kind: string) => {
    const kill = async () => {
      if (kind === 'gateway') await Promise.allSettled(checks);
      const victim = replicas.find((r) => r.kind === kind)!;
      victim.child!.kill('SIGKILL');
      kills.push(kind);
      const restart = sleep(1000).then(() => start(victim));
      restarts.push(restart);
      await restart;
    };
    killers.add(kill);
    return kill;
  };
  const check = (action: () => Promise<void>) => () => {
    const done = Promise.allSettled(restarts).then(action);
    checks.push(done.catch(() => undefined));
    return done;
  };
  const everything: [number, () => Promise<void>][] = [
    [at(0.1), killOne('content')],
    [
      at(0.2),
      check(async () => {
        // The same fix from both gateways at once. Judged by its outcome: the audit log records a live
        // run only when it changed rows, and the article was reset once.
        const answers = await Promise.all(
          gateways.map((g) => admin(g.url, '/api/admin/reset-duplicates', { dryRun: false, specificIds: [duplicate.id] })),
        );
        const bodies = (await Promise.all(answers.map((a) => a.json()))) as { results?: { processed: number } }[];
        const runs = await db('admin_audit_log')
          .where({ action: 'duplicateReset' })
          .whereRaw('? = any(affected_ids)', [duplicate.id])
          .select('id');
        const row = await db('articles').where({ id: duplicate.id }).first('processing_status', 'duplicate_detection_data');
        const processed = bodies.map((b) => b.results?.processed);
        fixRuns = `fix from ${gateways.length} gateway(s) at once: statuses ${answers.map((a) => a.status).join('/')}, rows changed ${processed.join('/')}, audited runs ${runs.length}, article now ${row.processing_status}`;
        const ok =
          answers.every((a) => a.status === 200) &&
          processed.filter((n) => n === 1).length === 1 &&
          processed.filter((n) => n === 0).length === gateways.length - 1 &&
          runs.length === 1 &&
          row.processing_status !== 'duplicate' &&
          row.duplicate_detection_data?.resetBy === OPERATOR.username;
        if (!ok) failures.push(`not exactly one fix run: ${fixRuns}`);
      }),
    ],
    [
      at(0.25),
      check(async () => {
        // A session made on one gateway is good on every gateway and content process; signed out on another, it is good nowhere.
        const session = await signIn(gateways[0]!.url);
        const statuses = async () =>
          Promise.all(readers.map(async (r) => (await fetch(`${r.url}/api/auth/session`, { headers: { cookie: session } })).status));
        const signedIn = await statuses();
        const out = gateways.at(-1)!.url;
        const signOut = await fetch(`${out}/api/auth/logout`, { method: 'POST', headers: { origin: out, cookie: session } });
        const signedOut = await statuses();
        sessionsShared = signedIn.every((s) => s === 200) && signOut.status === 204 && signedOut.every((s) => s === 401);
        findings.push(
          `session from ${gateways[0]!.name}: ${readers.map((r, i) => `${r.name} ${signedIn[i]}`).join(', ')}; signed out on ${gateways.at(-1)!.name} (${signOut.status}), then ${readers.map((r, i) => `${r.name} ${signedOut[i]}`).join(', ')}`,
        );
        if (!sessionsShared) failures.push('sessions are not shared');
      }),
    ],
    [
      at(0.28),
      check(async () => {
        // One client's public POSTs spread over every gateway and content process are counted together:
        // the limit trips at the same count as on one process, wherever the next one lands.
        const subscribe = (r: Target, n: number) =>
          fetch(`${r.url}/api/newsletter/subscribe`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: r.url, 'x-forwarded-for': LIMITED_CLIENT },
            body: JSON.stringify({ email: `scale-reader-${n}@scale.example` }),
          }).then((res) => res.status);
        const within: number[] = [];
        for (let n = 0; n < PUBLIC_POST_LIMIT; n++) within.push(await subscribe(readers[n % readers.length]!, n));
        const beyond = await Promise.all(readers.map((r, i) => subscribe(r, PUBLIC_POST_LIMIT + i)));
        limitsShared = within.every((s) => s === 200) && beyond.every((s) => s === 429);
        findings.push(
          `rate limit ${PUBLIC_POST_LIMIT}/min, one client over ${readers.length} processes: first ${PUBLIC_POST_LIMIT} ${[...new Set(within)].join('/')}, then ${readers.map((r, i) => `${r.name} ${beyond[i]}`).join(', ')}`,
        );
        if (!limitsShared) failures.push('rate limits are not shared');
      }),
    ],
    [at(0.3), killOne('search')],
    [
      at(0.3),
      check(async () => {
        // The publisher corrects a story that is in the news feed; the pipeline publishes the edit in place.
        const kept = () => db('news_feed').where({ source_url: KEPT_STORY_URL }).first('id', 'slug', 'title');
        let before = await kept();
        for (let i = 0; !before && i < 600; i++) before = (await sleep(100), await kept());
        if (!before) throw new Error('the kept story was never published');
        const requested = Date.now();
        keptStory.title = 'Scale wire kept story: inference clusters on one rack (corrected)';
        keptStory.edited = true;
        writeFeed();
        let after = before;
        while (after.title === before.title && Date.now() - requested < 60_000) {
          await sleep(PROBE_MS);
          after = await kept();
        }
        if (after.title === before.title) throw new Error('the edited story was never published');
        const committed = Date.now();
        await watchChange(
          {
            what: 'news edited by its publisher',
            requested,
            committed,
            notifies: (p) => p === 'news' || new RegExp(`^news:items:(\\d+,)*${after.id}(,|$)`).test(p),
            keys: [`content:news:item:${after.id}`, 'content:news', 'content'],
          },
          async (origin) => {
            const body = JSON.parse((await bodyOf(`${origin}/api/news/${after.slug}`)).text) as {
              title?: string;
              article?: { title: string };
            };
            return (body.article ?? body).title === after.title;
          },
        );
      }),
    ],
    [
      at(0.4),
      check(async () => {
        // An approved tool shows on its page and in the directory's count.
        const total = async (origin: string) => Number((await bodyOf(`${origin}/api/tools?limit=1`)).headers.get('x-total-count'));
        const listed = await total(front);
        const requested = Date.now();
        const res = await admin(gateways[0]!.url, `/api/admin/tools/${tool.id}/approve`, {});
        if (res.status >= 300) throw new Error(`approve failed: ${res.status}`);
        const change = {
          what: 'tool approved',
          requested,
          committed: Date.now(),
          notifies: (p: string) => p === 'tools',
          keys: ['content:tools', 'content'],
        };
        await watchChange(change, async (origin) => {
          const [page, count] = await Promise.all([bodyOf(`${origin}/api/tools/${tool.slug}`), total(origin)]);
          return page.status === 200 && count === listed + 1;
        });
      }),
    ],
    [at(0.5), killOne('pipeline-worker')],
    [
      at(0.55),
      check(async () => {
        // An operator's edit through the other gateway.
        const description = `Edited by an operator during the scale test (${Date.now()}).`;
        const requested = Date.now();
        const res = await admin(gateways.at(-1)!.url, `/api/admin/tools/${editedTool.id}`, { description }, 'PATCH');
        if (res.status >= 300) throw new Error(`tool edit failed: ${res.status}`);
        const change = {
          what: 'tool edited',
          requested,
          committed: Date.now(),
          notifies: (p: string) => p === 'tools',
          keys: ['content:tools', 'content'],
        };
        await watchChange(
          change,
          async (origin) =>
            (JSON.parse((await bodyOf(`${origin}/api/tools/${editedTool.slug}`)).text) as { description?: string }).description ===
            description,
        );
      }),
    ],
    [at(0.7), killOne('gateway')],
  ];
  // With one process of a kind, killing it measures an outage, not a replica taking over.
  const schedule = SINGLE ? everything.filter(([, action]) => !killers.has(action)) : everything;
  const began = Date.now();
  const actions = Promise.all(
    schedule.map(async ([ms, action]) => {
      await sleep(ms);
      await action().catch((err) =>
        failures.push(`action at ${Math.round((Date.now() - began) / 1000)} s failed: ${(err as Error).message}`),
      );
    }),
  );
  console.log(
    `${CONNECTIONS} connections for ${SECONDS} s through nginx over ${gateways.length} gateway(s)${SINGLE ? ', one process of each kind' : ', with kills'}...`,
  );
  const result = await runLoad({
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
    `requests/s ${Math.round(result.requests.average)}, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; 2xx ${result['2xx']}, 4xx ${result['4xx']}, 5xx ${result['5xx']}, connection errors ${result.errors}, timeouts ${result.timeouts}; statuses ${JSON.stringify(result.statusCodeStats)}`,
  );
  console.log(`killed (SIGKILL, then started again): ${kills.length ? kills.join(', ') : 'none'}`);
  if (fixRuns) console.log(fixRuns);
  for (const line of findings) console.log(line);
  // Each change step by step, in ms from when its writer saw it committed (the write's answer; for the
  // publisher's edit, the row read back): the change notification, the gateway purges naming it, each reader.
  const relative = (t: number, since: number) => `${t - since >= 0 ? '+' : ''}${t - since}`;
  let staleness = 0;
  let answeredMs = 0;
  for (const c of changes) {
    const notifications = heard.filter((h) => h.at >= c.requested && h.at <= c.committed + 1000 && c.notifies(h.payload));
    const notified = notifications[0];
    const purged = purges.filter((p) => p.at >= (notified?.at ?? c.requested) && p.keys.some((k) => c.keys.includes(k.replace(/^~/, ''))));
    console.log(
      `${c.what}: committed ${c.committed - c.requested} ms after asking; notified ${notified ? `${relative(notified.at, c.committed)}${notifications.length > 1 ? ` (${notifications.length} times)` : ''}` : 'never'}, gateway purges ${
        purged.length
          ? purged
              .slice(0, 6)
              .map((p) => `${relative(p.at, c.committed)}${p.keys.some((k) => k.startsWith('~')) ? ' (soft)' : ''}`)
              .join(' ')
          : 'none'
      }; shown by ${c.shown.map((s) => `${s.name} ${s.ms ?? 'never'} (asked +${s.askedMs})`).join(', ')} ms`,
    );
    staleness = Math.max(staleness, ...c.shown.map((s) => s.askedMs ?? PROBE_GIVE_UP_MS));
    answeredMs = Math.max(answeredMs, ...c.shown.map((s) => s.ms ?? PROBE_GIVE_UP_MS));
  }
  if (changes.length < 3) failures.push(`only ${changes.length} of 3 changes were made`);
  // A replica answering old state to a request sent after the goal kept it too long: a cache or purge fault.
  // An answer sent in time that is slow to come back is the load's latency, reported but not a fault.
  if (staleness > STALENESS_GOAL_MS)
    failures.push(
      `a replica still answered the old state to requests sent up to ${staleness} ms after a write (goal ${STALENESS_GOAL_MS} ms)`,
    );
  console.log(
    `every replica showed every change to a request sent within ${staleness} ms of the write; the last of those answers arrived ${answeredMs} ms after it (the load's latency)`,
  );
  if (errors) failures.push(`${errors} requests failed`);
  if (lost || duplicated) failures.push(`${lost} lost, ${duplicated} duplicated`);
  for (const line of failures) console.log(`FAILED: ${line}`);
  console.log(
    `scale: ${result.requests.total} requests, ${errors} errors, ${published} published, ${lost} lost, ${duplicated} duplicated, staleness ${staleness} ms`,
  );
  if (failures.length) process.exitCode = 1;
} finally {
  clearInterval(feedTimer);
  for (const r of replicas) r.child?.kill('SIGTERM');
  await Promise.all(
    replicas.map((r) => (r.child && r.child.exitCode === null ? new Promise((res) => r.child!.once('exit', res)) : undefined)),
  );
  nginx?.kill('SIGQUIT');
  await listener.end();
  purgeListener.disconnect();
  await feeds.close();
  await database.drop();
  fs.rmSync(nginxDir, { recursive: true, force: true });
}
