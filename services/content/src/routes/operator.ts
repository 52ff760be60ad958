import { Router } from 'express';
import { z } from 'zod';
import { notFound, parseRequest, requireAdmin, sessionStoreFor } from '@neuralbeat/common';
import { ADMIN_CONTENT_KINDS, tagListQuerySchema, toolRejectRequestSchema, toolReviewQuerySchema } from '@neuralbeat/common/contracts';
import type { ContentDeps } from './deps';
import { presentReviewTool } from '../presenters/toolReviewPresenter';
import { TagStatsService } from '../services/tagStatsService';
import { ToolService } from '../services/toolService';
import { adminContentRoutes } from './adminContent';
import { authRoutes } from './auth';
import { newsletterAdminRoutes } from './newsletterAdmin';

const MANAGED = ADMIN_CONTENT_KINDS.map((kind) => `/admin/${kind}`);

const toolIdParam = z.object({
  id: z.coerce.number({ error: 'id must be a tool id' }).int('id must be a tool id').positive('id must be a tool id'),
});

/**
 * The operator side of content, mounted before the public routes: sign-in
 * (`/api/auth`), tag management (`/api/tags`), tool review (`/api/admin/tools/review`),
 * the management of events, jobs, learning resources and tools (`/api/admin/{kind}`),
 * newsletter subscribers and the contact inbox.
 * Everything but sign-in needs an operator session, checked here as well as in the gateway's path.
 */
export function operatorRoutes(deps: ContentDeps): Router {
  const guard = requireAdmin({ sessions: sessionStoreFor(deps.redis, deps.config), siteUrl: deps.config.SITE_URL });
  const tags = new TagStatsService(deps.db);
  const tools = new ToolService(deps.db, deps.bus);
  const router = Router();

  router.use('/auth', authRoutes(deps));

  router.use('/tags', guard);
  router.get('/tags/stats', async (_req, res) => {
    res.json(await tags.stats());
  });
  router.get('/tags/list', async (req, res) => {
    res.json(await tags.list(parseRequest(tagListQuerySchema, req.query)));
  });

  router.use(MANAGED, guard);
  router.get('/admin/tools/review', async (req, res) => {
    const { status } = parseRequest(toolReviewQuerySchema, req.query);
    res.json({ tools: (await tools.tools.listForReview(status)).map(presentReviewTool) });
  });
  router.post('/admin/tools/:id/approve', async (req, res) => {
    const { id } = parseRequest(toolIdParam, req.params);
    await tools.approve(id, req.requestId, req.adminUser);
    const row = (await tools.tools.findForReview(id))!;
    res.json({ message: `"${row.name}" is approved and listed in the directory`, tool: presentReviewTool(row) });
  });
  router.post('/admin/tools/:id/reject', async (req, res) => {
    const { id } = parseRequest(toolIdParam, req.params);
    const { reason } = parseRequest(toolRejectRequestSchema, req.body ?? {});
    await tools.reject(id, req.adminUser!, reason || null, req.requestId);
    const row = (await tools.tools.findForReview(id))!;
    res.json({ message: `"${row.name}" was rejected`, tool: presentReviewTool(row) });
  });
  router.use(['/admin/newsletter/subscribers', '/admin/contact-messages'], guard);
  router.use(newsletterAdminRoutes(deps));
  // Anything else under the guarded prefixes is a JSON 404 for operators, never the public routes.
  router.use(adminContentRoutes(deps));
  router.use(['/tags', ...MANAGED, '/admin/newsletter/subscribers', '/admin/contact-messages'], (req, _res, next) =>
    next(notFound(`No route for ${req.method} ${req.originalUrl.split('?')[0]}`)),
  );

  return router;
}
