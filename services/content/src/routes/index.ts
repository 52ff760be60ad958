import { Router } from 'express';
import type { ContentDeps } from '../app';
import { toolRoutes } from './tools';

/** Mounts every public content route under /api. */
export function publicRoutes(deps: ContentDeps): Router {
  const router = Router();
  router.use(toolRoutes(deps));
  return router;
}
