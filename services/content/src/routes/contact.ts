import { Router } from 'express';
import { parseRequest } from '@neuralbeat/common';
import { NEWSLETTER_MESSAGES, contactMessageSchema } from '@neuralbeat/common/contracts';
import type { ContentDeps } from './deps';
import { ContactService } from '../services/contactService';
import { publicPostLimiter } from './publicPostLimiter';

/** POST /api/contact: the Contact page's and About's message forms. A bot that filled the honeypot gets the same answer. */
export function contactRoutes(deps: ContentDeps): Router {
  const contact = new ContactService(deps.db, deps.bus);
  const router = Router();
  router.post('/contact', publicPostLimiter(deps, 'contact'), async (req, res) => {
    await contact.receive(parseRequest(contactMessageSchema, req.body), req.requestId);
    res.json({ message: NEWSLETTER_MESSAGES.contactSent });
  });
  return router;
}
