/**
 * Gateway forwarding: the CPU a front process spends per forwarded request with each HTTP client
 * it could forward on. A bare node:http upstream answers a 20 KB news-page JSON with its length;
 * a minimal front (bench/forwardingFront.ts) forwards to it and sends the answer on whole, with
 * (a) node:http + a kept-alive Agent, as services/gateway/src/proxy.ts does, (b) undici
 * Pool.request, (c) undici Pool.dispatch with a handler. Each front runs in its own process and is
 * driven by autocannon at 50 connections in alternating slices (BENCH_SECONDS each, ROUNDS times),
 * so a neighbour's load on the machine falls on every variant alike. Prints req/s and the front's
 * CPU µs per request (process.cpuUsage in the front) per variant, and each against (a).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort, startProcess, stopProcess } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const URL_PATH = '/api/news?limit=9&offset=0';
const VARIANTS = ['agent', 'pool', 'dispatch'] as const;
type Variant = (typeof VARIANTS)[number];

/** A news page as the content service answers it: nine cards, about 20 KB. */
const page = JSON.stringify({
  items: Array.from({ length: 9 }, (_, i) => ({
    id: 90_000 + i,
    title: `Generated story ${i} about a language model that improves inference on GPUs`,
    slug: `generated-story-${90_000 + i}`,
    excerpt: 'Excerpt of a generated story about a language model. '.repeat(6),
    content: `<p>${'Body text of a generated story about a language model. '.repeat(30)}</p>`,
    author: 'Bench',
    publishDate: new Date(Date.UTC(2024, 0, 1, 0, i * 5)).toISOString(),
    category: 'Research',
    tags: ['llm', 'agents', 'inference'],
    sourceName: 'Bench Wire',
    sourceUrl: `https://bench.example/${i}`,
    imageUrl: null,
  })),
  total: 100_000,
  limit: 9,
  offset: 0,
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-forwarding-'));
const bodiesFile = path.join(dir, 'bodies.json');
fs.writeFileSync(bodiesFile, JSON.stringify({ [URL_PATH]: page }));

const children: ChildProcess[] = [];
try {
  const upstreamPort = await freePort();
  const upstream = `http://127.0.0.1:${upstreamPort}`;
  children.push(await startProcess('bench/bareServer.ts', { PORT: String(upstreamPort), BARE_BODIES_FILE: bodiesFile }, `${upstream}/`));
  const fronts = {} as Record<Variant, string>;
  for (const variant of VARIANTS) {
    const port = await freePort();
    fronts[variant] = `http://127.0.0.1:${port}`;
    children.push(
      await startProcess(
        'bench/forwardingFront.ts',
        { PORT: String(port), UPSTREAM_URL: upstream, FORWARDING: variant },
        `${fronts[variant]}/__cpu`,
      ),
    );
  }
  console.log(`Body ${page.length.toLocaleString()} bytes; ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per variant, alternating.`);

  const cpu = async (front: string) => (await (await fetch(`${front}/__cpu`)).json()) as { cpuMicros: number; forwarded: number };
  const drive = (front: string, seconds: number) =>
    autocannon({ url: `${front}${URL_PATH}`, connections: CONNECTIONS, duration: seconds, headers: { accept: 'application/json' } });

  // Warm each front's JIT and connection pool before anything is counted.
  for (const variant of VARIANTS) await drive(fronts[variant], 2);

  const totals = Object.fromEntries(VARIANTS.map((v) => [v, { requests: 0, seconds: 0, cpuMicros: 0, forwarded: 0, errors: 0 }])) as Record<
    Variant,
    { requests: number; seconds: number; cpuMicros: number; forwarded: number; errors: number }
  >;
  for (let round = 1; round <= ROUNDS; round++) {
    const line: string[] = [];
    for (const variant of VARIANTS) {
      const before = await cpu(fronts[variant]);
      const result = await drive(fronts[variant], SECONDS);
      const after = await cpu(fronts[variant]);
      const t = totals[variant];
      const cpuMicros = after.cpuMicros - before.cpuMicros;
      const forwarded = after.forwarded - before.forwarded;
      t.requests += result.requests.total;
      t.seconds += result.duration;
      t.cpuMicros += cpuMicros;
      t.forwarded += forwarded;
      t.errors += result.errors + result.timeouts + result.non2xx;
      line.push(`${variant} ${Math.round(result.requests.total / result.duration)} req/s ${Math.round(cpuMicros / forwarded)} µs`);
    }
    console.log(`round ${round}: ${line.join(' | ')}`);
  }

  const base = totals.agent;
  const baseRate = base.requests / base.seconds;
  const baseCpu = base.cpuMicros / base.forwarded;
  console.log('\nvariant    req/s   front µs/req   req/s vs agent   µs vs agent   errors');
  for (const variant of VARIANTS) {
    const t = totals[variant];
    const rate = t.requests / t.seconds;
    const perRequest = t.cpuMicros / t.forwarded;
    console.log(
      `${variant.padEnd(9)} ${Math.round(rate).toString().padStart(6)}   ${perRequest.toFixed(0).padStart(12)}   ${(rate / baseRate).toFixed(2).padStart(14)}   ${(perRequest / baseCpu).toFixed(2).padStart(11)}   ${t.errors}`,
    );
  }
} finally {
  for (const child of children) await stopProcess(child);
  fs.rmSync(dir, { recursive: true, force: true });
}
