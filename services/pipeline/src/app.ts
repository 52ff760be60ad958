import type { Express, Router } from 'express';
import { createServiceApp, finishServiceApp, type Knex, type Logger, type Redis, type ServiceMetrics } from '@neuralbeat/common';

export interface PipelineDeps {
  db: Knex;
  redis: Redis;
  logger: Logger;
  /** Where the gateway connects from (SERVICE_TRUSTED_PROXIES). */
  trustProxy?: string;
  /** Extra routers by mount path (the demo feeds). */
  routes?: Record<string, Router>;
  metrics?: ServiceMetrics;
}

/** The pipeline's HTTP side: health and the operator API under /api/admin. */
export function createPipelineApp(deps: PipelineDeps): Express {
  const app = createServiceApp({
    name: 'pipeline',
    logger: deps.logger,
    metrics: deps.metrics,
    trustProxy: deps.trustProxy,
    readiness: {
      postgres: async () => void (await deps.db.raw('select 1')),
      redis: async () => void (await deps.redis.ping()),
    },
  });
  for (const [mount, router] of Object.entries(deps.routes ?? {})) app.use(mount, router);
  return finishServiceApp(app);
}
