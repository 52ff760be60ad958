import compression from 'compression';
import type { Express } from 'express';
import { createServiceApp, finishServiceApp, notFound, type Logger } from '@neuralbeat/common';
import type { GatewayConfig } from './config';
import { apiForwarder, apiProxy, type ApiForwarder } from './proxy';
import { apiDescription } from './apiDescription';
import { spaRoutes } from './spa';
import type { ServiceKey } from './serviceRoutes';
import { calendarFeeds } from './calendars';
import { crawlerDocuments } from './documents';
import type { ApiMicroCache } from './apiCache';
import { PageMetaResolver } from './pageMeta';
import { renderShell } from './indexHtml';
import { securityHeaders, securityHeadersMiddleware } from './securityHeaders';
import { bufferedBody } from './requestBody';
import { oneClickUnsubscribe } from './oneClickUnsubscribe';
import { ImageProxy } from './imageProxy';
import { IMAGE_PROXY_PATH } from '@neuralbeat/common/contracts';
import { SearchPageMetaResolver } from './searchPageMeta';
import { ContentReader } from './contentReader';
import { FirstScreenEmbedder, RouteAssets, closedJobNotice } from './firstScreen';

/** Largest request body the gateway reads (the services' own limits are smaller and name the field). */
const BODY_LIMIT_BYTES = 1024 * 1024;

export interface GatewayDeps {
  logger: Logger;
  config: GatewayConfig;
  targets: Record<ServiceKey, string>;
  webDist: string;
  upstreamTimeoutMs?: number;
  /** Shared public API responses replayed by the server before Express (see server.ts). */
  apiCache?: ApiMicroCache;
  /** Forwards /api requests to the services; shared with the server's fast path (see server.ts). */
  forward?: ApiForwarder;
}

/** The one public origin: /api routing, the SPA, and the crawler-facing documents. */
export function createGatewayApp(deps: GatewayDeps): Express {
  const app = createServiceApp({
    name: 'gateway',
    logger: deps.logger,
    bodyLimit: false,
    trustProxy: deps.config.GATEWAY_TRUSTED_PROXIES,
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
  app.use(securityHeadersMiddleware(securityHeaders()));
  app.use('/api', bufferedBody({ limitBytes: BODY_LIMIT_BYTES, timeoutMs: deps.config.REQUEST_BODY_TIMEOUT_MS }));
  app.use(apiProxy(deps.forward ?? apiForwarder(deps.targets, deps.upstreamTimeoutMs, deps.apiCache)));
  app.get(
    IMAGE_PROXY_PATH,
    new ImageProxy({ contentUrl: deps.targets.content, allowPrivateAddresses: deps.config.IMAGE_PROXY_PRIVATE_ADDRESSES }).handler(),
  );
  app.use(apiDescription());
  app.use('/api', (req, _res, next) => next(notFound(`No API route for ${req.method} ${req.originalUrl.split('?')[0]}`)));
  app.post(
    '/newsletter/unsubscribe',
    bufferedBody({ limitBytes: 16 * 1024, timeoutMs: deps.config.REQUEST_BODY_TIMEOUT_MS }),
    oneClickUnsubscribe(deps.targets.content),
  );
  app.use(compression());
  app.use(crawlerDocuments(deps.config));
  app.use(calendarFeeds(deps.config));
  const content = new ContentReader(deps.targets.content);
  const pages = new PageMetaResolver(deps.targets.content, deps.config.SITE_URL, content);
  const searchPage = new SearchPageMetaResolver(deps.targets.search);
  const firstScreen = new FirstScreenEmbedder(content, new RouteAssets(deps.webDist), deps.logger);
  app.use(
    spaRoutes(deps.webDist, async (path, template, req) => {
      const query = new URLSearchParams(req.url.split('?')[1] ?? '');
      const [meta, withData] = await Promise.all([
        searchPage.resolve(path, req.query).then((found) => found ?? pages.resolve(path)),
        firstScreen.render(template, path, query, req.requestId),
      ]);
      const body = meta.status === 410 ? closedJobNotice(withData) : withData;
      return { status: meta.status, html: renderShell(body, meta, deps.config) };
    }),
  );
  return finishServiceApp(app);
}
