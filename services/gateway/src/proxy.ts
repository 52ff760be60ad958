import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import type { RequestHandler } from 'express';
import { AppError, REQUEST_ID_HEADER, badGateway, serviceUnavailable } from '@neuralbeat/common';
import { serviceFor, type ServiceKey } from './serviceRoutes';
import { MAX_BODY_BYTES, type ApiMicroCache } from './apiCache';
import { ApiBody, codingFor, compressibleType, MIN_COMPRESSED_BYTES, sendBody, streamEncoder, withVary } from './apiRepresentation';

/**
 * Headers that describe one connection, not the message (RFC 9110 §7.6.1):
 * neither the visitor's nor the service's are passed on. The gateway keeps its
 * own connections to the services open, and sends a buffered body with its length.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
]);

/** Below Node's default `keepAliveTimeout` (5 s), which every service keeps. */
const IDLE_SOCKET_MS = 4_000;
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * The gateway answers conditional requests and picks the content coding itself (see sendBody):
 * the services answer every read in full and uncompressed.
 */
const ANSWERED_BY_GATEWAY = new Set(['accept-encoding', 'if-none-match', 'if-modified-since']);

/**
 * Answers compressed only where they were public: a private answer (an operator's) may hold a
 * secret beside text the visitor chose, which compression would let an eavesdropper guess (BREACH).
 */
const isPrivate = (answer: IncomingMessage) => /\b(private|no-store)\b/.test(String(answer.headers['cache-control'] ?? ''));

/**
 * Whether an answer to a GET is read in full before it is passed on, to be given its ETag and
 * coding (and perhaps kept): a whole public 200 of known length within MAX_BODY_BYTES. Others
 * are streamed through as they come.
 */
function held(answer: IncomingMessage): boolean {
  if (answer.statusCode !== 200 || answer.headers['content-encoding'] || isPrivate(answer)) return false;
  const length = Number(answer.headers['content-length']);
  return Number.isInteger(length) && length <= MAX_BODY_BYTES;
}

/** An answer's body, once it has come in full; null when the service dropped the connection before its end. */
const readBody = (answer: IncomingMessage) =>
  new Promise<Buffer | null>((resolve) => {
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => chunks.push(chunk));
    answer.once('end', () => resolve(answer.complete ? Buffer.concat(chunks) : null));
    answer.once('close', () => {
      if (!answer.complete) resolve(null);
    });
  });

/** What the gateway knows of a request beyond its headers: what the service is told. */
export interface ForwardedRequest {
  requestId: string;
  /** The visitor's address (the socket's, or what a trusted proxy said). */
  clientIp: string;
  protocol: string;
  /** The body, read in full before forwarding (none for GET). */
  body?: Buffer;
}

/** What the client sent, as the service should see it: hop-by-hop and forwarding headers replaced by the gateway's own. */
function upstreamHeaders(req: IncomingMessage, forwarded: ForwardedRequest): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name) && !name.startsWith('x-forwarded-') && name !== 'content-length' && !ANSWERED_BY_GATEWAY.has(name))
      headers[name] = value;
  }
  headers[REQUEST_ID_HEADER] = forwarded.requestId;
  headers['x-forwarded-for'] = forwarded.clientIp;
  headers['x-forwarded-proto'] = forwarded.protocol;
  headers['x-forwarded-host'] = req.headers.host ?? '';
  if (forwarded.body?.length) headers['content-length'] = forwarded.body.length;
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
export type ApiForwarder = (key: ServiceKey, req: IncomingMessage, res: ServerResponse, forwarded: ForwardedRequest) => void;

/**
 * Asks the service again for a public GET the cache holds stale, with no
 * visitor waiting (stale-while-revalidate), and lets the cache keep the answer.
 * Settles when the exchange is over, whatever its outcome.
 */
export type ApiRefresher = (req: IncomingMessage, forwarded: ForwardedRequest) => Promise<void>;

