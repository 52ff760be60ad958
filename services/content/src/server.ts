import {
  createDb,
  createLogger,
  createRedis,
  EventBus,
  OutboxRelay,
  outboxMetrics,
  serve,
  ServiceMetrics,
  type Logger,
  type RunningServer,
} from '@neuralbeat/common';
import { createContentApp } from './app';
import type { ContentConfig } from './config';
import { CONTENT_DB_SETTINGS } from './db/plannerSettings';
import { PublicContentChanges } from './services/publicContentChanges';
import { ResponseCache } from './services/responseCache';

/** Wires the content service from config; used by main.ts and by tests. */
export async function startContent(cfg: ContentConfig, logger: Logger = createLogger('content', cfg.LOG_LEVEL)): Promise<RunningServer> {
  const db = createDb(cfg.DATABASE_URL, { settings: CONTENT_DB_SETTINGS, preparedReads: true }, logger);
  const redis = createRedis(cfg.REDIS_URL, logger);
  const bus = new EventBus({ connection: redis, prefix: cfg.REDIS_PREFIX, logger });
  // Content writes most events; its relay also covers the pipeline's while that is down.
  const relay = new OutboxRelay({ db, bus, logger, pollMs: cfg.OUTBOX_POLL_MS, relayAfterMs: cfg.OUTBOX_RELAY_AFTER_MS }).start();
  const responseCache = new ResponseCache(cfg.CONTENT_CACHE_SECONDS);
  const changes = await new PublicContentChanges({
    databaseUrl: cfg.DATABASE_URL,
    redis,
    redisPrefix: cfg.REDIS_PREFIX,
    logger,
    onChange: () => responseCache.clear(),
    // A change shows through the gateways within CONTENT_CACHE_SECONDS at worst, as it did when their copies simply expired.
    purgeIntervalMs: cfg.CONTENT_CACHE_SECONDS * 1000,
  }).start();
  const metrics = cfg.METRICS_ENABLED ? new ServiceMetrics('content') : undefined;
  if (metrics) {
    metrics.databasePool(db);
    metrics.cacheLookups('content-response', () => responseCache.lookups);
    // Content owns the outbox table; the one series of its backlog comes from here.
    outboxMetrics(metrics, db);
  }
  const app = createContentApp({ db, redis, bus, logger, config: cfg, responseCache, metrics });
  const server = await serve(app, cfg.CONTENT_PORT, cfg.LISTEN_HOST);
  logger.info({ port: server.port }, 'content service listening');
  return {
    ...server,
    close: async () => {
      await server.close();
      await changes.close();
      await relay.close();
      await bus.close();
      await db.destroy();
      redis.disconnect();
    },
  };
}
