import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { createServiceApp, finishServiceApp, parseRequest, serve, type RunningServer } from './http';
import { z } from 'zod';

let server: RunningServer;
beforeAll(async () => {
  const app = createServiceApp({
    name: 'kit',
    logger: createLogger('kit', 'silent'),
    bodyLimit: '1kb',
    readiness: { fine: async () => {}, broken: async () => Promise.reject(new Error('database down')) },
  });
  app.post('/echo', (req, res) => {
    const body = parseRequest(z.object({ name: z.string().min(3, 'Name must be at least 3 characters') }), req.body);
    res.json(body);
  });
  app.get('/unique', () => {
    throw Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'tools_slug_unique' });
  });
  app.get('/boom', () => {
    throw new Error('secret internals');
  });
  server = await serve(finishServiceApp(app), 0);
});
afterAll(async () => server.close());

const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(`${server.url}/echo`, { method: 'POST', headers, body });

describe('service kit', () => {
  it('answers invalid JSON with a 400 envelope naming the body', async () => {
    const res = await post('{"name":');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { status: 400, code: 'bad_request', message: 'Request body is not valid JSON', field: 'body' },
    });
  });

  it('answers an oversized body with 413', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(5000) }));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  it('names the field of a failed validation', async () => {
    const res = await post(JSON.stringify({ name: 'ab' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { status: 400, code: 'validation_failed', message: 'Name must be at least 3 characters', field: 'name' },
    });
    expect(await (await post(JSON.stringify({ name: 'abc' }))).json()).toEqual({ name: 'abc' });
  });

  it('maps a unique violation to 409 with the column, and hides unexpected errors behind a 500', async () => {
    const dup = await fetch(`${server.url}/unique`);
    expect(dup.status).toBe(409);
    expect(((await dup.json()) as { error: { field: string } }).error.field).toBe('slug');
    const boom = await fetch(`${server.url}/boom`);
    expect(boom.status).toBe(500);
    const body = await boom.text();
    expect(body).not.toContain('secret internals');
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('answers unknown routes with a JSON 404 and reports readiness per dependency', async () => {
    const res = await fetch(`${server.url}/nowhere`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not ready', service: 'kit', checks: { fine: 'ok', broken: 'database down' } });
  });

  it('creates a request id, or keeps a well-formed incoming one', async () => {
    const created = await fetch(`${server.url}/healthz`);
    expect(created.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'abc.DEF-123' } });
    expect(kept.headers.get('x-request-id')).toBe('abc.DEF-123');
    const replaced = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });
});
