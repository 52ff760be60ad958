import { Router, type Response } from 'express';
import { z } from 'zod';
import { AppError, notFound, parseRequest, SURROGATE_CONTROL_HEADER } from '@neuralbeat/common';
import { resourcesQuerySchema } from '@neuralbeat/common/contracts';
import { ListingsRepository } from '../repositories/listingsRepository';
import { presentEvent, presentJob, presentResource, type JobRow } from '../presenters/listingPresenters';
import type { ContentDeps } from './deps';

const FEATURED_JOBS = 2;

const slugParam = z.object({
  slug: z
    .string()
    .min(1)
    .max(200, 'slug is too long')
    .transform((s) => s.toLowerCase()),
});
const jobIdParam = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int('id must be an integer')
    .positive('id must be positive')
    .max(2_147_483_647, 'id is too large'),
});

/** Today's date (UTC) as yyyy-mm-dd: an event is past when it ended before today. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * An answer naming jobs is shared (by browsers, and replayed by the gateway)
 * only until the first of them reaches its validThrough: no table write tells
 * the caches when a job passes its date, and it must leave the answer then.
 */
function keepUntilFirstCloses(res: Response, rows: Pick<JobRow, 'valid_through'>[]): void {
  const first = Math.min(...rows.map((r) => r.valid_through?.getTime() ?? Infinity));
  if (first === Infinity) return;
  const seconds = Math.max(0, Math.floor((first - Date.now()) / 1000));
  for (const [header, value] of [
    ['cache-control', `public, max-age=${seconds}`],
    [SURROGATE_CONTROL_HEADER, `max-age=${seconds}`],
  ] as const) {
    const kept = Number(/max-age=(\d+)/.exec(String(res.get(header) ?? ''))?.[1] ?? 0);
    if (seconds < kept) res.set(header, value);
  }
}

/** /api/resources, /api/events and /api/jobs. */
export function listingRoutes(deps: ContentDeps): Router {
  const listings = new ListingsRepository(deps.db);
  const router = Router();

  router.get('/resources', async (req, res) => {
    const filter = parseRequest(resourcesQuerySchema, req.query);
    res.json((await listings.resources(filter)).map(presentResource));
  });

  router.get('/resources/:slug', async (req, res) => {
    const { slug } = parseRequest(slugParam, req.params);
    const row = await listings.resourceBySlug(slug);
    if (!row) throw notFound('Resource not found');
    res.json(presentResource(row));
  });

  router.get('/events', async (_req, res) => {
    res.json((await listings.events()).map(presentEvent));
  });

  router.get('/events/upcoming', async (_req, res) => {
    res.json((await listings.events(today())).map(presentEvent));
  });

  router.get('/events/:slug', async (req, res) => {
    const { slug } = parseRequest(slugParam, req.params);
    const row = await listings.eventBySlug(slug);
    if (!row) throw notFound('Event not found');
    res.json(presentEvent(row));
  });

  for (const [path, limit] of [
    ['/jobs', undefined],
    ['/jobs/featured', FEATURED_JOBS],
  ] as const) {
    router.get(path, async (_req, res) => {
      const rows = await listings.jobs(limit);
      keepUntilFirstCloses(res, rows);
      res.json(rows.map((row) => presentJob(row, deps.config.JOB_MAX_AGE_DAYS)));
    });
  }

  router.get('/jobs/:id', async (req, res) => {
    const { id } = parseRequest(jobIdParam, req.params);
    const row = await listings.jobById(id);
    if (!row) throw notFound('Job not found');
    if (!row.open) throw new AppError(410, 'job_closed', 'This job is no longer open');
    keepUntilFirstCloses(res, [row]);
    res.json(presentJob(row, deps.config.JOB_MAX_AGE_DAYS));
  });

  return router;
}
