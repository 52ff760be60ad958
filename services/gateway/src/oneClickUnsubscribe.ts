import type { RequestHandler } from 'express';
import { REQUEST_ID_HEADER, badRequest, serviceUnavailable } from '@neuralbeat/common';
import { NEWSLETTER_MESSAGES } from '@neuralbeat/common/contracts';

/** How long the content service may take to unsubscribe before the mail provider is told to try again. */
const UPSTREAM_TIMEOUT_MS = 10_000;

/**
 * Whether a POST body is RFC 8058's one-click request: the form field
 * `List-Unsubscribe=One-Click`, sent as application/x-www-form-urlencoded or
 * as multipart/form-data.
 */
export function isOneClickBody(body: string, contentType: string | undefined): boolean {
  if (contentType?.startsWith('multipart/form-data'))
    return /name="?List-Unsubscribe"?\r?\n(?:[^\r\n]+\r?\n)*\r?\n\s*One-Click\s*(\r?\n|$)/.test(body);
  return new URLSearchParams(body.trim()).get('List-Unsubscribe') === 'One-Click';
}

/**
 * POST {SITE_URL}/newsletter/unsubscribe?token=… as mailbox providers send it
 * for an issue's List-Unsubscribe-Post header (RFC 8058): no cookie, no
 * sign-in, no redirect. Forwarded to content's POST /api/newsletter/unsubscribe;
 * the answer is a plain 200 "You are unsubscribed." or content's error.
 * A GET of that address is the SPA page, which unsubscribes only on its button.
 */
export function oneClickUnsubscribe(contentUrl: string): RequestHandler {
  return async (req, res, next) => {
    if (!isOneClickBody(req.rawBody?.toString('utf8') ?? '', req.get('content-type'))) {
      return next(badRequest('A one-click unsubscribe carries the form field List-Unsubscribe=One-Click', 'List-Unsubscribe'));
    }
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    let upstream: Response;
    try {
      upstream = await fetch(`${contentUrl}/api/newsletter/unsubscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: req.requestId, 'x-forwarded-for': req.ip ?? '' },
        body: JSON.stringify({ token }),
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
    } catch {
      return next(serviceUnavailable('The content service is unavailable'));
    }
    if (upstream.ok) {
      res.status(200).type('text/plain').send(NEWSLETTER_MESSAGES.unsubscribed);
      return;
    }
    res
      .status(upstream.status)
      .type('application/json')
      .send(await upstream.text());
  };
}
