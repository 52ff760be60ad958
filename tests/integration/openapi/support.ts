import type { Express } from 'express';
import { createApiDocument } from '@neuralbeat/common/openapi/document';

/** The description as the gateway serves it, built once per test file. */
export const apiDocument = createApiDocument();

export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** Every (method, path template) the description lists, as `GET /api/news/{param}`. */
export function documentedOperations(doc: typeof apiDocument = apiDocument): string[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((m) => item?.[m]).map((m) => `${m.toUpperCase()} ${path}`),
  );
}

interface Layer {
  route?: { path: string | RegExp | (string | RegExp)[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: string | RegExp | (string | RegExp)[];
}

/**
 * Every route of an Express 5 app as `METHOD /full/path/:param`, nested routers
 * included (a router's mount path is its layer's rawPath). A route or mount given
 * as a regular expression cannot be named as an OpenAPI path: it is returned as
 * its source, so a comparison with the description fails on it.
 */
export function expressRoutes(app: Express): string[] {
  const routes: string[] = [];
  const text = (p: string | RegExp) => (typeof p === 'string' ? p : `RegExp(${p.source})`);
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const path of [layer.route.path].flat())
          for (const method of Object.keys(layer.route.methods).filter((m) => m !== '_all'))
            routes.push(`${method.toUpperCase()} ${prefix}${text(path)}`);
      } else if (layer.handle?.stack) {
        for (const mount of [layer.rawPath ?? '/'].flat()) walk(layer.handle.stack, prefix + (mount === '/' ? '' : text(mount)));
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return [...new Set(routes)];
}

/** `/api/news/:param` as OpenAPI names it: `/api/news/{param}`. */
export const openApiPath = (expressPath: string) => expressPath.replace(/:(\w+)/g, '{$1}');
