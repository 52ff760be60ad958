import type { Express } from 'express';
import { createServiceApp, finishServiceApp, type Knex, type Logger, type Redis } from '@neuralbeat/common';
import type { SearchService } from './services/searchService';
import { searchRoutes } from './routes/search';

export interface SearchDeps {
  db: Knex;
  redis: Redis;
  search: SearchService;
  logger: Logger;
}

export function createSearchApp(deps: SearchDeps): Express {
  const app = createServiceApp({
    name: 'search',
    logger: deps.logger,
    readiness: {
      postgres: async () => void (await deps.db.raw('select 1')),
      redis: async () => void (await deps.redis.ping()),
    },
  });
  app.use('/api', searchRoutes(deps.search));
  return finishServiceApp(app);
}
