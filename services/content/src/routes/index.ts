import { Router } from 'express';
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
  router.use(newsRoutes(new NewsService(deps.db, cache)));
  router.use(toolRoutes(deps));
  router.use(listingRoutes(deps));
  router.use(newsletterRoutes(deps));
  router.use(aiStatsRoutes(deps));
  return router;
}
