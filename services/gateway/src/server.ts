import type { RequestListener } from 'node:http';
import path from 'node:path';
import { cachePurgeChannel, createLogger, createRedis, requestIdFrom, serve, type Logger, type RunningServer } from '@neuralbeat/common';
import type { GatewayConfig } from './config';
import { createGatewayApp } from './app';
import { ApiMicroCache } from './apiCache';
import { securityHeaders } from './securityHeaders';
import { apiForwarder } from './proxy';
import { apiFastPath, forwardedRequest } from './apiFastPath';

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
  const handler: RequestListener = (req, res) => {
    if (!apiCache.tryServe(req, res, () => requestIdFrom(req)) && !fastPath(req, res)) app(req, res);
  };
  const server = await serve(handler, cfg.GATEWAY_PORT, cfg.LISTEN_HOST);
  logger.info({ port: server.port }, 'gateway listening');
  return {
    ...server,
    close: async () => {
      await server.close();
      purges.disconnect();
    },
  };
}
