import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { RequestHandler } from 'express';

/**
 * The Content-Security-Policy and the other helmet headers. Images load from
 * our own origin only: remote pictures (article, tool, event and job images)
 * come through the signed image proxy (`/media/...`), so injected markup cannot
 * use an image request to send data to another origin, and visitors' addresses
 * never reach third-party image hosts.
 */
const HELMET = helmet({
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'img-src': ["'self'", 'data:'],
      // styled-components injects <style> elements at run time.
      'style-src': ["'self'", "'unsafe-inline'"],
      'script-src': ["'self'"],
      'connect-src': ["'self'"],
      'font-src': ["'self'", 'data:'],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'self'"],
      'upgrade-insecure-requests': null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

/**
 * Helmet's headers, computed once. They do not depend on the request, so the
 * same set goes on every response: through Express and on micro-cache replays
 * that never reach Express.
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  } as unknown as ServerResponse;
  HELMET({} as IncomingMessage, recorder, () => {});
  return headers;
}

/** Express middleware setting the precomputed security headers. */
export function securityHeadersMiddleware(headers: Record<string, string>): RequestHandler {
  const entries = Object.entries(headers);
  return (_req, res, next) => {
    for (const [name, value] of entries) res.setHeader(name, value);
    next();
  };
}
