import type { Express } from 'express';
import {
  createServiceApp,
  finishServiceApp,
  READ_LIMIT_BATCH_MS,
  redisRateLimit,
  type Config,
  type Knex,
  type Logger,
  type Redis,
  type ServiceMetrics,
} from '@neuralbeat/common';
import type { SearchService } from './services/searchService';
import { searchRoutes } from './routes/search';

export interface SearchDeps {
  db: Knex;
  redis: Redis;
  search: SearchService;
  logger: Logger;
  config: Pick<Config, 'SERVICE_TRUSTED_PROXIES' | 'SEARCH_RATE_LIMIT' | 'REDIS_PREFIX' | 'SEARCH_CACHE_SECONDS'>;
  metrics?: ServiceMetrics;
}

export function createSearchApp(deps: SearchDeps): Express {
  const app = createServiceApp({
    name: 'search',
    logger: deps.logger,
    metrics: deps.metrics,
    trustProxy: deps.config.SERVICE_TRUSTED_PROXIES,
    readiness: {
      postgres: async () => void (await deps.db.raw('select 1')),
      redis: async () => void (await deps.redis.ping()),
    },
  });
  // Generous for a visitor (a search page asks once per kind), tight enough to stop a scraper; counted in batches like content's reads.
  const limit = redisRateLimit({
    redis: deps.redis,
    prefix: deps.config.REDIS_PREFIX,
    name: 'search',
    limit: deps.config.SEARCH_RATE_LIMIT,
    windowMs: 60_000,
    batchMs: READ_LIMIT_BATCH_MS,
  });
  app.use('/api', limit, searchRoutes(deps.search, deps.config.SEARCH_CACHE_SECONDS));
  return finishServiceApp(app);
}
