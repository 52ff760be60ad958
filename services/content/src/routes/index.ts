import { Router } from 'express';
import { READ_LIMIT_BATCH_MS, redisRateLimit } from '@neuralbeat/common';
import type { ContentDeps } from '../app';
import { NewsService } from '../services/newsService';
import { ResponseCache } from '../services/responseCache';
import { aiStatsRoutes } from './aiStats';
import { listingRoutes } from './listings';
import { newsRoutes } from './news';
import { newsletterRoutes } from './newsletter';
import { toolRoutes } from './tools';

/** Mounts every public content route under /api. */
export function publicRoutes(deps: ContentDeps): Router {
  const cache = new ResponseCache(deps.config.CONTENT_CACHE_SECONDS);
  const router = Router();
  // Reads are limited generously per client (a page view makes a handful); POSTs have their own, tighter limits.
  // Counted in the process and sent to Redis every 100 ms: a Redis round trip per read cost a sixth of the API's throughput.
  const readLimit = redisRateLimit({
    redis: deps.redis,
    prefix: deps.config.REDIS_PREFIX,
    name: 'api-read',
    limit: deps.config.API_READ_RATE_LIMIT,
    windowMs: 60_000,
    skipInternal: true,
    batchMs: READ_LIMIT_BATCH_MS,
  });
  router.use((req, res, next) => (req.method === 'GET' ? readLimit(req, res, next) : next()));
  const maxAge = deps.config.CONTENT_CACHE_SECONDS;
  if (maxAge > 0) {
    // Public reads may be shared for as long as this service reuses them itself (the gateway micro-caches them).
    router.use((req, res, next) => {
      if (req.method === 'GET') res.set('cache-control', `public, max-age=${maxAge}`);
      next();
    });
  }
  router.use(newsRoutes(new NewsService(deps.db, cache)));
  router.use(toolRoutes(deps));
  router.use(listingRoutes(deps));
  router.use(newsletterRoutes(deps));
  router.use(aiStatsRoutes(deps));
  return router;
}
