import { Router } from 'express';
import { z } from 'zod';
import { parseRequest } from '@neuralbeat/common';
import type { ContentDeps } from './deps';
import { ImagesRepository } from '../repositories/imagesRepository';

/** Sitemaps hold at most 50,000 URLs; we list the newest news first and cap there. */
const SITEMAP_LIMIT = 50_000;

/**
 * Service-to-service reads for the gateway (never proxied publicly: the gateway
 * only forwards /api/*).
 */
export function internalRoutes(deps: ContentDeps): Router {
  const router = Router();
  const images = new ImagesRepository(deps.db);

  // The gateway's image proxy serves only images the site itself shows.
  router.get('/images/known', async (req, res) => {
    const { url } = parseRequest(z.object({ url: z.string().min(1).max(4096) }), req.query);
    res.json({ known: await images.isPublicImage(url) });
  });

  router.get('/sitemap', async (_req, res) => {
    const { rows } = await deps.db.raw<{ rows: { path: string; lastmod: Date | null }[] }>(
      `SELECT path, lastmod FROM (
         (SELECT '/news/' || slug AS path, COALESCE(updated_at, publish_date) AS lastmod, 1 AS kind FROM news_feed ORDER BY publish_date DESC LIMIT ?)
         UNION ALL (SELECT '/news/tag/' || c.value, (SELECT max(e.publish_date) FROM news_tag_page_entries e WHERE e.tag = c.value), 2
                    FROM news_feed_counts c WHERE c.dimension = 'tag')
         UNION ALL (SELECT '/directory/' || slug, created_at, 3 FROM tools WHERE approved)
         UNION ALL (SELECT '/learn/' || slug, published_at, 4 FROM resources WHERE published)
         UNION ALL (SELECT '/events/' || slug, updated_at, 5 FROM events WHERE published)
         UNION ALL (SELECT '/jobs/' || id, created_at, 6 FROM jobs WHERE published)
       ) entries ORDER BY kind, lastmod DESC NULLS LAST LIMIT ?`,
      [SITEMAP_LIMIT, SITEMAP_LIMIT],
    );
    res.json({ entries: rows.map((r) => ({ path: r.path, lastmod: r.lastmod ? r.lastmod.toISOString() : null })) });
  });
  return router;
}
