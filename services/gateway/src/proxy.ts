import http from 'node:http';
import type { RequestHandler, Request, Response } from 'express';
import { AppError, REQUEST_ID_HEADER, badGateway, serviceUnavailable } from '@neuralbeat/common';
import { serviceFor, type ServiceKey } from './serviceRoutes';
import type { ApiMicroCache } from './apiCache';

/**
 * Headers that describe one connection, not the message (RFC 9110 §7.6.1):
 * neither the visitor's nor the service's are passed on. The gateway keeps its
 * own connections to the services open, and sends a buffered body with its length.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authorization', 'proxy-authenticate']);

/** Below Node's default `keepAliveTimeout` (5 s), which every service keeps. */
const IDLE_SOCKET_MS = 4_000;
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What the client sent, as the service should see it: hop-by-hop and forwarding headers replaced by the gateway's own. */
function upstreamHeaders(req: Request): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name) && !name.startsWith('x-forwarded-') && name !== 'content-length') headers[name] = value;
  }
  headers[REQUEST_ID_HEADER] = req.requestId;
  headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = req.protocol;
  headers['x-forwarded-host'] = req.headers.host ?? '';
  // The body was read in full by `bufferedBody`.
  if (req.rawBody?.length) headers['content-length'] = req.rawBody.length;
  return headers;
}

/**
 * Proxies /api/* to the owning service over kept-alive connections. Responses
 * are streamed through as the service wrote them. A service that is down or
 * slow answers with the JSON error envelope (503 while it is down or
 * restarting, 504 timed out, 502 otherwise) instead of hanging the client,
 * unless the micro-cache still holds a public answer for the URL, which is
 * replayed instead (also in place of a 5xx).
 *
 * The service learns the visitor's address from one X-Forwarded-For value set
 * here (`req.ip`: the socket, or what the gateway's own trusted proxies said);
 * whatever a client sent in that header itself is not passed on.
 *
 * Written on node:http rather than a proxy library: a request is one
 * ClientRequest and one listener per event, which about halves the gateway's
 * CPU per proxied request.
 */
export function apiProxy(targets: Record<ServiceKey, string>, timeoutMs = 15_000, cache?: ApiMicroCache): RequestHandler {
  // Idle connections are dropped after 4 s, before the services' own 5 s keep-alive timeout closes them under a request.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512, keepAliveMsecs: 10_000, timeout: IDLE_SOCKET_MS });
  const origins = new Map(
    (Object.keys(targets) as ServiceKey[]).map((key) => {
      const url = new URL(targets[key]);
      return [key, { hostname: url.hostname, port: Number(url.port) || 80, basePath: url.pathname.replace(/\/$/, '') }];
    }),
  );

  const fail = (key: ServiceKey, req: Request, res: Response, err: NodeJS.ErrnoException | 'timeout') => {
    if (res.destroyed || res.writableEnded) return;
    if (cache?.serveStale(req, res, req.requestId)) return;
    if (res.headersSent) return void res.destroy();
    const code = err === 'timeout' ? err : err.code;
    const error: AppError =
      code === 'timeout' || code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT'
        ? new AppError(504, 'gateway_timeout', `The ${key} service did not answer in time`)
        : code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE'
          ? serviceUnavailable(`The ${key} service is unavailable`)
          : badGateway(`The ${key} service failed to answer`);
    res.writeHead(error.status, { 'content-type': 'application/json; charset=utf-8', ...(error.status === 503 ? { 'retry-after': '5' } : {}) });
    res.end(JSON.stringify(error.toEnvelope()));
  };

  return (req, res, next) => {
    const key = serviceFor(req.path);
    if (!key) return next();
    forward(key, req, res, true);
  };

  function forward(key: ServiceKey, req: Request, res: Response, mayRetry: boolean): void {
    const origin = origins.get(key)!;
    const askedAt = Date.now();
    const upstream = http.request({
      agent,
      hostname: origin.hostname,
      port: origin.port,
      method: req.method,
      path: origin.basePath + req.originalUrl,
      headers: upstreamHeaders(req),
    });
    let answered = false;
    upstream.setTimeout(timeoutMs, () => {
      upstream.destroy();
      if (!answered) fail(key, req, res, 'timeout');
      else if (!res.writableFinished) res.destroy();
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (answered) return;
      // A kept-alive connection the service closed just as it was reused: ask again once on a new one (Node's advice for idempotent requests).
      if (mayRetry && upstream.reusedSocket && err.code === 'ECONNRESET' && IDEMPOTENT.has(req.method) && !res.headersSent) return forward(key, req, res, false);
      fail(key, req, res, err);
    });
    // The visitor went away before the answer was sent: stop asking the service.
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.once('response', (answer) => {
      answered = true;
      const status = answer.statusCode ?? 502;
      if (status >= 500 && cache?.serveStale(req, res, req.requestId)) return void answer.resume();
      cache?.capture(req, answer, askedAt);
      for (const [name, value] of Object.entries(answer.headers)) {
        // Surrogate-* headers speak to the gateway's cache alone (Edge Architecture 1.0: the surrogate removes them).
        if (value !== undefined && !HOP_BY_HOP.has(name) && !name.startsWith('surrogate-')) res.setHeader(name, value);
      }
      res.statusCode = status;
      answer.on('data', (chunk: Buffer) => {
        if (!res.write(chunk)) answer.pause();
      });
      res.on('drain', () => answer.resume());
      answer.once('end', () => res.end());
      // A service that dropped the connection mid-answer: the visitor must not take the truncated body for a whole one.
      answer.once('close', () => {
        if (!answer.complete && !res.destroyed) res.destroy();
      });
    });
    upstream.end(req.rawBody?.length ? req.rawBody : undefined);
  }
}
