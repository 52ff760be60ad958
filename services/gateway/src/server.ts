import path from 'node:path';
import { createLogger, serve, type Config, type Logger, type RunningServer } from '@neuralbeat/common';
import { createGatewayApp } from './app';

/** Wires the gateway from config; used by main.ts and by tests. */
export async function startGateway(cfg: Config, logger: Logger = createLogger('gateway', cfg.LOG_LEVEL)): Promise<RunningServer> {
  const app = createGatewayApp({
    logger,
    config: cfg,
    targets: { content: cfg.CONTENT_URL, search: cfg.SEARCH_URL, pipeline: cfg.PIPELINE_URL },
    webDist: path.resolve(cfg.WEB_DIST),
  });
  const server = await serve(app, cfg.GATEWAY_PORT, cfg.LISTEN_HOST);
  logger.info({ port: server.port }, 'gateway listening');
  return server;
}
