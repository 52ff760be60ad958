import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createRedis, EventBus } from '@neuralbeat/common';
import { ToolService } from '../../../services/content/src/services/toolService';
import { adminCall, insertAccounts, signIn } from '../../support/admin';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '../../support/testEnv';
import { freePort, waitFor } from '../../support/throwawayServers';

interface ReceivedSpan {
  service: string;
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
            scopeSpans: { spans: { traceId: string; name: string; kind: number }[] }[];
          }[];
        };
        for (const rs of body.resourceSpans) {
          const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
          for (const ss of rs.scopeSpans) for (const s of ss.spans) spans.push({ service, traceId: s.traceId, name: s.name, kind: s.kind });
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
let database: TestDatabase;
let receiver: ReturnType<typeof otlpReceiver>;
let gatewayUrl: string;
let prefix: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertAccounts(database.db);
  receiver = otlpReceiver();
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  const receiverPort = (receiver.server.address() as { port: number }).port;
  const [content, search, pipeline, gateway, metrics] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  prefix = testRedisPrefix();
  gatewayUrl = `http://127.0.0.1:${gateway}`;
  // Each service a real process started as main.ts starts it, with only the standard OTEL_* variables to turn tracing on.
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
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
    OTEL_TRACES_EXPORTER: 'otlp',
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiverPort}`,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_METRICS_EXPORTER: 'none',
    OTEL_LOGS_EXPORTER: 'none',
    OTEL_BSP_SCHEDULE_DELAY: '100',
  };
  for (const service of ['content', 'search', 'pipeline', 'gateway']) {
    const child = spawn(process.execPath, ['--import', 'tsx', `services/${service}/src/main.ts`], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
  }
  await waitFor(async () => (await fetch(`${gatewayUrl}/readyz`)).status === 200, 'the traced system answering', 60_000);
}, 120_000);

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
  await database.drop();
});

describe('OpenTelemetry traces', () => {
  it("one operator request is one trace: the gateway's span, content's, and search's handling of the event it published", async () => {
    const redis = createRedis(inject('redisUrl'));
    const bus = new EventBus({ connection: redis, prefix });
    const tool = await new ToolService(database.db, bus).submit({
      name: 'Trace Lens',
      slug: 'trace-lens',
      description: 'Follows one request through every service it touches.',
      shortDescription: 'Request tracing',
      websiteUrl: 'https://trace-lens.example',
      logoUrl: null,
      category: 'Development',
      tags: ['tracing'],
      features: [],
      pricing: 'Free',
      submittedById: 1,
    });
    await bus.close();
    redis.disconnect();

    const cookie = await signIn(gatewayUrl);
    const approved = await adminCall(gatewayUrl, cookie, `/api/admin/tools/${tool.id}/approve`, { method: 'POST' });
    expect(approved.status).toBe(200);

    // Content's span of the approval (its route pattern), and the trace it belongs to.
    const approval = (s: ReceivedSpan) => s.service === 'neuralbeat-content' && s.name === 'POST /api/admin/tools/:id/approve';
    await waitFor(() => receiver.spans.some(approval), "content's span of the approval exported");
    const traceId = receiver.spans.find(approval)!.traceId;
    await waitFor(
      () => receiver.spans.some((s) => s.service === 'neuralbeat-search' && s.traceId === traceId && s.kind === SPAN_KIND_CONSUMER),
      "search's handling of the event exported in the same trace",
    );
    const inTrace = receiver.spans.filter((s) => s.traceId === traceId);
    expect(new Set(inTrace.map((s) => s.service))).toEqual(new Set(['neuralbeat-gateway', 'neuralbeat-content', 'neuralbeat-search']));
    // The gateway's server span began it; content's Postgres work and its publish (a BullMQ producer span) are in it.
    expect(inTrace.some((s) => s.service === 'neuralbeat-gateway' && s.name === 'POST' && s.kind === SPAN_KIND_SERVER)).toBe(true);
    expect(inTrace.some((s) => s.service === 'neuralbeat-content' && s.name.startsWith('pg.query:UPDATE'))).toBe(true);
    expect(
      inTrace.some(
        (s) => s.service === 'neuralbeat-content' && s.kind === SPAN_KIND_PRODUCER && s.name === 'add events-search.tool.approved',
      ),
    ).toBe(true);
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
