import { Router } from 'express';
import { z } from 'zod';
import { parseRequest } from '@neuralbeat/common';
import type { ContentDeps } from './deps';
import { CalendarEventsRepository } from '../repositories/calendarEventsRepository';
import { ImagesRepository } from '../repositories/imagesRepository';
import { SitemapRepository } from '../repositories/sitemapRepository';

/** A sitemap holds at most 50,000 URLs (sitemaps.org): no page of entries is longer. */
const SITEMAP_PAGE = 50_000;
const sitemapQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(0).max(SITEMAP_PAGE).default(SITEMAP_PAGE),
});

/**
 * Service-to-service reads for the gateway (never proxied publicly: the gateway
 * only forwards /api/*).
 */
export function internalRoutes(deps: ContentDeps): Router {
  const router = Router();
  const images = new ImagesRepository(deps.db);
  const calendarEvents = new CalendarEventsRepository(deps.db);

  // The gateway's image proxy serves only images the site itself shows.
  router.get('/images/known', async (req, res) => {
    const { url } = parseRequest(z.object({ url: z.string().min(1).max(4096) }), req.query);
    res.json({ known: await images.isPublicImage(url) });
  });

  // Calendars (/events.ics, /events/tag/{tag}.ics, /events/{slug}.ics): published upcoming events with what a VEVENT needs.
  router.get('/events/calendar', async (req, res) => {
    const { tag, slug } = parseRequest(
      z.object({ tag: z.string().trim().min(1).max(100).optional(), slug: z.string().trim().min(1).max(200).optional() }),
      req.query,
    );
    res.json({ events: await calendarEvents.calendar({ tag, slug }) });
  });

  const sitemap = new SitemapRepository(deps.db);
  // One page of the sitemap's entries and how many there are in all: the gateway writes a sitemap index past 50,000.
  router.get('/sitemap', async (req, res) => {
    const { offset, limit } = parseRequest(sitemapQuery, req.query);
    const [total, entries] = await Promise.all([sitemap.count(), limit ? sitemap.page(offset, limit) : []]);
    res.json({ total, entries: entries.map((r) => ({ path: r.path, lastmod: r.lastmod ? r.lastmod.toISOString() : null })) });
  });
  return router;
}
