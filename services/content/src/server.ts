import { createDb, createLogger, createRedis, EventBus, serve, type Config, type Logger, type RunningServer } from '@neuralbeat/common';
import { createContentApp } from './app';
import { CONTENT_DB_SETTINGS } from './db/plannerSettings';

/** Wires the content service from config; used by main.ts and by tests. */
export async function startContent(cfg: Config, logger: Logger = createLogger('content', cfg.LOG_LEVEL)): Promise<RunningServer> {
  const db = createDb(cfg.DATABASE_URL, { settings: CONTENT_DB_SETTINGS });
  const redis = createRedis(cfg.REDIS_URL);
  const bus = new EventBus({ connection: redis, prefix: cfg.REDIS_PREFIX, logger });
  const server = await serve(createContentApp({ db, redis, bus, logger, config: cfg }), cfg.CONTENT_PORT, cfg.LISTEN_HOST);
  logger.info({ port: server.port }, 'content service listening');
  return {
    ...server,
    close: async () => {
      await server.close();
      await bus.close();
      await db.destroy();
      redis.disconnect();
    },
  };
}
