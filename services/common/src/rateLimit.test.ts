import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createLogger } from './logger';
import { createServiceApp, finishServiceApp, serve, type RunningServer } from './http';
import { redisRateLimit } from './rateLimit';
import { testRedis, testRedisPrefix } from '../../../tests/support/testEnv';
import { until } from '../../../tests/support/until';

const servers: RunningServer[] = [];
const clients: Redis[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  for (const c of clients) c.disconnect();
});

async function limitedServer(redis: Redis, limit: number, options: { batchMs?: number; prefix?: string } = {}) {
  const app = createServiceApp({ name: 'limited', logger: createLogger('t', 'silent') });
  app.get(
    '/thing',
    redisRateLimit({
      redis,
      prefix: options.prefix ?? testRedisPrefix(),
      name: 'thing',
      limit,
      windowMs: 60_000,
      batchMs: options.batchMs,
    }),
    (_req, res) => {
      res.json({ ok: true });
    },
  );
  const server = await serve(finishServiceApp(app), 0);
  servers.push(server);
  // Speak as a visitor behind the gateway: the service trusts loopback and keys by X-Forwarded-For.
  // A request held by the limiter (a command queued until Redis returns) would never answer: the signal turns that into a failure.
  return () => fetch(`${server.url}/thing`, { headers: { 'x-forwarded-for': '198.51.100.77' }, signal: AbortSignal.timeout(10_000) });
}

describe('redisRateLimit', () => {
  it('counts in Redis and refuses past the limit', async () => {
    const redis = testRedis();
    clients.push(redis);
    const call = await limitedServer(redis, 2);
    expect([(await call()).status, (await call()).status, (await call()).status]).toEqual([200, 200, 429]);
  });

  it('tells the client its budget and, once over it, when to come back', async () => {
    const redis = testRedis();
    clients.push(redis);
    const call = await limitedServer(redis, 1);
    const first = await call();
    expect(first.headers.get('ratelimit-policy')).toMatch(/^"thing";\s*q=1;\s*w=60\b/);
    expect(first.headers.get('ratelimit')).toMatch(/^"thing";\s*r=0;\s*t=(60|59)\b/);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: { status: 429, code: 'too_many_requests', message: 'Too many requests, please try again later' },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });

  it('lets requests through at once, uncounted, while Redis is down', async () => {
    // A client for a port nothing listens on: it keeps reconnecting, as during a Redis outage.
    const down = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: null, retryStrategy: () => 50, lazyConnect: false });
    down.on('error', () => {});
    clients.push(down);
    const call = await limitedServer(down, 1);
    await new Promise((r) => setTimeout(r, 200));
    const results = [];
    for (let i = 0; i < 5; i++) results.push((await call()).status);
    // Limit 1, five answers: nothing was counted, and nothing waited for Redis.
    expect(results).toEqual([200, 200, 200, 200, 200]);
  });

  describe('batched (public reads)', () => {
    it('refuses past the limit at once in the process that counts, without waiting for Redis', async () => {
      const redis = testRedis();
      clients.push(redis);
      const call = await limitedServer(redis, 2, { batchMs: 60_000 });
      expect([(await call()).status, (await call()).status, (await call()).status]).toEqual([200, 200, 429]);
    });

    it("adds every process's hits in Redis, so a client is refused by all of them within a batch", async () => {
      const redis = testRedis();
      clients.push(redis);
      const prefix = testRedisPrefix();
      const [first, second] = [
        await limitedServer(redis, 4, { batchMs: 50, prefix }),
        await limitedServer(redis, 4, { batchMs: 50, prefix }),
      ];
      expect([(await first()).status, (await first()).status, (await second()).status, (await second()).status]).toEqual([
        200, 200, 200, 200,
      ]);
      await until(async () => Number(await redis.get(`${prefix}:rate:thing:198.51.100.77`)) === 4);
      // Each process has seen two hits itself; Redis holds four, so the fifth is refused whichever process takes it.
      await until(async () => (await first()).status === 429);
      expect((await second()).status).toBe(429);
      expect(await redis.pttl(`${prefix}:rate:thing:198.51.100.77`)).toBeGreaterThan(55_000);
    });

    it('keeps limiting on its own counts while Redis is down', async () => {
      const down = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: null, retryStrategy: () => 50, lazyConnect: false });
      down.on('error', () => {});
      clients.push(down);
      const call = await limitedServer(down, 2, { batchMs: 20 });
      const results = [];
      for (let i = 0; i < 4; i++) results.push((await call()).status);
      expect(results).toEqual([200, 200, 429, 429]);
    });
  });
});
