import { Router } from 'express';
import { z } from 'zod';
import { notFound, parseRequest, sendJsonText } from '@neuralbeat/common';
import { TOTAL_COUNT_HEADER, toolListQuerySchema, toolSubmissionSchema } from '@neuralbeat/common/contracts';
import { presentTool, presentToolSummary } from '../presenters/toolPresenter';
import type { ContentDeps } from './deps';
import { ToolService, withoutMarkup } from '../services/toolService';
import { publicPostLimiter } from './publicPostLimiter';

const FEATURED_TOOLS = 3;
const SIMILAR_TOOLS = 4;

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
    const { limit, offset, ...filter } = parseRequest(toolListQuerySchema, req.query);
    const page = await service.directoryPage(filter, limit, offset);
    res.set(TOTAL_COUNT_HEADER, String(page.total));
    sendJsonText(res, page.tools);
  });

  router.get('/tools/featured', async (_req, res) => {
    res.json((await service.tools.featured(FEATURED_TOOLS)).map(presentToolSummary));
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
    res.json(found.similar.map(presentToolSummary));
  });

  return router;
}
