import { Router, type Request } from 'express';
import { z } from 'zod';
import { parseRequest, unauthenticated, type SessionUser } from '@neuralbeat/common';
import { ADMIN_CONTENT_KINDS, adminContentListQuerySchema, type AdminContentItem } from '@neuralbeat/common/contracts';
import { AdminContentService } from '../services/adminContentService';
import type { ContentDeps } from './deps';

const idParam = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int('id must be an integer')
    .positive('id must be positive')
    .max(2_147_483_647, 'id is too large'),
});

/**
 * `/api/admin/{events,jobs,resources,tools}`: list, create, read, PATCH, DELETE,
 * publish and unpublish. Mounted behind the operator gate.
 */
export function adminContentRoutes(deps: ContentDeps): Router {
  const content = new AdminContentService(deps.db, deps.bus);
  const router = Router();
  const actor = (req: Request): SessionUser => {
    if (!req.adminUser) throw unauthenticated();
    return req.adminUser;
  };

  for (const kind of ADMIN_CONTENT_KINDS) {
    const base = `/admin/${kind}`;
    const named = (item: AdminContentItem) => AdminContentService.describe(kind, item);
    router.get(base, async (req, res) => {
      res.json(await content.list(kind, parseRequest(adminContentListQuerySchema, req.query)));
    });
    router.post(base, async (req, res) => {
      const item = await content.create(kind, req.body, actor(req), req.requestId);
      res.status(201).json({ message: `${named(item)} was created`, item });
    });
    router.get(`${base}/:id`, async (req, res) => {
      res.json({ item: await content.get(kind, parseRequest(idParam, req.params).id) });
    });
    router.patch(`${base}/:id`, async (req, res) => {
      const item = await content.update(kind, parseRequest(idParam, req.params).id, req.body, actor(req), req.requestId);
      res.json({ message: `${named(item)} was saved`, item });
    });
    router.delete(`${base}/:id`, async (req, res) => {
      const item = await content.remove(kind, parseRequest(idParam, req.params).id, actor(req), req.requestId);
      res.json({ message: `${named(item)} was deleted`, item });
    });
    for (const [action, published] of [
      ['publish', true],
      ['unpublish', false],
    ] as const) {
      router.post(`${base}/:id/${action}`, async (req, res) => {
        const item = await content.setPublished(kind, parseRequest(idParam, req.params).id, published, actor(req), req.requestId);
        res.json({ message: `${named(item)} is ${published ? 'published' : 'unpublished'}`, item });
      });
    }
  }
  return router;
}
