import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from 'proxy-addr';
import { hasBody, logWhenFinished, REQUEST_ID_HEADER, requestIdFrom, urlHasNul, type Logger } from '@neuralbeat/common';
import type { ApiForwarder, ForwardedRequest } from './proxy';
import { serviceFor } from './serviceRoutes';

const FAST_METHODS = new Set(['GET', 'HEAD']);

/**
 * Public API reads forwarded straight from the HTTP server, before Express:
 * a GET to a service route with no body needs none of Express's routing or body
 * handling, and Express cost the gateway about twice the proxying itself per
 * request. The request gets what Express would have given it: the request id,
 * the security headers, the log line, and the visitor's address and protocol
 * judged by the same trusted proxies (`trust`, Express's compiled setting).
 * Anything else (bodies, other methods, NUL in the URL, paths no service owns)
 * returns false and goes through Express.
 */
export function apiFastPath(opts: {
  forward: ApiForwarder;
  trust: (address: string, hop: number) => boolean;
  headers: Record<string, string>;
  logger: Logger;
}) {
  const headers = Object.entries(opts.headers);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    if (!FAST_METHODS.has(req.method!) || !url.startsWith('/api/') || hasBody(req) || urlHasNul(url)) return false;
    const key = serviceFor(url.split('?', 1)[0]!);
    if (!key) return false;
    const requestId = requestIdFrom(req);
    for (const [name, value] of headers) res.setHeader(name, value);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    logWhenFinished(opts.logger, req, res, requestId);
    opts.forward(key, req, res, forwardedRequest(req, opts.trust, requestId));
    return true;
  };
}

/** What the service is told of a bodiless request the gateway forwards outside Express. */
export function forwardedRequest(
  req: IncomingMessage,
  trust: (address: string, hop: number) => boolean,
  requestId: string,
): ForwardedRequest {
  // A visitor who has gone (a stale answer is refreshed after its replay) leaves a socket with no address:
  // proxy-addr then gives undefined, which Node refuses as a header value.
  return { requestId, clientIp: proxyAddr(req, trust) ?? '', protocol: protocolOf(req, trust) };
}

/** As Express's `req.protocol`: the socket's, or the first X-Forwarded-Proto when the socket's peer is a trusted proxy. */
function protocolOf(req: IncomingMessage, trust: (address: string, hop: number) => boolean): string {
  const own = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress ?? '', 0)) return own;
  const header = req.headers['x-forwarded-proto'];
  const value = (Array.isArray(header) ? header[0] : header) || own;
  return value.split(',', 1)[0]!.trim();
}
