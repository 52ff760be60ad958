import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createRedis, EventBus, OUTBOX_TABLE } from '@neuralbeat/common';
import { eventQueueName } from '@neuralbeat/common/contracts';
import { SERVICE_NAMES, buildService, type ServiceName } from '../../../scripts/buildServices';
import { SERVICE_FLAGS } from '../../../scripts/memoryBudget';
import { ToolService } from '../../../services/content/src/services/toolService';
import { insertAccounts, signIn } from '../../support/admin';
import { scratchBuildDir } from '../../support/scratchBuild';
import { createTestDatabase, testRedis, testRedisPrefix, type TestDatabase } from '../../support/testEnv';
import { freePort, waitFor } from '../../support/throwawayServers';

interface ReceivedSpan {
  service: string;
  /** The instrumentation that made it (`@opentelemetry/instrumentation-pg`, `bullmq`, …). */
  scope: string;
  traceId: string;
  name: string;
  kind: number;
}

/** A local OTLP/HTTP receiver speaking the JSON encoding: every span exported to /v1/traces, with its service. */
function otlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces' && req.headers['content-type']?.startsWith('application/json')) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: {
            resource: { attributes: { key: string; value: { stringValue?: string } }[] };
            scopeSpans: { scope: { name: string }; spans: { traceId: string; name: string; kind: number }[] }[];
          }[];
        };
        for (const rs of body.resourceSpans) {
          const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
          for (const ss of rs.scopeSpans)
            for (const s of ss.spans) spans.push({ service, scope: ss.scope.name, traceId: s.traceId, name: s.name, kind: s.kind });
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else res.writeHead(415).end();
    });
  });
  return { spans, server };
}

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_PRODUCER = 4;
const SPAN_KIND_CONSUMER = 5;
const children: ChildProcess[] = [];
// Compiled as `npm start` and the image run them (scripts/buildServices.ts), each in its own service's folder.
const builds = Object.fromEntries(SERVICE_NAMES.map((service) => [service, scratchBuildDir(service)])) as Record<
  ServiceName,
  ReturnType<typeof scratchBuildDir>
>;
let database: TestDatabase;
let receiver: ReturnType<typeof otlpReceiver>;
let gatewayUrl: string;
let prefix: string;
let baseEnv: NodeJS.ProcessEnv;
/** The traced content's inspector, to compare what it loaded with an untraced one. */
let tracedContentInspector: number;

