import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, type RunningServer } from '@neuralbeat/common';
import { proxiedImage } from '@neuralbeat/common/contracts';
import { startGateway } from '../../../services/gateway/src/server';
import { isPublicAddress } from '../../../services/gateway/src/imageProxy';
import { startSystem, type RunningSystem } from '../../support/system';
import { insertEvent, insertJob, insertNewsItem, insertResource, insertTool } from '../../support/factories';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let sys: RunningSystem;
let publicOnly: RunningServer;
let imageHost: http.Server;
let origin: string;
const hits: string[] = [];

const ROUTES: Record<string, { type: string; body: Buffer; status?: number; location?: string; delayMs?: number }> = {
  '/cat.png': { type: 'image/png', body: PNG },
  '/slow.png': { type: 'image/png', body: PNG, delayMs: 300 },
  '/tool.png': { type: 'image/png', body: PNG },
  '/pending-tool.png': { type: 'image/png', body: PNG },
  '/guide.png': { type: 'image/png', body: PNG },
  '/event.png': { type: 'image/png', body: PNG },
  '/job.png': { type: 'image/png', body: PNG },
  '/moved.png': { type: 'text/plain', body: Buffer.from(''), status: 302, location: '/cat.png' },
  '/html-as-png.png': { type: 'image/png', body: Buffer.from('<html><script>alert(1)</script></html>') },
  '/vector.svg': { type: 'image/svg+xml', body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') },
  '/huge.png': { type: 'image/png', body: Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]) },
  '/gone.png': { type: 'text/plain', body: Buffer.from('gone'), status: 404 },
};

const get = (url: string, gateway = sys.url) => fetch(`${gateway}${proxiedImage(url)}`);

beforeAll(async () => {
  imageHost = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const route = ROUTES[req.url ?? ''];
    if (!route) return void res.writeHead(404).end();
    setTimeout(() => {
      res.writeHead(route.status ?? 200, { 'content-type': route.type, ...(route.location ? { location: route.location } : {}) });
      res.end(route.body);
    }, route.delayMs ?? 0);
  });
  await new Promise<void>((r) => imageHost.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(imageHost.address() as { port: number }).port}`;
  sys = await startSystem({ IMAGE_PROXY_PRIVATE_ADDRESSES: 'true' });
  publicOnly = await startGateway({ ...sys.config, GATEWAY_PORT: 0, IMAGE_PROXY_PRIVATE_ADDRESSES: false }, createLogger('test', 'silent'));
  const db = sys.database.db;
  for (const name of ['cat', 'slow', 'moved', 'html-as-png', 'vector', 'huge', 'gone'])
    await insertNewsItem(db, { image_url: `${origin}/${name}.${name === 'vector' ? 'svg' : 'png'}` });
  await insertNewsItem(db, { image_url: `http://localhost:${new URL(origin).port}/cat.png` });
  await insertTool(db, { logo_url: `${origin}/tool.png` });
  await insertTool(db, { logo_url: `${origin}/pending-tool.png`, approved: false });
  await insertResource(db, { image_url: `${origin}/guide.png` });
  await insertEvent(db, { image_url: `${origin}/event.png` });
  await insertJob(db, { company_logo_url: `${origin}/job.png` });
});
afterAll(async () => {
  await publicOnly.close();
  await sys.stop();
  await new Promise((r) => imageHost.close(r));
});

describe('image proxy', () => {
  it('serves every kind of stored public image from our origin, sandboxed and cached', async () => {
    for (const path of ['/cat.png', '/tool.png', '/guide.png', '/event.png', '/job.png']) {
      const res = await get(`${origin}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    }
    const before = hits.filter((h) => h === '/cat.png').length;
    expect((await get(`${origin}/cat.png`)).status).toBe(200);
    expect(hits.filter((h) => h === '/cat.png').length).toBe(before);
  });

  it('fetches an image once however many visitors ask for it at the same moment', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => get(`${origin}/slow.png`)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(hits.filter((h) => h === '/slow.png')).toHaveLength(1);
  });

  it('follows a redirect to an image', async () => {
    expect((await get(`${origin}/moved.png`)).status).toBe(200);
  });

  it('refuses addresses the site does not show: no open proxy to read from or send data through', async () => {
    const before = hits.length;
    for (const url of [
      `${origin}/pending-tool.png`,
      `${origin}/cat.png?secret=123`,
      'https://attacker.example/pixel.gif?cookie=x',
      `${origin}/unlisted.png`,
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    expect(hits.length).toBe(before);
    for (const bad of ['', 'javascript:alert(1)', 'file:///etc/passwd', `${'x'.repeat(5000)}`]) {
      const res = await fetch(`${sys.url}/media/image?url=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(await res.json()).toMatchObject({ error: { field: 'url' } });
    }
  });

  it('serves raster images only, whose bytes match their type, up to 5 MB', async () => {
    for (const [path, why] of [
      ['/html-as-png.png', 'not a image/png'],
      ['/vector.svg', 'image/svg+xml is not an image type'],
      ['/huge.png', 'too large'],
      ['/gone.png', 'answered 404'],
    ]) {
      const res = await get(`${origin}${path}`);
      expect(res.status, path).toBe(502);
      expect((await res.json()).error.message).toContain(why);
    }
  });

  it('on the public internet, never fetches from loopback or private addresses, by IP or by name', async () => {
    const before = hits.length;
    for (const url of [`${origin}/cat.png`, `http://localhost:${new URL(origin).port}/cat.png`]) {
      const res = await get(url, publicOnly.url);
      expect(res.status, url).toBe(502);
      expect((await res.json()).error.message).toContain('not a public address');
    }
    expect(hits.length).toBe(before);
  });

  it('tells public addresses from internal ones', () => {
    for (const internal of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '::1',
      '::',
      'fc00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(internal), internal).toBe(false);
    }
    for (const external of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(external), external).toBe(true);
  });

  it('the CSP allows images from our own origin and data: URLs only', async () => {
    const csp = (await fetch(`${sys.url}/api/news`)).headers.get('content-security-policy')!;
    expect(csp).toMatch(/img-src 'self' data:(;|$)/);
    expect(csp).not.toMatch(/https:(?!\/\/)/);
  });
});
