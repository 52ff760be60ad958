import compression from 'compression';
import helmet from 'helmet';
import type { Express } from 'express';
import { createServiceApp, finishServiceApp, notFound, type Config, type Logger } from '@neuralbeat/common';
import { apiProxy } from './proxy';
import { spaRoutes } from './spa';
import type { ServiceKey } from './serviceRoutes';
import { crawlerDocuments } from './documents';
import type { ApiMicroCache } from './apiCache';
import { PageMetaResolver } from './pageMeta';
import { renderShell } from './indexHtml';
import { ContentReader } from './contentReader';
import { FirstScreenEmbedder, RouteAssets } from './firstScreen';

export interface GatewayDeps {
  logger: Logger;
  config: Config;
  targets: Record<ServiceKey, string>;
  webDist: string;
  upstreamTimeoutMs?: number;
  /** Shared public API responses replayed by the server before Express (see server.ts). */
  apiCache?: ApiMicroCache;
}

/** The one public origin: /api routing, the SPA, and the crawler-facing documents. */
export function createGatewayApp(deps: GatewayDeps): Express {
  const app = createServiceApp({
    name: 'gateway',
    logger: deps.logger,
    bodyLimit: false,
    readiness: Object.fromEntries(
      Object.entries(deps.targets).map(([name, url]) => [
        name,
        async () => {
          const res = await fetch(`${url}/healthz`);
          if (!res.ok) throw new Error(`${name} answered ${res.status}`);
        },
      ]),
    ),
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'img-src': ["'self'", 'data:', 'https:'],
          // styled-components injects <style> elements at run time.
          'style-src': ["'self'", "'unsafe-inline'"],
          'script-src': ["'self'"],
          'connect-src': ["'self'"],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(apiProxy(deps.targets, deps.upstreamTimeoutMs, deps.apiCache));
  app.use('/api', (req, _res, next) => next(notFound(`No API route for ${req.method} ${req.originalUrl.split('?')[0]}`)));
  app.use(compression());
  app.use(crawlerDocuments(deps.config));
  const content = new ContentReader(deps.targets.content);
  const pages = new PageMetaResolver(deps.targets.content, deps.config.SITE_URL, content);
  const firstScreen = new FirstScreenEmbedder(content, new RouteAssets(deps.webDist), deps.logger);
  app.use(
    spaRoutes(deps.webDist, async (path, template, req) => {
      const query = new URLSearchParams(req.url.split('?')[1] ?? '');
      const [meta, withData] = await Promise.all([pages.resolve(path), firstScreen.render(template, path, query, req.requestId)]);
      return { status: meta.status, html: renderShell(withData, meta, deps.config) };
    }),
  );
  return finishServiceApp(app);
}