/** Starts a compiled service as scripts/supervise.ts does (node, the service's memory flags, its dist/main.js), and `extraFlags`. */
function startCompiled(service: ServiceName, env: NodeJS.ProcessEnv, extraFlags: string[] = []): ChildProcess {
  const child = spawn(process.execPath, [...SERVICE_FLAGS[service], ...extraFlags, path.join(builds[service].dir, 'main.js')], {
    env,
    stdio: ['ignore', process.env.TEST_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

/**
 * The package files a process has loaded, asked of V8 through the inspector
 * (`--inspect`): enabling its debugger reports every script compiled so far,
 * ES modules and CommonJS alike, before it answers.
 */
async function loadedPackageFiles(inspectorPort: number): Promise<string[]> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  const files: string[] = [];
  await new Promise<void>((resolve, reject) => {
    socket.onerror = () => reject(new Error('inspector connection failed'));
    socket.onopen = () => socket.send(JSON.stringify({ id: 1, method: 'Debugger.enable' }));
    socket.onmessage = (message) => {
      const data = JSON.parse(String(message.data)) as { id?: number; method?: string; params?: { url: string } };
      if (data.method === 'Debugger.scriptParsed' && data.params!.url.includes('/node_modules/')) files.push(data.params!.url);
      if (data.id === 1) resolve();
    };
  });
  socket.close();
  return files;
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

beforeAll(async () => {
  [database] = await Promise.all([
    createTestDatabase(),
    ...SERVICE_NAMES.map((service) => buildService(service, { outdir: builds[service].dir })),
  ]);
  await insertAccounts(database.db);
  receiver = otlpReceiver();
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  const receiverPort = (receiver.server.address() as { port: number }).port;
  const [content, search, pipeline, gateway, metrics] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  prefix = testRedisPrefix();
  gatewayUrl = `http://127.0.0.1:${gateway}`;
  baseEnv = {
    // Tracing only where a test turns it on, whatever the shell running the tests has set.
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTEL_'))),
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: database.url,
    REDIS_URL: inject('redisUrl'),
    REDIS_PREFIX: prefix,
    CONTENT_PORT: String(content),
    SEARCH_PORT: String(search),
    PIPELINE_PORT: String(pipeline),
    GATEWAY_PORT: String(gateway),
    GATEWAY_METRICS_PORT: String(metrics),
    CONTENT_URL: `http://127.0.0.1:${content}`,
    SEARCH_URL: `http://127.0.0.1:${search}`,
    PIPELINE_URL: `http://127.0.0.1:${pipeline}`,
    DEMO_FEEDS: 'false',
    WEB_DIST: 'web/dist',
    // The relays take an event their writer could not publish soon, not after the default 5 s.
    OUTBOX_POLL_MS: '100',
    OUTBOX_RELAY_AFTER_MS: '200',
  };
  // Only the standard OTEL_* variables turn tracing on.
  const traced = {
    ...baseEnv,
    OTEL_TRACES_EXPORTER: 'otlp',
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiverPort}`,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_METRICS_EXPORTER: 'none',
    OTEL_LOGS_EXPORTER: 'none',
    OTEL_BSP_SCHEDULE_DELAY: '100',
  };
  tracedContentInspector = await freePort();
  startCompiled('content', traced, [`--inspect=127.0.0.1:${tracedContentInspector}`]);
  for (const service of ['search', 'pipeline', 'gateway'] as const) startCompiled(service, traced);
  await waitFor(async () => (await fetch(`${gatewayUrl}/readyz`)).status === 200, 'the traced system answering', 90_000);
}, 150_000);

afterAll(async () => {
  await Promise.all(children.map(stop));
  await new Promise<void>((resolve) => receiver?.server.close(() => resolve()));
  await database?.drop();
  Object.values(builds).forEach((b) => b.remove());
});

/** A submitted tool, waiting for an operator's approval. */
async function submittedTool(slug: string) {
  const redis = createRedis(inject('redisUrl'));
  const bus = new EventBus({ connection: redis, prefix });
  try {
    return await new ToolService(database.db, bus).submit({
      name: slug,
      slug,
      description: 'Follows one request through every service it touches.',
      shortDescription: 'Request tracing',
      websiteUrl: `https://${slug}.example`,
      logoUrl: null,
      category: 'Development',
      tags: ['tracing'],
      features: [],
      pricing: 'Free',
      submittedById: 1,
    });
  } finally {
    await bus.close();
    redis.disconnect();
  }
}

/** The operator approves the tool through the gateway, in a trace of the caller's (a W3C traceparent), whose id it returns. */
async function approveInNewTrace(toolId: number): Promise<string> {
  const traceId = randomBytes(16).toString('hex');
  const cookie = await signIn(gatewayUrl);
  const res = await fetch(`${gatewayUrl}/api/admin/tools/${toolId}/approve`, {
    method: 'POST',
    headers: { origin: gatewayUrl, cookie, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
  });
  expect(res.status).toBe(200);
  return traceId;
}

const spansOf = (traceId: string) => receiver.spans.filter((s) => s.traceId === traceId);

describe('OpenTelemetry traces of the compiled services', () => {
  it("one operator request is one trace: the gateway's span, content's route, statements and Redis commands, and search's handling of the event", async () => {
    const tool = await submittedTool('trace-lens');
    const traceId = await approveInNewTrace(tool.id);

    await waitFor(
      () =>
        spansOf(traceId).some((s) => s.service === 'neuralbeat-gateway' && s.kind === SPAN_KIND_SERVER) &&
        spansOf(traceId).some((s) => s.service === 'neuralbeat-search' && s.kind === SPAN_KIND_CONSUMER),
      "the gateway's span and search's handling of the event exported in the request's trace",
    );
    const inTrace = spansOf(traceId);
    const content = inTrace.filter((s) => s.service === 'neuralbeat-content');
    expect(new Set(inTrace.map((s) => s.service))).toEqual(new Set(['neuralbeat-gateway', 'neuralbeat-content', 'neuralbeat-search']));
    expect(inTrace.some((s) => s.service === 'neuralbeat-gateway' && s.name === 'POST' && s.kind === SPAN_KIND_SERVER)).toBe(true);
    // Express names content's server span by its route and adds the handler's span: only when express was instrumented as it loaded.
    expect(content.some((s) => s.name === 'POST /api/admin/tools/:id/approve' && s.kind === SPAN_KIND_SERVER)).toBe(true);
    expect(content.some((s) => s.scope === '@opentelemetry/instrumentation-express' && s.name === 'request handler')).toBe(true);
    expect(content.some((s) => s.scope === '@opentelemetry/instrumentation-pg' && s.name.startsWith('pg.query:UPDATE'))).toBe(true);
    // The publish's Redis commands (BullMQ's scripts) under its producer span.
    expect(content.some((s) => s.scope === '@opentelemetry/instrumentation-ioredis')).toBe(true);
    expect(content.some((s) => s.kind === SPAN_KIND_PRODUCER && s.name === 'add events-search.tool.approved')).toBe(true);
  }, 60_000);

  it('an event the outbox relay publishes, its writer having failed to, is handled in the trace of the request that wrote it', async () => {
    const tool = await submittedTool('relay-lens');
    // The direct publish fails: BullMQ's job counter of search's event queue (INCR'd by every add, never by the worker)
    // holds a value INCR refuses, on this test's own Redis prefix.
    const redis = testRedis();
    const counter = `${prefix}:${eventQueueName('search')}:id`;
    const count = await redis.get(counter);
    await redis.set(counter, 'not a number');
    let traceId: string;
    try {
      traceId = await approveInNewTrace(tool.id);
      const [row] = await database
        .db(OUTBOX_TABLE)
        .where({ name: 'tool.approved' })
        .whereRaw("payload->>'toolId' = ?", [String(tool.id)]);
      expect(row.published_at).toBeNull();
    } finally {
      await (count === null ? redis.del(counter) : redis.set(counter, count));
      redis.disconnect();
    }

    await waitFor(
      () => spansOf(traceId).some((s) => s.service === 'neuralbeat-search' && s.kind === SPAN_KIND_CONSUMER),
      "search's handling of the relayed event exported in the request's trace",
    );
    const [row] = await database
      .db(OUTBOX_TABLE)
      .where({ name: 'tool.approved' })
      .whereRaw("payload->>'toolId' = ?", [String(tool.id)]);
    expect(row.published_at).not.toBeNull();
    expect(spansOf(traceId).some((s) => s.service === 'neuralbeat-content' && s.name === 'POST /api/admin/tools/:id/approve')).toBe(true);
  }, 60_000);

  it('a read the gateway forwards on its fast path (outside Express) carries the trace to content', async () => {
    expect((await fetch(`${gatewayUrl}/api/news?limit=1`)).status).toBe(200);
    const read = (s: ReceivedSpan) => s.service === 'neuralbeat-content' && s.name === 'GET /api/news' && s.kind === SPAN_KIND_SERVER;
    await waitFor(() => receiver.spans.some(read), "content's span of the read exported");
    const traceId = receiver.spans.find(read)!.traceId;
    await waitFor(
      () => receiver.spans.some((s) => s.service === 'neuralbeat-gateway' && s.traceId === traceId && s.kind === SPAN_KIND_SERVER),
      "the gateway's span of the read exported in the same trace",
    );
    // No Express in the gateway's part of it (its middleware, router and handler spans): the fast path answered.
    const gatewayNames = receiver.spans.filter((s) => s.service === 'neuralbeat-gateway' && s.traceId === traceId).map((s) => s.name);
    expect(gatewayNames.filter((name) => /^(middleware|router|request handler)/.test(name))).toEqual([]);
  }, 30_000);
});

describe('the compiled services with tracing off', () => {
  // prom-client requires @opentelemetry/api (the API alone, a few small files) to read exemplars from the active span.
  const tracingCode = /\/node_modules\/(@opentelemetry\/(?!api\/)|bullmq-otel\/|import-in-the-middle\/|require-in-the-middle\/)/;

  it('load nothing of the OpenTelemetry SDK, its instrumentations or their module hooks', async () => {
    const [port, inspector] = await Promise.all([freePort(), freePort()]);
    // Its own Redis prefix, and a relay that leaves the traced system's outbox rows alone.
    const untraced = startCompiled(
      'content',
      { ...baseEnv, CONTENT_PORT: String(port), REDIS_PREFIX: testRedisPrefix(), OUTBOX_RELAY_AFTER_MS: String(3_600_000) },
      [`--inspect=127.0.0.1:${inspector}`],
    );
    try {
      await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200, 'the untraced content answering');
      const loaded = await loadedPackageFiles(inspector);
      expect(loaded.some((f) => f.includes('/node_modules/express/'))).toBe(true);
      expect(loaded.filter((f) => tracingCode.test(f))).toEqual([]);
      // The same look at the traced content finds them.
      const traced = await loadedPackageFiles(tracedContentInspector);
      expect(traced.some((f) => f.includes('/node_modules/@opentelemetry/sdk-node/'))).toBe(true);
      expect(traced.some((f) => f.includes('/node_modules/import-in-the-middle/'))).toBe(true);
    } finally {
      await stop(untraced);
    }
  }, 60_000);
});
