import { Router } from 'express';
import { z } from 'zod';
import { notFound, parseRequest, sendJsonText } from '@neuralbeat/common';
import {
  DIRECTORY_PAGE_SIZE,
  TOOL_CATEGORIES,
  PRICING_MODELS,
  TOTAL_COUNT_HEADER,
  paginationQuerySchema,
  toolSubmissionSchema,
} from '@neuralbeat/common/contracts';
import { presentTool } from '../presenters/toolPresenter';
import type { ContentDeps } from './deps';
import { ToolService, withoutMarkup } from '../services/toolService';
import { publicPostLimiter } from './publicPostLimiter';

const FEATURED_TOOLS = 3;
const SIMILAR_TOOLS = 4;

/** A page of the directory: limit 1..100 (default one screen's worth), offset, and the filters. */
const toolListQuery = paginationQuerySchema.extend({
  limit: paginationQuerySchema.shape.limit.removeDefault().default(DIRECTORY_PAGE_SIZE),
  q: z
    .string({ error: 'q must be given once, as text' })
    .trim()
    .max(100, 'q must be at most 100 characters')
    .transform((v) => v || undefined)
    .optional(),
  category: z.enum(TOOL_CATEGORIES, { error: `category must be one of: ${TOOL_CATEGORIES.join(', ')}` }).optional(),
  pricing: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(PRICING_MODELS.map((p) => p.toLowerCase()) as [string, ...string[]], { error: 'pricing must be free, freemium or paid' }))
    .optional(),
});
const slugParam = z.object({
  slug: z
    .string()
    .min(1)
    .max(200)
    .transform((s) => s.toLowerCase()),
});

export function toolRoutes(deps: ContentDeps): Router {
  const service = new ToolService(deps.db, deps.bus);
  const router = Router();

  router.get('/tools', async (req, res) => {
    const { limit, offset, ...filter } = parseRequest(toolListQuery, req.query);
    const page = await service.directoryPage(filter, limit, offset);
    res.set(TOTAL_COUNT_HEADER, String(page.total));
    sendJsonText(res, page.tools);
  });

  router.get('/tools/featured', async (_req, res) => {
    res.json((await service.tools.featured(FEATURED_TOOLS)).map(presentTool));
  });

  router.post('/tools/submit', publicPostLimiter(deps, 'tool-submit'), async (req, res) => {
    const input = parseRequest(toolSubmissionSchema, withoutMarkup(req.body));
    const tool = await service.submit(input, req.requestId);
    res.status(201).json({ message: 'Tool submitted for review', tool: presentTool(tool) });
  });

  router.get('/tools/:slug', async (req, res) => {
    const { slug } = parseRequest(slugParam, req.params);
    const tool = await service.tools.findApprovedBySlug(slug);
    if (!tool) throw notFound('Tool not found');
    res.json(presentTool(tool));
  });

  router.get('/tools/:slug/similar', async (req, res) => {
    const { slug } = parseRequest(slugParam, req.params);
    const found = await service.tools.withSimilar(slug, SIMILAR_TOOLS);
    if (!found) throw notFound('Tool not found');
    res.json(found.similar.map(presentTool));
  });

  return router;
}
