import type { Express } from 'express';
import { createServiceApp, finishServiceApp } from '@neuralbeat/common';
import { publicRoutes } from './routes/index';
import { internalRoutes } from './routes/internal';
import { operatorRoutes } from './routes/operator';
import { internalSearchRoutes } from './routes/internalSearch';
import type { ContentDeps } from './routes/deps';

/** The content service: schema owner and public content API. */
export function createContentApp(deps: ContentDeps): Express {
  const app = createServiceApp({
    name: 'content',
    logger: deps.logger,
    metrics: deps.metrics,
    trustProxy: deps.config.SERVICE_TRUSTED_PROXIES,
    readiness: {
      postgres: async () => {
        await deps.db.raw('select 1');
      },
      redis: async () => {
        await deps.redis.ping();
      },
    },
  });
  app.use('/api', operatorRoutes(deps));
  app.use('/api', publicRoutes(deps));
  app.use('/internal', internalRoutes(deps));
  app.use('/internal', internalSearchRoutes(deps));
  return finishServiceApp(app);
}
