import { Router } from 'express';
import { z } from 'zod';
import { parseRequest } from '@neuralbeat/common';
import type { ContentDeps } from './deps';
import { NewsletterArchiveService } from '../services/newsletterArchiveService';

const slugParam = z.object({ slug: z.string().trim().min(1, 'slug is required').max(200, 'slug is too long') });

/** GET /api/newsletter/issues and /api/newsletter/issues/{slug}: the archive of sent issues. */
export function newsletterArchiveRoutes(deps: ContentDeps): Router {
  const archive = new NewsletterArchiveService(deps.db, deps.config.SITE_URL);
  const router = Router();
  router.get('/newsletter/issues', async (_req, res) => {
    res.json(await archive.list());
  });
  router.get('/newsletter/issues/:slug', async (req, res) => {
    const { slug } = parseRequest(slugParam, req.params);
    res.json(await archive.issue(slug));
  });
  return router;
}
