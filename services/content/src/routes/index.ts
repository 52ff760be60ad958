import { Router } from 'express';
import { READ_LIMIT_BATCH_MS, redisRateLimit, SURROGATE_CONTROL_HEADER, SURROGATE_KEY_HEADER } from '@neuralbeat/common';
import type { ContentDeps } from './deps';
import { NewsService } from '../services/newsService';
import { contentSurrogateKeys } from '../services/publicContentChanges';
import { aiStatsRoutes } from './aiStats';
import { contactRoutes } from './contact';
import { listingRoutes } from './listings';
import { newsRoutes } from './news';
import { newsletterRoutes } from './newsletter';
import { newsletterArchiveRoutes } from './newsletterArchive';
import { toolRoutes } from './tools';

/** Mounts every public content route under /api. */
export function publicRoutes(deps: ContentDeps): Router {
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
  const replaySeconds = deps.config.CONTENT_REPLAY_SECONDS;
  if (maxAge > 0) {
    // Public reads may be shared for as long as this service reuses them itself. The gateway may replay them
    // longer, until the content behind them changes (PublicContentChanges purges them by their surrogate keys),
    // and after a soft purge replay them for up to one max-age more while it fetches their successors.
    router.use((req, res, next) => {
      if (req.method !== 'GET') return next();
      res.set('cache-control', `public, max-age=${maxAge}`);
      const keys = replaySeconds > maxAge ? contentSurrogateKeys(req.path) : undefined;
      if (keys)
        res.set({ [SURROGATE_CONTROL_HEADER]: `max-age=${replaySeconds}, stale-while-revalidate=${maxAge}`, [SURROGATE_KEY_HEADER]: keys });
      next();
    });
  }
  router.use(newsRoutes(new NewsService(deps.db, deps.responseCache)));
  router.use(toolRoutes(deps));
  router.use(listingRoutes(deps));
  router.use(newsletterRoutes(deps));
  router.use(newsletterArchiveRoutes(deps));
  router.use(contactRoutes(deps));
  router.use(aiStatsRoutes(deps));
  return router;
}
