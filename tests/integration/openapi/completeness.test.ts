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
