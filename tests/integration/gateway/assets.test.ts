import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaRoutes } from '../../../services/gateway/src/spa';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-assets-'));
const script = `export const words = ${JSON.stringify('neural beat '.repeat(2000))};\n`;
let server: Server;
let base = '';

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dist, 'assets/app-abc123.js'), script);
  fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.gz'), zlib.gzipSync(script, { level: 9 }));
  fs.writeFileSync(path.join(dist, 'assets/plain-def456.js'), script);
  const app = express();
  app.use(compression());
  app.use(spaRoutes(dist, async (_path, html) => ({ status: 200, html })));
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** Raw bytes and headers, without fetch's automatic decompression. */
async function get(file: string, acceptEncoding: string) {
  const http = await import('node:http');
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${file}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('built scripts', () => {
  it('are sent as the precompressed brotli or gzip file the browser accepts, cached for a year', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'text/javascript; charset=utf-8',
      vary: 'Accept-Encoding',
    });
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);

    const plain = await get('/assets/app-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('without precompressed twins are compressed on the fly; a missing asset is a 404', async () => {
    const res = await get('/assets/plain-def456.js', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
    expect((await fetch(`${base}/assets/missing-000.js`)).status).toBe(404);
  });
});
