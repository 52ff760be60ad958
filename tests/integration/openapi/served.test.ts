import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_KINDS } from '@neuralbeat/common/contracts';
import { serviceFor, type ServiceKey } from '../../../services/gateway/src/serviceRoutes';
import { startSystem, type RunningSystem } from '../../support/system';
import { documentedOperations, expressRoutes, openApiPath } from './support';

let sys: RunningSystem;
beforeAll(async () => {
  sys = await startSystem();
});
afterAll(async () => sys.stop());

/** Path parameters a route takes from a fixed list: one documented path per value (each search kind answers its own shape). */
const ENUMERATED: Record<string, readonly string[]> = { kind: SEARCH_KINDS };

const expand = (route: string): string[] => {
  const match = /:(\w+)/.exec(route);
  const values = match && ENUMERATED[match[1]!];
  return values ? values.flatMap((v) => expand(route.replace(match[0], v))) : [route];
};

/**
 * Every (method, path) a visitor can reach through the gateway: each service's /api routes
 * that SERVICE_ROUTES sends to that service (so internal routes and anything the gateway
 * would send elsewhere are left out), and the gateway's own /api routes.
 */
function reachableRoutes(): string[] {
  const reachable: string[] = [];
  for (const service of ['content', 'search', 'pipeline'] as ServiceKey[]) {
    for (const route of expressRoutes(sys.services[service].app!).flatMap(expand)) {
      const [, path] = route.split(' ') as [string, string];
      if (serviceFor(path.replace(/:\w+/g, 'x')) === service) reachable.push(route);
    }
  }
  const gateway = expressRoutes(sys.services.gateway.app!).filter((r) => r.split(' ')[1]!.startsWith('/api/'));
  return [...reachable, ...gateway].map((r) => openApiPath(r));
}

describe('the OpenAPI description covers the API exactly', () => {
  it('lists every route reachable through the gateway, and no route that does not exist', () => {
    const routes = reachableRoutes();
    const documented = documentedOperations();
    // The walk itself must see the API: a broken walk would pass with two empty lists.
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.filter((r) => !documented.includes(r)).sort(), 'routes missing from the description').toEqual([]);
    expect(documented.filter((d) => !routes.includes(d)).sort(), 'described operations no route answers').toEqual([]);
  });

  it('the gateway sends none of its own description paths to a service', () => {
    for (const path of ['/api/openapi.json', '/api/docs', '/api/docs/assets/neuralbeat-docs.js', '/api/docs/assets/swagger-ui.css'])
      expect(serviceFor(path), path).toBeUndefined();
  });
});

describe('the gateway serves the description and its page', () => {
  it('GET /api/openapi.json: OpenAPI 3.1 JSON with an ETag, 304 when unchanged, compressed when asked', async () => {
    const res = await fetch(`${sys.url}/api/openapi.json`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(Object.keys(doc.paths)).toContain('/api/news/{param}');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${sys.url}/api/openapi.json`, { headers: { 'if-none-match': etag, 'accept-encoding': 'identity' } });
    expect(again.status).toBe(304);
    const brotli = await fetch(`${sys.url}/api/openapi.json`, { headers: { 'accept-encoding': 'br' }, decompress: false } as RequestInit);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    await brotli.arrayBuffer();
  });

  it('GET /api/docs: an HTML page under the site CSP, whose scripts and styles are served from the gateway', async () => {
    const res = await fetch(`${sys.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    // No inline script: every <script> loads a file (the CSP allows no other).
    expect([...html.matchAll(/<script\b[^>]*>/g)].every((tag) => /\bsrc="/.test(tag[0]))).toBe(true);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBe(3);
    for (const asset of assets) {
      expect(asset.startsWith('/api/docs/')).toBe(true);
      const file = await fetch(`${sys.url}${asset}`);
      expect(file.status, asset).toBe(200);
      expect(file.headers.get('content-type'), asset).toMatch(/^(text\/css|text\/javascript|application\/javascript)/);
      await file.arrayBuffer();
    }
  });

  it("the gateway's metrics name the description and the page by their paths", async () => {
    await (await fetch(`${sys.url}/api/openapi.json`)).arrayBuffer();
    await (await fetch(`${sys.url}/api/docs/assets/swagger-ui.css`)).arrayBuffer();
    const metrics = await (await fetch(sys.services.gateway.metricsUrl!)).text();
    expect(metrics).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/openapi\.json"/);
    expect(metrics).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/docs\/\*"/);
  });

  it('an unknown path under /api is still the JSON 404', async () => {
    const res = await fetch(`${sys.url}/api/openapi.yaml`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });
});
