import fs from 'node:fs';
import path from 'node:path';
import express, { type Request, type RequestHandler, type Router } from 'express';

const PRECOMPRESSED_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * Serves the `.br` / `.gz` twins the web build writes next to each script
 * (web/vite.config.ts), by what the browser accepts; other requests fall through
 * to the static files, compressed on the fly.
 */
function precompressedAssets(dir: string): RequestHandler {
  let available: Set<string> | undefined;
  return (req, res, next) => {
    const name = req.path.slice(1);
    const type = PRECOMPRESSED_TYPES[path.extname(name)];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !type || name.includes('/')) return next();
    available ??= new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
    res.vary('Accept-Encoding');
    // Brotli when the browser takes it (browsers list gzip first, at the same weight), else gzip.
    const encoding =
      req.acceptsEncodings('br') === 'br' && available.has(`${name}.br`)
        ? 'br'
        : req.acceptsEncodings('gzip') === 'gzip' && available.has(`${name}.gz`)
          ? 'gzip'
          : null;
    if (!encoding) return next();
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', encoding);
    res.sendFile(path.join(dir, `${name}.${encoding === 'br' ? 'br' : 'gz'}`), { immutable: true, maxAge: '365d' });
  };
}

/**
 * Serves the built SPA: hashed assets (precompressed where the build wrote
 * .br/.gz twins) with a year-long immutable cache, other
 * files briefly cached, and index.html for every client route.
 */
export function spaRoutes(
  distDir: string,
  renderIndex: (reqPath: string, html: string, req: Request) => Promise<{ status: number; html: string }>,
): Router {
  const router = express.Router();
  const root = path.resolve(distDir);
  router.use('/assets', precompressedAssets(path.join(root, 'assets')));
  router.use('/assets', express.static(path.join(root, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }));
  router.use(express.static(root, { index: false, maxAge: '1h' }));
  let template: string | undefined;
  router.get(/.*/, async (req, res) => {
    template ??= fs.readFileSync(path.join(root, 'index.html'), 'utf8');
    const page = await renderIndex(req.path, template, req);
    res.status(page.status).setHeader('cache-control', 'no-cache').type('html').send(page.html);
  });
  return router;
}
