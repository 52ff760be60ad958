import http from 'node:http';
import type { RequestHandler, Request } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { AppError, REQUEST_ID_HEADER, badGateway, serviceUnavailable } from '@neuralbeat/common';
import { serviceFor, type ServiceKey } from './serviceRoutes';
import type { ApiMicroCache } from './apiCache';

/**
 * Proxies /api/* to the owning service. Responses are streamed through as the
 * service wrote them. A service that is down or slow answers with the JSON error
 * envelope (503 while it is down or restarting, 504 timed out, 502 otherwise)
 * instead of hanging the client, unless the micro-cache still holds a public
 * answer for the URL, which is replayed instead (also in place of a 5xx).
 *
 * The service learns the visitor's address from one X-Forwarded-For value set
 * here (`req.ip`: the socket, or what the gateway's own trusted proxies said);
 * whatever a client sent in that header itself is not passed on.
 */
export function apiProxy(targets: Record<ServiceKey, string>, timeoutMs = 15_000, cache?: ApiMicroCache): RequestHandler {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512, keepAliveMsecs: 10_000 });
  // A timed-out upstream request and a dropped connection both end in ECONNRESET; this tells them apart.
  const timedOut = new WeakSet<http.IncomingMessage>();
  const proxies = new Map<ServiceKey, RequestHandler>(
    (Object.keys(targets) as ServiceKey[]).map((key) => [
      key,
      createProxyMiddleware<Request>({
        target: targets[key],
        agent,
        proxyTimeout: timeoutMs,
        xfwd: false,
        on: {
          proxyReq: (proxyReq, req) => {
            proxyReq.setHeader(REQUEST_ID_HEADER, req.requestId);
            proxyReq.once('timeout', () => timedOut.add(req));
            proxyReq.setHeader('x-forwarded-for', req.ip ?? req.socket.remoteAddress ?? '');
            proxyReq.setHeader('x-forwarded-proto', req.protocol);
            proxyReq.setHeader('x-forwarded-host', req.headers.host ?? '');
            // The body was read in full by `bufferedBody`; the proxy ends the request after it.
            if (req.rawBody?.length) proxyReq.write(req.rawBody);
          },
          proxyRes: (proxyRes, req, res) => {
            if ((proxyRes.statusCode ?? 0) >= 500 && cache?.serveStale(req, res, req.requestId)) {
              proxyRes.resume();
              return;
            }
            cache?.capture(req, proxyRes);
          },
          error: (err, req, res) => {
            if ('writeHead' in res && cache?.serveStale(req as Request, res, (req as Request).requestId)) return;
            const code = (err as NodeJS.ErrnoException).code;
            const error: AppError =
              timedOut.has(req) || code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT'
                ? new AppError(504, 'gateway_timeout', `The ${key} service did not answer in time`)
                : code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE'
                  ? serviceUnavailable(`The ${key} service is unavailable`)
                  : badGateway(`The ${key} service failed to answer`);
            if ('writeHead' in res && res.writableEnded) return;
            if ('writeHead' in res && !res.headersSent) {
              res.writeHead(error.status, { 'content-type': 'application/json; charset=utf-8', ...(error.status === 503 ? { 'retry-after': '5' } : {}) });
              res.end(JSON.stringify(error.toEnvelope()));
            } else {
              res.destroy();
            }
          },
        },
      }),
    ]),
  );

  return (req, res, next) => {
    const service = serviceFor(req.path);
    if (!service) return next();
    return proxies.get(service)!(req, res, next);
  };
}
