import { Router } from 'express';
import { z } from 'zod';
import { parseRequest, sendJsonText, SURROGATE_CONTROL_HEADER, SURROGATE_KEY_HEADER } from '@neuralbeat/common';
import { SEARCH_KINDS, TOTAL_COUNT_HEADER, searchRequestSchema } from '@neuralbeat/common/contracts';
import type { SearchService } from '../services/searchService';
import { searchSurrogateKeys } from '../services/resultCache';

const kindParam = z.object({ kind: z.enum(SEARCH_KINDS, { error: `kind must be one of: ${SEARCH_KINDS.join(', ')}` }) });

/**
 * GET /api/{news,tools,resources,events,jobs}/search?q=&limit= — the result
 * shapes, best match first, each with its `why`; the number of matches in all is
 * in the X-Total-Count header. The gateway may replay an answer for
 * `cacheSeconds` (not browsers: a visitor's next search must see a change at
 * once); the search cache purges the gateways' copies with its own. After
 * a soft purge (a busy kind) or expiry, the gateway may replay the old answer
 * for as long again while it fetches the new one (stale-while-revalidate).
 */
export function searchRoutes(search: SearchService, cacheSeconds: number): Router {
  const router = Router();
  router.get('/:kind/search', async (req, res) => {
    const { kind } = parseRequest(kindParam, req.params);
    const { q, limit } = parseRequest(searchRequestSchema, req.query);
    const answer = await search.search(kind, q, limit);
    res.set(TOTAL_COUNT_HEADER, String(answer.total));
    if (cacheSeconds > 0)
      res.set({
        [SURROGATE_CONTROL_HEADER]:
          answer.validUntil === undefined
            ? `max-age=${cacheSeconds}, stale-while-revalidate=${cacheSeconds}`
            : // Naming a job: replayed only until the first of them passes its validThrough, and never after.
              `max-age=${Math.max(0, Math.min(cacheSeconds, Math.floor((answer.validUntil - Date.now()) / 1000)))}`,
        [SURROGATE_KEY_HEADER]: searchSurrogateKeys(kind),
      });
    sendJsonText(res, answer);
  });
  return router;
}
