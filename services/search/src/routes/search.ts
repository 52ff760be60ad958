import { Router } from 'express';
import { z } from 'zod';
import { parseRequest } from '@neuralbeat/common';
import { searchQuerySchema } from '@neuralbeat/common/contracts';
import { SEARCH_KINDS, type SearchEngine } from '../engine/SearchEngine';

const RESULT_LIMIT = 50;
const kindParam = z.object({ kind: z.enum(SEARCH_KINDS) });

/** GET /api/{news,tools,resources,events,jobs}/search?q= — best match first. */
export function searchRoutes(engine: SearchEngine): Router {
  const router = Router();
  router.get('/:kind/search', async (req, res) => {
    const { kind } = parseRequest(kindParam, req.params);
    const { q } = parseRequest(searchQuerySchema, req.query);
    res.json(await engine.search(kind, q, RESULT_LIMIT));
  });
  return router;
}
