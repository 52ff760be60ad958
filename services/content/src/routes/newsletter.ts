import { timingSafeEqual } from 'node:crypto';
import { Router, type Request } from 'express';
import { AppError, notFound, parseRequest } from '@neuralbeat/common';
import {
  NEWSLETTER_MESSAGES,
  newsletterEventsSchema,
  newsletterSubscribeSchema,
  newsletterTokenSchema,
  type NewsletterEventsResponse,
} from '@neuralbeat/common/contracts';
import { normalizeEmail } from '@neuralbeat/common/mail/address';
import type { ContentDeps } from './deps';
import { SubscriptionService } from '../services/subscriptionService';
import { publicPostLimiter } from './publicPostLimiter';

const unauthorized = () => new AppError(401, 'unauthorized', 'The webhook secret is missing or wrong');

function bearerMatches(req: Request, secret: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1] ?? '');
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The newsletter's public calls: subscribe (the same answer whatever the
 * address's state), confirm, unsubscribe (a GET only describes the link; the
 * POST acts, and the gateway turns an RFC 8058 one-click POST into it) and
 * the providers' bounce/complaint webhook.
 */
export function newsletterRoutes(deps: ContentDeps): Router {
  const subscriptions = new SubscriptionService(deps.db, deps.bus, deps.config.NEWSLETTER_SECRET);
  const router = Router();
  router.post('/newsletter/subscribe', publicPostLimiter(deps, 'newsletter'), async (req, res) => {
    const { email } = parseRequest(newsletterSubscribeSchema, req.body);
    await subscriptions.subscribe(email, req.requestId);
    res.json({ message: NEWSLETTER_MESSAGES.subscribed });
  });
  router.post('/newsletter/confirm', publicPostLimiter(deps, 'newsletter-confirm'), async (req, res) => {
    const { token } = parseRequest(newsletterTokenSchema, req.body);
    res.json(await subscriptions.confirm(token));
  });
  router.get('/newsletter/unsubscribe', async (req, res) => {
    const { token } = parseRequest(newsletterTokenSchema, req.query);
    // Describes the link only (mail scanners fetch links); never cached: the status changes on the POST.
    res.set('cache-control', 'no-store');
    res.json(await subscriptions.unsubscribeInfo(token));
  });
  router.post('/newsletter/unsubscribe', publicPostLimiter(deps, 'newsletter-unsubscribe'), async (req, res) => {
    const { token } = parseRequest(newsletterTokenSchema, req.body);
    await subscriptions.unsubscribe(token);
    res.json({ message: NEWSLETTER_MESSAGES.unsubscribed });
  });
  router.post('/newsletter/events', async (req, res) => {
    const secret = deps.config.NEWSLETTER_WEBHOOK_SECRET;
    if (!secret) throw notFound(`No route for ${req.method} ${req.path}`);
    if (!bearerMatches(req, secret)) throw unauthorized();
    const { events } = parseRequest(newsletterEventsSchema, req.body);
    const byType = { bounce: [] as string[], complaint: [] as string[], unsubscribe: [] as string[] };
    // A temporary bounce (a full mailbox) says nothing lasting about the address.
    for (const e of events) if (!(e.type === 'bounce' && e.permanent === false)) byType[e.type].push(normalizeEmail(e.email));
    let suppressed = 0;
    for (const type of ['complaint', 'bounce', 'unsubscribe'] as const)
      suppressed += await subscriptions.subscribers.suppress(type, byType[type]);
    const body: NewsletterEventsResponse = { suppressed };
    res.json(body);
  });
  return router;
}
