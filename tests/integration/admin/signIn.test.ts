import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, SESSION_COOKIE, sessionStoreFor } from '@neuralbeat/common';
import { OperatorAccounts, ensureFirstAdmin } from '../../../services/content/src/services/operatorAccounts';
import { hashPassword, verifyPassword } from '../../../services/content/src/services/passwords';
import { startSystem, type RunningSystem } from '../../support/system';
import { ADMIN, READER, adminCall, insertAccounts, signIn } from '../../support/admin';
import { insertTool } from '../../support/factories';

let sys: RunningSystem;
beforeAll(async () => {
  // The test client stands for a load balancer: the gateway believes its X-Forwarded-For.
  sys = await startSystem({ SIGN_IN_RATE_LIMIT: '3', GATEWAY_TRUSTED_PROXIES: 'loopback' });
  await insertAccounts(sys.database.db);
});
afterAll(async () => sys.stop());

/** Every operator call of every service, with a body that would be valid. */
const ADMIN_CALLS: { method: 'GET' | 'POST'; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/api/tags/stats' },
  { method: 'GET', path: '/api/tags/list?page=1&pageSize=50' },
  { method: 'GET', path: '/api/admin/tools/review?status=pending' },
  { method: 'POST', path: '/api/admin/tools/1/approve', body: {} },
  { method: 'POST', path: '/api/admin/tools/1/reject', body: {} },
  { method: 'GET', path: '/api/admin/article-stats' },
  { method: 'GET', path: '/api/admin/duplicate-stats' },
  { method: 'POST', path: '/api/admin/reset-duplicates', body: { dryRun: true, fromDate: '2026-01-01' } },
  { method: 'POST', path: '/api/admin/fix-published-statuses', body: { dryRun: true } },
  { method: 'GET', path: '/api/admin/diagnose-pipeline' },
  { method: 'POST', path: '/api/admin/fix-low-seo-articles', body: { dryRun: true } },
  { method: 'POST', path: '/api/admin/requeue-stuck-articles', body: { dryRun: true } },
  { method: 'GET', path: '/api/admin/provider-history' },
  { method: 'GET', path: '/api/admin/queues' },
  { method: 'POST', path: '/api/admin/queues/pipeline-seo/retry', body: {} },
  { method: 'GET', path: '/api/admin/sources' },
  { method: 'POST', path: '/api/admin/sources', body: { name: 'X', feedUrl: 'https://x.example/feed' } },
  { method: 'POST', path: '/api/admin/sources/1/enable', body: {} },
  { method: 'POST', path: '/api/admin/sources/1/disable', body: {} },
  { method: 'POST', path: '/api/admin/sources/1/collect', body: {} },
  { method: 'GET', path: '/api/admin/audit' },
];

const login = (origin: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...headers },
    body: JSON.stringify(body),
  });

