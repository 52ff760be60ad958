import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server, type ServerResponse } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { createRedis, type Config } from '@neuralbeat/common';
import { PIPELINE_QUEUES } from '@neuralbeat/common/contracts';
import { startContent } from '../../services/content/src/server';
import { SourcesRepository } from '../../services/pipeline/src/repositories/sourcesRepository';
import { createTestDatabase, testConfig, type TestDatabase } from '../support/testEnv';
import { rssFeed } from '../support/feedServer';
import { until } from '../support/until';

/**
 * SIGTERM to a real service process, as Kubernetes sends it: readiness answers
 * 503 at once, what is in flight (a request, a job) finishes, and the process
 * exits 0. The drain delay is long so that readiness is asked while it lasts.
 */
const root = path.resolve(import.meta.dirname, '../..');
let t: TestDatabase;
let cfg: Config;

beforeAll(async () => {
  t = await createTestDatabase();
  cfg = testConfig(t.url);
});
afterAll(async () => {
  await t.drop();
});

interface ServiceProcess {
  child: ChildProcess;
  port: number;
  /** Resolves once a log line matching `pattern` has been written. */
  logged(pattern: RegExp): Promise<void>;
  exitCode: Promise<number | null>;
}

/** Starts services/<name>/src/main.ts as its own Node process on a free port, logging JSON at info. */
async function startService(name: 'content' | 'search' | 'gateway' | 'pipeline', env: Record<string, string>): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', `services/${name}/src/main.ts`], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: cfg.DATABASE_URL,
      REDIS_URL: cfg.REDIS_URL,
      REDIS_PREFIX: cfg.REDIS_PREFIX,
      DEMO_FEEDS: 'false',
      SHUTDOWN_DELAY_MS: '3000',
      SHUTDOWN_TIMEOUT_MS: '20000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exitCode = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const logged = (pattern: RegExp) => until(async () => pattern.test(output), 60_000).then(() => undefined);
  // The HTTP port of the line that says the service is up (other lines may name other ports, e.g. a mail catcher's).
  const upLine = /"port":(\d+)[^\n]*"msg":"[^"]*(?:listening|started)/;
  await logged(upLine);
  const port = Number(upLine.exec(output)![1]);
  return { child, port, logged, exitCode };
}

const readiness = async (port: number) => (await fetch(`http://127.0.0.1:${port}/readyz`)).status;

describe('draining on SIGTERM', () => {
  // Each web service with a request in flight: a POST whose body is half sent, in flight until the rest arrives.
  const WEB = [
    { name: 'content', path: '/api/newsletter/subscribe', status: /^HTTP\/1\.1 20[01] / },
    { name: 'search', path: '/no-such-route', status: /^HTTP\/1\.1 404 / },
    { name: 'gateway', path: '/api/newsletter/subscribe', status: /^HTTP\/1\.1 20[01] / },
  ] as const;

  it.each(WEB)('$name: readiness 503 at once, the request in flight completes, exit code 0', async ({ name, path: urlPath, status }) => {
    // The gateway forwards to a content service; the others need none to answer this request.
    const content = name === 'gateway' ? await startContent(cfg) : undefined;
    try {
      const svc = await startService(name, {
        [`${name.toUpperCase()}_PORT`]: '0',
        CONTENT_URL: content?.url ?? 'http://127.0.0.1:9',
        WEB_DIST: 'web/dist',
      });
      expect(await readiness(svc.port)).toBe(name === 'gateway' ? 503 : 200);
      const email = `drain-${name}@example.com`;
      const body = JSON.stringify({ email });
      const socket = net.connect(svc.port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.write(
        `POST ${urlPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 5)}`,
      );

      svc.child.kill('SIGTERM');
      await svc.logged(/readiness answers 503/);
      const draining = await fetch(`http://127.0.0.1:${svc.port}/readyz`);
      expect(draining.status).toBe(503);
      expect(await draining.json()).toMatchObject({ status: 'draining' });
      socket.write(body.slice(5));
      await closed;
      expect(answer).toMatch(status);
      expect(await svc.exitCode).toBe(0);
      if (urlPath === '/api/newsletter/subscribe') expect(await t.db('newsletters').where({ email }).first()).toBeTruthy();
    } finally {
      await content?.close();
    }
  });

  it('pipeline worker: readiness 503 at once, the job in flight finishes, exit code 0', async () => {
    // A feed that answers only when the test says so: the collect job stays in flight meanwhile.
    const held: ServerResponse[] = [];
    const feed: Server = createServer((_req, res) => void held.push(res));
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    const feedUrl = `http://127.0.0.1:${(feed.address() as net.AddressInfo).port}/feed.xml`;
    const source = await new SourcesRepository(t.db).upsert('Drain Wire', feedUrl);
    const redis = createRedis(cfg.REDIS_URL);
    const queue = new Queue(PIPELINE_QUEUES.collect.name, { connection: redis, prefix: cfg.REDIS_PREFIX });
    try {
      const svc = await startService('pipeline', { PIPELINE_ROLES: 'worker', PIPELINE_PORT: '0', FULL_TEXT_FETCH: 'false' });
      const job = await queue.add('collect', { sourceId: source.id }, { jobId: 'drain-collect' });
      await until(async () => held.length > 0);
      expect(await job.getState()).toBe('active');

      svc.child.kill('SIGTERM');
      await svc.logged(/readiness answers 503/);
      expect(await readiness(svc.port)).toBe(503);
      held[0]!.writeHead(200, { 'content-type': 'application/rss+xml' });
      held[0]!.end(rssFeed([{ title: 'Drained but not lost', link: 'https://fixture.example/drained' }]));

      expect(await svc.exitCode).toBe(0);
      expect(await job.getState()).toBe('completed');
      expect(await t.db('articles').where({ title: 'Drained but not lost' }).first()).toBeTruthy();
    } finally {
      await queue.close();
      redis.disconnect();
      feed.closeAllConnections();
      feed.close();
    }
  });
});
