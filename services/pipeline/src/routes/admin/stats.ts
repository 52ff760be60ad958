import { Router } from 'express';
import type { PipelineStatsService } from '../../services/pipelineStatsService';

/** Dashboard numbers: article stats (the console refreshes them every 30 s), duplicate stats, provider history. */
export function statsRoutes(stats: PipelineStatsService): Router {
  const router = Router();
  router.get('/article-stats', async (_req, res) => {
    res.json(await stats.articleStats());
  });
  router.get('/duplicate-stats', async (_req, res) => {
    res.json(await stats.duplicateStats());
  });
  router.get('/provider-history', async (_req, res) => {
    res.json(await stats.providerHistory());
  });
  return router;
}
