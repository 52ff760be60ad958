import fs from 'node:fs';
import { createDb, createLogger, createRedis, EventBus, serve, type Logger, type RunningServer } from '@neuralbeat/common';
import type { SearchConfig } from './config';
import { createSearchApp } from './app';
import { migrateSearch } from './db/migrate';
import { PostgresSearchEngine } from './engine/postgresEngine';
import { MeilisearchEngine } from './engine/meilisearchEngine';
import { indexerHandlers } from './indexer';

/** The search service's Meilisearch key: MEILI_API_KEY, else the file the setup step wrote. */
function meiliKey(cfg: SearchConfig): string | undefined {
  if (cfg.MEILI_API_KEY) return cfg.MEILI_API_KEY;
  return cfg.MEILI_API_KEY_FILE ? fs.readFileSync(cfg.MEILI_API_KEY_FILE, 'utf8').trim() : undefined;
}

/** Wires the search service: its tables, the index subscriber and the HTTP API. Used by main.ts and tests. */
export async function startSearch(cfg: SearchConfig, logger: Logger = createLogger('search', cfg.LOG_LEVEL)): Promise<RunningServer> {
  const db = createDb(cfg.DATABASE_URL, {}, logger);
  await migrateSearch(db);
  const redis = createRedis(cfg.REDIS_URL, logger);
  const engine = cfg.MEILI_HOST ? new MeilisearchEngine(cfg.MEILI_HOST, meiliKey(cfg), cfg.REDIS_PREFIX) : new PostgresSearchEngine(db);
  const bus = new EventBus({ connection: redis, prefix: cfg.REDIS_PREFIX, logger });
  bus.subscribe('search', indexerHandlers(engine, cfg.CONTENT_URL, logger));
  const server = await serve(createSearchApp({ db, redis, engine, logger, config: cfg }), cfg.SEARCH_PORT, cfg.LISTEN_HOST);
  logger.info({ port: server.port }, 'search service listening');
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
