import { Router } from 'express';
import { AiStatsService } from '../services/aiStatsService';
import type { ContentDeps } from './deps';

/** GET /api/ai-stats: provider breakdown and SEO progress of the news feed. */
export function aiStatsRoutes(deps: ContentDeps): Router {
  const stats = new AiStatsService(deps.db, deps.redis, deps.config.REDIS_PREFIX);
  const router = Router();
  router.get('/ai-stats', async (_req, res) => {
    res.json(await stats.stats());
  });
  return router;
}