describe('sign-in', () => {
  it('signs an operator in with an httpOnly SameSite=Lax cookie holding only a token, and out again', async () => {
    const res = await login(sys.url, { username: 'Operator', password: ADMIN.password });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: { id: expect.any(Number), username: ADMIN.username, isAdmin: true } });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\//);
    // Served over plain http here, so not Secure (a Secure cookie would never come back).
    expect(setCookie).not.toMatch(/Secure/);
    const cookie = setCookie.split(';')[0]!;
    expect(cookie).not.toContain(ADMIN.username);

    const session = await adminCall(sys.url, cookie, '/api/auth/session');
    expect(session.status).toBe(200);
    expect(session.body.user.username).toBe(ADMIN.username);
    expect(session.headers.get('cache-control')).toBe('private, no-store');

    const out = await adminCall(sys.url, cookie, '/api/auth/logout', { method: 'POST', body: {} });
    expect(out.status).toBe(204);
    expect((await adminCall(sys.url, cookie, '/api/auth/session')).status).toBe(401);
    expect((await adminCall(sys.url, cookie, '/api/admin/article-stats')).status).toBe(401);
  });

  it('sets the cookie Secure behind https', async () => {
    const res = await login(sys.services.content.url, ADMIN, {
      'x-forwarded-proto': 'https',
      origin: sys.services.content.url.replace('http:', 'https:'),
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/nb_session=[^;]+;.*Secure/);
  });

  it('answers a wrong password and an unknown user alike, and bad input with the field', async () => {
    const wrong = await login(sys.url, { username: ADMIN.username, password: 'not it' }, { 'x-forwarded-for': '198.51.100.9' });
    const unknown = await login(sys.url, { username: 'nobody-here', password: 'not it' }, { 'x-forwarded-for': '198.51.100.9' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: { status: 401, code: 'invalid_credentials', message: 'Incorrect username or password' } });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    const missing = await login(sys.url, { username: ADMIN.username }, { 'x-forwarded-for': '198.51.100.10' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatchObject({ field: 'password', message: 'password is required' });
  });

  it('refuses a sign-in form posted from another site', async () => {
    const res = await login(sys.url, ADMIN, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('cross_site_request');
  });

  // Clients are told apart by the address the gateway passes on (from its trusted proxy's X-Forwarded-For).
  it('limits failed sign-ins per username across clients, and per client across usernames', async () => {
    const target = { username: 'targeted', password: 'the targeted password' };
    await sys.database.db('users').insert({ username: target.username, password: await hashPassword(target.password), is_admin: false });
    for (let i = 0; i < 3; i++)
      expect((await login(sys.url, { username: 'TARGETED', password: 'guess' }, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(401);
    const locked = await login(sys.url, target, { 'x-forwarded-for': '203.0.113.2' });
    expect(locked.status).toBe(429);
    expect((await locked.json()).error.code).toBe('too_many_requests');
    expect(locked.headers.get('retry-after')).toBeTruthy();
    // Client .2 itself is not limited: another account signs in from it.
    expect((await login(sys.url, ADMIN, { 'x-forwarded-for': '203.0.113.2' })).status).toBe(200);

    for (const name of ['a1', 'a2', 'a3'])
      expect((await login(sys.url, { username: name, password: 'guess' }, { 'x-forwarded-for': '203.0.113.3' })).status).toBe(401);
    expect((await login(sys.url, ADMIN, { 'x-forwarded-for': '203.0.113.3' })).status).toBe(429);
    // Successful sign-ins do not count: the same operator keeps signing in from a fresh client.
    for (let i = 0; i < 5; i++) expect((await login(sys.url, ADMIN, { 'x-forwarded-for': '203.0.113.4' })).status).toBe(200);
  });
});

describe('every admin call needs an operator session', () => {
  it('answers 401 without a session, through the gateway and on each service’s own port', async () => {
    for (const origin of [sys.url, sys.services.content.url, sys.services.pipeline.url]) {
      for (const call of ADMIN_CALLS) {
        const isContent = /^\/api\/(tags|admin\/tools)/.test(call.path);
        if (origin === sys.services.content.url && !isContent) continue;
        if (origin === sys.services.pipeline.url && isContent) continue;
        const res = await adminCall(origin, null, call.path, { method: call.method, body: call.body });
        expect({ call: call.path, origin, status: res.status, code: res.body?.error?.code }).toEqual({
          call: call.path,
          origin,
          status: 401,
          code: 'unauthenticated',
        });
      }
    }
  });

  it('answers 403 for a signed-in account that is not an operator', async () => {
    const cookie = await signIn(sys.url, READER);
    for (const call of ADMIN_CALLS) {
      const res = await adminCall(sys.url, cookie, call.path, { method: call.method, body: call.body });
      expect({ call: call.path, status: res.status, code: res.body?.error?.code }).toEqual({
        call: call.path,
        status: 403,
        code: 'forbidden',
      });
    }
  });

  it('refuses an operator’s state change that another site made the browser send', async () => {
    const cookie = await signIn(sys.url);
    const res = await fetch(`${sys.url}/api/admin/fix-published-statuses`, {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      body: JSON.stringify({ dryRun: false }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('cross_site_request');
    expect(await sys.database.db('admin_audit_log').count({ n: '*' }).first()).toEqual({ n: '0' });
  });

  it('never lets the gateway replay an operator answer to a visitor, and public answers hold no review data', async () => {
    const cookie = await signIn(sys.url);
    const pending = await insertTool(sys.database.db, { name: 'Secret Pending Tool', slug: 'secret-pending-tool', approved: false });
    expect((await adminCall(sys.url, cookie, '/api/tags/stats')).status).toBe(200);
    const tools = await adminCall(sys.url, cookie, '/api/admin/tools/review');
    expect(tools.body.tools.map((t: { slug: string }) => t.slug)).toContain('secret-pending-tool');
    expect((await adminCall(sys.url, null, '/api/tags/stats')).status).toBe(401);
    expect((await adminCall(sys.url, null, '/api/admin/tools/review')).status).toBe(401);

    expect((await fetch(`${sys.url}/api/tools/${pending.slug}`)).status).toBe(404);
    const publicList = await (await fetch(`${sys.url}/api/tools`)).text();
    expect(publicList).not.toContain('secret-pending-tool');
    expect(publicList).not.toMatch(/reviewedBy|rejectionReason|submittedBy|is_admin|password/);
  });
});

describe('operator accounts', () => {
  it('stores scrypt hashes, never the password', async () => {
    const row = await sys.database.db('users').where({ username: ADMIN.username }).first();
    expect(row.password).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(row.password).not.toContain(ADMIN.password);
    expect(await verifyPassword(ADMIN.password, row.password)).toBe(true);
    expect(await verifyPassword('wrong', row.password)).toBe(false);
    // The locked public submitter can never sign in.
    expect(await new OperatorAccounts(sys.database.db).signIn('public-submissions', '!locked')).toBeNull();
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('creates the first operator from the environment, or generates one once and prints it', async () => {
    const db = sys.database.db;
    await db('users').where({ is_admin: true }).update({ is_admin: false });
    const lines: string[] = [];
    const generated = await ensureFirstAdmin(db, { ...sys.config, ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined }, (l) =>
      lines.push(l),
    );
    expect(generated.action).toBe('generated');
    const password = (generated as { password: string }).password;
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(lines.join('\n')).toContain(password);
    expect(lines.join('\n')).toContain('/admin/login');
    expect((await login(sys.url, { username: 'admin', password }, { 'x-forwarded-for': '192.0.2.50' })).status).toBe(200);

    // A second start prints nothing: the password is shown once.
    const again: string[] = [];
    expect(
      (await ensureFirstAdmin(db, { ...sys.config, ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined }, (l) => again.push(l))).action,
    ).toBe('none');
    expect(again).toEqual([]);

    const env = { ...sys.config, ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'a long chosen password' };
    expect((await ensureFirstAdmin(db, env, () => {})).action).toBe('created');
    expect((await ensureFirstAdmin(db, env, () => {})).action).toBe('unchanged');
    expect((await ensureFirstAdmin(db, { ...env, ADMIN_PASSWORD: 'another long password' }, () => {})).action).toBe('updated');
    expect(
      (await login(sys.url, { username: 'chief', password: 'another long password' }, { 'x-forwarded-for': '192.0.2.51' })).status,
    ).toBe(200);
  });

  it("ends every session of an operator whose password the environment changed, and no one else's", async () => {
    const db = sys.database.db;
    const env = { ...sys.config, ADMIN_USERNAME: 'rotator', ADMIN_PASSWORD: 'the first long password' };
    await ensureFirstAdmin(db, env, () => {});
    const signedIn = async (username: string, password: string, from: string) => {
      const res = await login(sys.url, { username, password }, { 'x-forwarded-for': from });
      expect(res.status).toBe(200);
      return res.headers.get('set-cookie')!.split(';')[0]!;
    };
    const [laptop, phone] = [
      await signedIn('rotator', 'the first long password', '192.0.2.60'),
      await signedIn('rotator', 'the first long password', '192.0.2.61'),
    ];
    await ensureFirstAdmin(db, { ...sys.config, ADMIN_USERNAME: 'steady', ADMIN_PASSWORD: 'a steady long password' }, () => {});
    const other = await signedIn('steady', 'a steady long password', '192.0.2.62');
    const stats = (cookie: string) => fetch(`${sys.url}/api/admin/article-stats`, { headers: { cookie } }).then((r) => r.status);
    expect([await stats(laptop), await stats(phone), await stats(other)]).toEqual([200, 200, 200]);

    const redis = createRedis(sys.config.REDIS_URL);
    const lines: string[] = [];
    try {
      // Unchanged password: nobody is signed out.
      await ensureFirstAdmin(db, env, (l) => lines.push(l), sessionStoreFor(redis, sys.config));
      expect(await stats(laptop)).toBe(200);
      await ensureFirstAdmin(
        db,
        { ...env, ADMIN_PASSWORD: 'the second long password' },
        (l) => lines.push(l),
        sessionStoreFor(redis, sys.config),
      );
    } finally {
      redis.disconnect();
    }
    expect(lines).toContain('Signed out 2 sessions of "rotator": its password changed.');
    expect([await stats(laptop), await stats(phone), await stats(other)]).toEqual([401, 401, 200]);
  });
});