export function apiForwarder(
  targets: Record<ServiceKey, string>,
  timeoutMs = 15_000,
  cache?: ApiMicroCache,
): ApiForwarder & { refresh: ApiRefresher } {
  // Idle connections are dropped after 4 s, before the services' own 5 s keep-alive timeout closes them under a request.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512, keepAliveMsecs: 10_000, timeout: IDLE_SOCKET_MS });
  const origins = new Map(
    (Object.keys(targets) as ServiceKey[]).map((key) => {
      const url = new URL(targets[key]);
      return [key, { hostname: url.hostname, port: Number(url.port) || 80, basePath: url.pathname.replace(/\/$/, '') }];
    }),
  );

  const fail = (key: ServiceKey, req: IncomingMessage, res: ServerResponse, requestId: string, err: NodeJS.ErrnoException | 'timeout') => {
    if (res.destroyed || res.writableEnded) return;
    if (cache?.serveStale(req, res, requestId)) return;
    if (res.headersSent) return void res.destroy();
    const code = err === 'timeout' ? err : err.code;
    const error: AppError =
      code === 'timeout' || code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT'
        ? new AppError(504, 'gateway_timeout', `The ${key} service did not answer in time`)
        : code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE'
          ? serviceUnavailable(`The ${key} service is unavailable`)
          : badGateway(`The ${key} service failed to answer`);
    res.writeHead(error.status, {
      'content-type': 'application/json; charset=utf-8',
      ...(error.status === 503 ? { 'retry-after': '5' } : {}),
    });
    res.end(JSON.stringify(error.toEnvelope()));
  };

  const refresh: ApiRefresher = (req, forwarded) =>
    new Promise<void>((settle) => {
      const key = serviceFor(req.url!.split('?', 1)[0]!);
      if (!key || !cache) return settle();
      const origin = origins.get(key)!;
      const askedAt = Date.now();
      const upstream = http.request({
        agent,
        hostname: origin.hostname,
        port: origin.port,
        method: 'GET',
        path: origin.basePath + req.url,
        headers: upstreamHeaders(req, forwarded),
      });
      let answered = false;
      upstream.setTimeout(timeoutMs, () => upstream.destroy());
      upstream.on('error', () => settle());
      // Ended without an answer (timed out, say): over, whether or not an error was emitted.
      upstream.once('close', () => {
        if (!answered) settle();
      });
      upstream.once('response', (answer) => {
        answered = true;
        answer.once('close', () => settle());
        if (answer.statusCode === 404 || answer.statusCode === 410) cache.forget(req);
        if (!held(answer)) return void answer.resume();
        void readBody(answer).then((body) => {
          if (body) cache.keep(req, answer, body, askedAt);
        });
      });
      upstream.end();
    });

  return Object.assign(
    (key: ServiceKey, req: IncomingMessage, res: ServerResponse, forwarded: ForwardedRequest) => forward(key, req, res, forwarded, true),
    { refresh },
  );

  function forward(key: ServiceKey, req: IncomingMessage, res: ServerResponse, forwarded: ForwardedRequest, mayRetry: boolean): void {
    const origin = origins.get(key)!;
    const askedAt = Date.now();
    const upstream = http.request({
      agent,
      hostname: origin.hostname,
      port: origin.port,
      // A HEAD is asked as a GET: its answer then carries the ETag and coding the GET's would (RFC 9110 §9.3.2).
      method: req.method === 'HEAD' ? 'GET' : req.method,
      path: origin.basePath + req.url,
      headers: upstreamHeaders(req, forwarded),
    });
    let answered = false;
    upstream.setTimeout(timeoutMs, () => {
      upstream.destroy();
      if (!answered) fail(key, req, res, forwarded.requestId, 'timeout');
      else if (!res.writableFinished) res.destroy();
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (answered) return;
      // A kept-alive connection the service closed just as it was reused: ask again once on a new one (Node's advice for idempotent requests).
      if (mayRetry && upstream.reusedSocket && err.code === 'ECONNRESET' && IDEMPOTENT.has(req.method!) && !res.headersSent)
        return forward(key, req, res, forwarded, false);
      fail(key, req, res, forwarded.requestId, err);
    });
    // The visitor went away before the answer was sent: stop asking the service.
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.once('response', (answer) => {
      answered = true;
      const status = answer.statusCode ?? 502;
      if (status >= 500 && cache?.serveStale(req, res, forwarded.requestId)) return void answer.resume();
      if (status === 404 || status === 410) cache?.forget(req);
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        // Surrogate-* headers speak to the gateway's cache alone (Edge Architecture 1.0: the surrogate removes them).
        if (value !== undefined && !HOP_BY_HOP.has(name) && !name.startsWith('surrogate-')) headers[name] = value;
      }
      if ((req.method === 'GET' || req.method === 'HEAD') && held(answer)) {
        void readBody(answer).then((identity) => {
          if (!identity) return void (res.destroyed || res.destroy());
          const body = cache?.keep(req, answer, identity, askedAt) ?? new ApiBody(identity, 'once');
          sendBody(req, res, status, headers, body);
        });
        return;
      }
      // Streamed through (no known length, or too long to hold): compressed as it goes when it is public text.
      const length = Number(answer.headers['content-length']);
      const coding =
        status === 200 && !answer.headers['content-encoding'] && !isPrivate(answer) && compressibleType(answer.headers['content-type'])
          ? codingFor(req.headers['accept-encoding'])
          : null;
      let out: Writable = res;
      if (coding && !(length < MIN_COMPRESSED_BYTES)) {
        delete headers['content-length'];
        headers['content-encoding'] = coding;
        headers.vary = withVary(headers.vary);
        const encoder = streamEncoder(coding);
        encoder.pipe(res);
        out = encoder;
      }
      res.writeHead(status, headers);
      answer.on('data', (chunk: Buffer) => {
        if (!out.write(chunk)) answer.pause();
      });
      out.on('drain', () => answer.resume());
      answer.once('end', () => out.end());
      // A service that dropped the connection mid-answer: the visitor must not take the truncated body for a whole one.
      answer.once('close', () => {
        if (!answer.complete && !res.destroyed) res.destroy();
      });
    });
    upstream.end(forwarded.body?.length ? forwarded.body : undefined);
  }
}

/** The forwarder as Express middleware, for requests the fast path left to Express (bodies, odd URLs). */
export function apiProxy(forward: ApiForwarder): RequestHandler {
  return (req, res, next) => {
    const key = serviceFor(req.path);
    if (!key) return next();
    forward(key, req, res, {
      requestId: req.requestId,
      clientIp: req.ip ?? req.socket.remoteAddress ?? '',
      protocol: req.protocol,
      body: req.rawBody,
    });
  };
}
