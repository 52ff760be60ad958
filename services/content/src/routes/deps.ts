import type { EventBus, Knex, Logger, Redis, ServiceMetrics } from '@neuralbeat/common';
import type { ContentConfig } from '../config';
import type { ResponseCache } from '../services/responseCache';

/** What the content service's routes are built from (one per process, made in main.ts or by a test). */
export interface ContentDeps {
  db: Knex;
  redis: Redis;
  bus: Pick<EventBus, 'publish'>;
  logger: Logger;
  config: ContentConfig;
  /** Public answers reused for CONTENT_CACHE_SECONDS, emptied when the content changes. */
  responseCache: ResponseCache;
  /** Off with METRICS_ENABLED=false. */
  metrics?: ServiceMetrics;
}
