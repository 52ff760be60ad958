import { Router } from 'express';
import { parseRequest } from '@neuralbeat/common';
import { newsletterSubscribeSchema } from '@neuralbeat/common/contracts';
import { ListingsRepository } from '../repositories/listingsRepository';
import type { ContentDeps } from './deps';
import { publicPostLimiter } from './publicPostLimiter';

/** POST /api/newsletter/subscribe: the same answer whether or not the address was already subscribed. */
export function newsletterRoutes(deps: ContentDeps): Router {
  const listings = new ListingsRepository(deps.db);
  const router = Router();
  router.post('/newsletter/subscribe', publicPostLimiter(deps, 'newsletter'), async (req, res) => {
    const { email } = parseRequest(newsletterSubscribeSchema, req.body);
    await listings.subscribe(email.toLowerCase());
    res.json({ message: 'Subscribed' });
  });
  return router;
}
