import { createDb, createLogger, createRedis, EventBus, serve, ServiceMetrics, type Logger, type RunningServer } from '@neuralbeat/common';
import type { SearchKind } from '@neuralbeat/common/contracts';
import type { SearchConfig } from './config';
import { createSearchApp } from './app';
import { migrateSearch } from './db/migrate';
import { createEngine } from './engine/index';
import { indexerHandlers } from './indexer';
import { ContentClient } from './contentClient';
import { SearchResultCache } from './services/resultCache';
import { SearchService } from './services/searchService';
import { reindexIfNeeded } from './services/reindex';

export interface SearchStartOptions {
  /** Rebuild the index in the background when it is empty or older than the code (main.ts does; tests choose). */
  reindexIfNeeded?: boolean;
  /**
   * Take events only once the content service answers: every event handler
   * reads from it, and on a fresh `npm start` it is still migrating when search
   * starts, so each seed event would first fail and be retried.
   */
  waitForContent?: boolean;
}

/** Wires the search service: its tables, the index subscriber and the HTTP API. Used by main.ts and tests. */
export async function startSearch(
  cfg: SearchConfig,
  logger: Logger = createLogger('search', cfg.LOG_LEVEL),
  opts: SearchStartOptions = {},
): Promise<RunningServer> {
  // Searches are prepared (parsed once per connection) but planned for their words every time: a generic plan cannot
  // tell a rare word, best found through the text index, from a common one, best read newest first.
  const db = createDb(cfg.DATABASE_URL, { preparedReads: true, settings: { plan_cache_mode: 'force_custom_plan' } }, logger);
  await migrateSearch(db);
  const redis = createRedis(cfg.REDIS_URL, logger);
  const engine = createEngine(cfg, db);
  const cache = new SearchResultCache({ ttlSeconds: cfg.SEARCH_CACHE_SECONDS, redis, prefix: cfg.REDIS_PREFIX, logger });
  const content = new ContentClient(cfg.CONTENT_URL);
  const onChange = (kind?: SearchKind) => cache.invalidate(kind);
  const bus = new EventBus({ connection: redis, prefix: cfg.REDIS_PREFIX, logger });
  const metrics = cfg.METRICS_ENABLED ? new ServiceMetrics('search') : undefined;
  metrics?.databasePool(db);
  metrics?.cacheLookups('search-results', () => cache.lookups);
  const server = await serve(
    createSearchApp({ db, redis, search: new SearchService(engine, cache), logger, config: cfg, metrics }),
    cfg.SEARCH_PORT,
    cfg.LISTEN_HOST,
  );
  logger.info({ port: server.port, engine: engine.name }, 'search service listening');

  const stopping = new AbortController();
  const startup = (async () => {
    if (opts.waitForContent) {
      await content.waitUntilReady(
        () => logger.info({ contentUrl: cfg.CONTENT_URL }, 'waiting for the content service before indexing'),
        stopping.signal,
      );
      if (stopping.signal.aborted) return;
    }
    bus.subscribe('search', indexerHandlers({ engine, content, logger, onChange }));
    if (opts.reindexIfNeeded) await reindexIfNeeded({ db, engine, content, logger, onChange, signal: stopping.signal });
  })().catch((err) => {
    if (!stopping.signal.aborted) logger.error({ err }, 'start-up reindex failed');
  });
  return {
    ...server,
    close: async () => {
      stopping.abort();
      await server.close();
      await bus.close();
      await startup;
      await cache.close();
      await db.destroy();
      redis.disconnect();
    },
  };
}
