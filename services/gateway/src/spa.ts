import fs from 'node:fs';
import path from 'node:path';
import express, { type Request, type Router } from 'express';

/**
 * Serves the built SPA: hashed assets with a year-long immutable cache, other
 * files briefly cached, and index.html for every client route.
 */
export function spaRoutes(distDir: string, renderIndex: (reqPath: string, html: string, req: Request) => Promise<{ status: number; html: string }>): Router {
  const router = express.Router();
  const root = path.resolve(distDir);
  router.use(
    '/assets',
    express.static(path.join(root, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }),
  );
  router.use(express.static(root, { index: false, maxAge: '1h' }));
  let template: string | undefined;
  router.get(/.*/, async (req, res) => {
    template ??= fs.readFileSync(path.join(root, 'index.html'), 'utf8');
    const page = await renderIndex(req.path, template, req);
    res.status(page.status).setHeader('cache-control', 'no-cache').type('html').send(page.html);
  });
  return router;
}
