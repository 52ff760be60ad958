import type { IncomingMessage, RequestListener } from 'node:http';
import path from 'node:path';
import type { Request } from 'express';
import {
  cachePurgeChannel,
  createLogger,
  createRedis,
  requestIdFrom,
  routeLabel,
  serve,
  ServiceMetrics,
  type Logger,
  type RunningServer,
} from '@neuralbeat/common';
import type { GatewayConfig } from './config';
import { createGatewayApp } from './app';
import { ApiMicroCache } from './apiCache';
import { securityHeaders } from './securityHeaders';
import { apiForwarder } from './proxy';
import { apiFastPath, forwardedRequest } from './apiFastPath';
import { apiRouteLabel } from './serviceRoutes';
import { API_DOCS_PATH, OPENAPI_PATH } from '@neuralbeat/common/openapi/document';

/** Wires the gateway from config; used by main.ts and by tests. */
export async function startGateway(cfg: GatewayConfig, logger: Logger = createLogger('gateway', cfg.LOG_LEVEL)): Promise<RunningServer> {
  const headers = securityHeaders();
  const apiCache = new ApiMicroCache(headers);
  // Its own connection: a subscribed Redis connection can do nothing else.
  const purges = createRedis(cfg.REDIS_URL, logger);
  apiCache.listenForPurges(purges, cachePurgeChannel(cfg.REDIS_PREFIX), logger);
  const targets = { content: cfg.CONTENT_URL, search: cfg.SEARCH_URL, pipeline: cfg.PIPELINE_URL };
  const forward = apiForwarder(targets, undefined, apiCache);
  const app = createGatewayApp({ logger, apiCache, forward, config: cfg, targets, webDist: path.resolve(cfg.WEB_DIST) });
  const trust = app.get('trust proxy fn');
  const fastPath = apiFastPath({ forward, trust, headers, logger });
  // A stale answer replayed while its successor is fetched: the fetch is made for the visitor who found it stale.
  apiCache.revalidateWith((req, requestId) => forward.refresh(req, forwardedRequest(req, trust, requestId)));
  // Cached public API answers are replayed, and other API reads forwarded, before Express sees the request.
  const route: RequestListener = (req, res) => {
    if (!apiCache.tryServe(req, res, () => requestIdFrom(req)) && !fastPath(req, res)) app(req, res);
  };
  const metrics = cfg.METRICS_ENABLED ? new ServiceMetrics('gateway') : undefined;
  // Every request is timed here, whichever of the three paths answers it (cache replay, fast path, Express).
  const handler: RequestListener = metrics
    ? (req, res) => {
        metrics.timeRequest(req, res, () => gatewayRouteLabel(req));
        route(req, res);
      }
    : route;
  metrics?.cacheLookups('gateway-api', () => apiCache.lookups);
  // Its own port, never the public origin: the metrics name the routes and volumes of the whole site.
  const metricsServer = metrics && (await serve(metrics.handler(), cfg.GATEWAY_METRICS_PORT, cfg.LISTEN_HOST));
  const server = await serve(handler, cfg.GATEWAY_PORT, cfg.LISTEN_HOST);
  logger.info({ port: server.port, metricsPort: metricsServer?.port }, 'gateway listening');
  return {
    ...server,
    app,
    metricsUrl: metricsServer?.url,
    close: async () => {
      await server.close();
      await metricsServer?.close();
      purges.disconnect();
    },
  };
}

/** API paths by the routing table's words; pages by the Express route they matched (`page` for the SPA and files). */
function gatewayRouteLabel(req: IncomingMessage): string {
  const path = (req.url ?? '').split('?', 1)[0]!;
  if (path === OPENAPI_PATH) return path;
  if (path === API_DOCS_PATH || path.startsWith(`${API_DOCS_PATH}/`)) return `${API_DOCS_PATH}/*`;
  if (path.startsWith('/api/')) return apiRouteLabel(path);
  const label = routeLabel(req as Request);
  return label === 'unmatched' ? 'page' : label;
}
