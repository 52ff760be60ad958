import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { Redis } from 'ioredis';
import { createLogger } from './logger';
import { createServiceApp, finishServiceApp, serve, type RunningServer } from './http';
import { SESSION_COOKIE, SessionStore, requireAdmin } from './adminAuth';

const SITE = 'https://news.example';
let server: RunningServer;
let redis: Redis;
let sessions: SessionStore;
let adminToken: string;
let readerToken: string;

beforeAll(async () => {
  redis = new Redis(inject('redisUrl'), { maxRetriesPerRequest: null });
  sessions = new SessionStore(redis, `nbt-${inject('runId')}-${randomBytes(4).toString('hex')}`, 60);
  const app = createServiceApp({ name: 'auth-kit', logger: createLogger('auth-kit', 'silent') });
  app.use('/api/admin', requireAdmin({ sessions, siteUrl: SITE }));
  app.get('/api/admin/who', (req, res) => res.json({ user: req.adminUser }));
  app.post('/api/admin/change', (req, res) => res.json({ changed: true, by: req.adminUser?.username }));
  server = await serve(finishServiceApp(app), 0);
  adminToken = await sessions.create({ id: 7, username: 'ops', isAdmin: true });
  readerToken = await sessions.create({ id: 8, username: 'reader', isAdmin: false });
});
afterAll(async () => {
  await server.close();
  redis.disconnect();
});

const call = (path: string, init: RequestInit & { token?: string } = {}) =>
  fetch(`${server.url}${path}`, {
    ...init,
    headers: { ...(init.token ? { cookie: `other=1; ${SESSION_COOKIE}=${init.token}` } : {}), ...(init.headers as Record<string, string>) },
  });

describe('requireAdmin', () => {
  it('answers 401 in the error envelope without a session, or with an unknown or expired one', async () => {
    for (const token of [undefined, 'forged-token-value']) {
      const res = await call('/api/admin/who', { token });
      expect(res.status).toBe(401);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(await res.json()).toEqual({ error: { status: 401, code: 'unauthenticated', message: 'Sign in as an operator to continue' } });
    }
    const short = new SessionStore(redis, `nbt-${inject('runId')}-short`, 1);
    const token = await short.create({ id: 9, username: 'brief', isAdmin: true });
    expect(await short.get(token)).toMatchObject({ username: 'brief' });
    await new Promise((r) => setTimeout(r, 1100));
    expect(await short.get(token)).toBeNull();
  });

  it('answers 403 for a signed-in account that is not an operator', async () => {
    const res = await call('/api/admin/who', { token: readerToken });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('forbidden');
  });

  it('lets an operator through, never cacheable, and keeps the token out of Redis keys', async () => {
    const res = await call('/api/admin/who', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toEqual({ user: { id: 7, username: 'ops', isAdmin: true } });
    const keys = await redis.keys(`nbt-${inject('runId')}-*:session:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((k) => k.includes(adminToken))).toBe(false);
  });

  it('refuses a state change another site made the browser send, and accepts our own pages and non-browser clients', async () => {
    const crossSite = await call('/api/admin/change', {
      method: 'POST',
      token: adminToken,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).error.code).toBe('cross_site_request');
    const sameSite = await call('/api/admin/change', {
      method: 'POST',
      token: adminToken,
      headers: { origin: 'https://shop.news.example', 'sec-fetch-site': 'same-site' },
    });
    expect(sameSite.status).toBe(403);
    const oldBrowser = await call('/api/admin/change', { method: 'POST', token: adminToken, headers: { origin: 'https://evil.example' } });
    expect(oldBrowser.status).toBe(403);
    const ours = await call('/api/admin/change', {
      method: 'POST',
      token: adminToken,
      headers: { origin: SITE, 'sec-fetch-site': 'same-origin' },
    });
    expect(await ours.json()).toEqual({ changed: true, by: 'ops' });
    const viaHost = await call('/api/admin/change', { method: 'POST', token: adminToken, headers: { origin: server.url } });
    expect(viaHost.status).toBe(200);
    const cli = await call('/api/admin/change', { method: 'POST', token: adminToken });
    expect(cli.status).toBe(200);
    // Reads are not state changes: a cross-site GET still needs the session, nothing more.
    const read = await call('/api/admin/who', { token: adminToken, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(read.status).toBe(200);
  });

  it('signs out: a destroyed session no longer opens anything', async () => {
    const token = await sessions.create({ id: 10, username: 'leaving', isAdmin: true });
    expect((await call('/api/admin/who', { token })).status).toBe(200);
    await sessions.destroy(token);
    expect((await call('/api/admin/who', { token })).status).toBe(401);
  });
});
