import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, type RunningServer } from '@neuralbeat/common';
import { startContent } from '../../../services/content/src/server';
import { startGateway } from '../../../services/gateway/src/server';
import { startSystem, type RunningSystem } from '../../support/system';
import { testRedis } from '../../support/testEnv';

/**
 * The system's limits are set low here: 3 public POSTs, 5 reads and 4 searches
 * per client per minute. `edge` is the system's own gateway (the public edge:
 * it trusts no proxy); `behindProxy` is a second gateway that trusts a load
 * balancer on loopback, so a test can speak as several visitors.
 */
let sys: RunningSystem;
let behindProxy: RunningServer;
const extra: RunningServer[] = [];
const silent = createLogger('test', 'silent');

const post = (origin: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const subscribe = (origin: string, visitor?: string) =>
  post(origin, '/api/newsletter/subscribe', { email: 'reader@example.org' }, visitor ? { 'x-forwarded-for': visitor } : {});
const statuses = async (n: number, call: () => Promise<Response>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await call()).status);
  return out;
};

beforeAll(async () => {
  sys = await startSystem({ PUBLIC_POST_RATE_LIMIT: '3', API_READ_RATE_LIMIT: '5', SEARCH_RATE_LIMIT: '4' });
  behindProxy = await startGateway({ ...sys.config, GATEWAY_PORT: 0, GATEWAY_TRUSTED_PROXIES: 'loopback' }, silent);
});
afterAll(async () => {
  await Promise.all([behindProxy.close(), ...extra.map((s) => s.close())]);
  await sys.stop();
});

describe('public POST limit', () => {
  it('the 4th POST in a minute is a 429 in the envelope with Retry-After, and the counter is in Redis', async () => {
    expect(await statuses(3, () => subscribe(behindProxy.url, '203.0.113.10'))).toEqual([200, 200, 200]);
    const limited = await subscribe(behindProxy.url, '203.0.113.10');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: { status: 429, code: 'too_many_requests', message: 'Too many requests, please try again later' },
    });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('ratelimit-policy')).toContain('q=3');
    const redis = testRedis();
    try {
      expect(await redis.keys(`${sys.config.REDIS_PREFIX}:rate:newsletter:*`)).toContain(
        `${sys.config.REDIS_PREFIX}:rate:newsletter:203.0.113.10`,
      );
    } finally {
      redis.disconnect();
    }
  });

  it('behind a trusted proxy each visitor has their own budget', async () => {
    expect((await subscribe(behindProxy.url, '203.0.113.10')).status).toBe(429);
    expect((await subscribe(behindProxy.url, '203.0.113.11')).status).toBe(200);
    // The tool submission has a budget of its own.
    expect((await post(behindProxy.url, '/api/tools/submit', {}, { 'x-forwarded-for': '203.0.113.10' })).status).toBe(400);
  });

  it('at the edge a client cannot pick its address with X-Forwarded-For: every guess shares its socket bucket', async () => {
    const spoofs = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '10.0.0.1, 198.51.100.5'];
    const results = await statuses(spoofs.length, () => subscribe(sys.url, spoofs.shift()));
    expect(results).toEqual([200, 200, 200, 429, 429]);
  });

  it('every process of a service shares the counters', async () => {
    const second = await startContent({ ...sys.config, CONTENT_PORT: 0 }, silent);
    extra.push(second);
    const [a, b] = [sys.services.content.url, second.url];
    const order = [a, b, a, b, b];
    const results = await statuses(order.length, () => subscribe(order.shift()!, '192.0.2.50'));
    expect(results).toEqual([200, 200, 200, 429, 429]);
  });

  it('a service believes X-Forwarded-For only from its trusted proxies', async () => {
    // Trusting only 10.1.2.3, this content process takes a loopback caller's header for what it is: the caller's claim.
    const strict = await startContent({ ...sys.config, CONTENT_PORT: 0, SERVICE_TRUSTED_PROXIES: '10.1.2.3' }, silent);
    extra.push(strict);
    let n = 0;
    const results = await statuses(4, () => post(strict.url, '/api/tools/submit', {}, { 'x-forwarded-for': `192.0.2.${100 + n++}` }));
    expect(results).toEqual([400, 400, 400, 429]);
  });
});

describe('read and search limits', () => {
  it('lists and details: generous, but a 429 with Retry-After past the budget', async () => {
    const read = () => fetch(`${behindProxy.url}/api/news?limit=1`, { headers: { 'x-forwarded-for': '203.0.113.20' } });
    expect(await statuses(5, read)).toEqual([200, 200, 200, 200, 200]);
    const limited = await read();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: { code: 'too_many_requests' } });
    expect(limited.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('search has its own budget', async () => {
    // Each a different query: the gateway replays a repeated one without asking search (the budget guards the engine).
    let n = 0;
    const search = () => fetch(`${behindProxy.url}/api/tools/search?q=agent${n++}`, { headers: { 'x-forwarded-for': '203.0.113.21' } });
    expect(await statuses(4, search)).toEqual([200, 200, 200, 200]);
    const limited = await search();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Reads are a separate budget.
    expect((await fetch(`${behindProxy.url}/api/tools`, { headers: { 'x-forwarded-for': '203.0.113.21' } })).status).toBe(200);
  });

  it("the gateway's own reads for page head tags are not counted against anyone", async () => {
    const direct = await statuses(8, () => fetch(`${sys.services.content.url}/api/news?limit=1`));
    expect(direct.every((s) => s === 200)).toBe(true);
  });
});
