import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import type { RequestHandler } from 'express';
import { Pool, type Dispatcher } from 'undici';
import { AppError, REQUEST_ID_HEADER, badGateway, currentTraceContext, serviceUnavailable } from '@neuralbeat/common';
import { serviceFor, type ServiceKey } from './serviceRoutes';
import { MAX_BODY_BYTES, type ApiMicroCache, type UpstreamAnswer } from './apiCache';
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
 * the services answer every read in full and uncompressed. It has also read the whole body
 * before forwarding (Node answered an `Expect: 100-continue` then).
 */
const ANSWERED_BY_GATEWAY = new Set(['accept-encoding', 'if-none-match', 'if-modified-since', 'expect']);

const errorCode = (err: Error) => (err as NodeJS.ErrnoException).code ?? '';

/** Errors of a service that did not answer in time (undici's timeouts, or the socket's). */
const TIMED_OUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);
/** Errors of a service that is down or went away under the request. */
const UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);
/**
 * Whether a request failed on a kept-alive connection the service closed just as it was reused: closed
 * after earlier answers were read from it (undici's SocketError says how much was), or reset.
 */
function closedWhenReused(err: Error): boolean {
  const code = errorCode(err);
  if (code === 'UND_ERR_SOCKET') return ((err as Error & { socket?: { bytesRead?: number } }).socket?.bytesRead ?? 0) > 0;
  return code === 'ECONNRESET' || code === 'EPIPE';
}

/**
 * Answers compressed only where they were public: a private answer (an operator's) may hold a
 * secret beside text the visitor chose, which compression would let an eavesdropper guess (BREACH).
 */
const isPrivate = (answer: UpstreamAnswer) => /\b(private|no-store)\b/.test(String(answer.headers['cache-control'] ?? ''));

/**
 * Whether an answer to a GET is read in full before it is passed on, to be given its ETag and
 * coding (and perhaps kept): a whole public 200 of known length within MAX_BODY_BYTES. Others
 * are streamed through as they come.
 */
function held(answer: UpstreamAnswer): boolean {
  if (answer.statusCode !== 200 || answer.headers['content-encoding'] || isPrivate(answer)) return false;
  const length = Number(answer.headers['content-length']);
  return Number.isInteger(length) && length <= MAX_BODY_BYTES;
}

/** What the gateway knows of a request beyond its headers: what the service is told. */
export interface ForwardedRequest {
  requestId: string;
  /** The visitor's address (the socket's, or what a trusted proxy said). */
  clientIp: string;
  protocol: string;
  /** The body, read in full before forwarding (none for GET). */
  body?: Buffer;
}

/**
 * What the client sent, as the service should see it: hop-by-hop and forwarding headers replaced by
 * the gateway's own, and the trace the request is part of (when tracing is on). undici sets the
 * length of a body itself.
 */
function upstreamHeaders(req: IncomingMessage, forwarded: ForwardedRequest): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (
      value !== undefined &&
      !HOP_BY_HOP.has(name) &&
      !name.startsWith('x-forwarded-') &&
      name !== 'content-length' &&
      !ANSWERED_BY_GATEWAY.has(name)
    )
      headers[name] = value;
  }
  headers[REQUEST_ID_HEADER] = forwarded.requestId;
  headers['x-forwarded-for'] = forwarded.clientIp;
  headers['x-forwarded-proto'] = forwarded.protocol;
  headers['x-forwarded-host'] = req.headers.host ?? '';
  // OpenTelemetry instruments node:http, not undici: the trace is handed on here.
  return Object.assign(headers, currentTraceContext());
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
 * Written on undici's dispatcher rather than a proxy library or node:http: a
 * request is one handler object called back as the answer comes. In a bench of
 * forwarding alone (bench/gatewayForwarding.bench.ts) undici cost the forwarding
 * process 20–30% less CPU per request than node:http's ClientRequest and
 * kept-alive Agent, which in turn had halved a proxy library's.
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
  const origins = new Map(
    (Object.keys(targets) as ServiceKey[]).map((key) => {
      const url = new URL(targets[key]);
      const pool = new Pool(url.origin, {
        // One request at a time on a connection: a slow answer must not hold up those behind it.
        pipelining: 1,
        connections: 512,
        // Idle connections are dropped after 4 s (or sooner when a service says so in Keep-Alive), before the services'
        // own 5 s keep-alive timeout closes them under a request.
        keepAliveTimeout: IDLE_SOCKET_MS,
        keepAliveMaxTimeout: IDLE_SOCKET_MS,
        connectTimeout: timeoutMs,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      return [key, { pool, basePath: url.pathname.replace(/\/$/, '') }];
    }),
  );

  const fail = (key: ServiceKey, req: IncomingMessage, res: ServerResponse, requestId: string, err: Error) => {
    if (res.destroyed || res.writableEnded) return;
    if (cache?.serveStale(req, res, requestId)) return;
    if (res.headersSent) return void res.destroy();
    const code = errorCode(err);
    const error: AppError = TIMED_OUT.has(code)
      ? new AppError(504, 'gateway_timeout', `The ${key} service did not answer in time`)
      : UNAVAILABLE.has(code)
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
      const { pool, basePath } = origins.get(key)!;
      const askedAt = Date.now();
      let answer: UpstreamAnswer | undefined;
      let body: Buffer[] | undefined;
      pool.dispatch(
        { method: 'GET', path: basePath + req.url, headers: upstreamHeaders(req, forwarded) },
        {
          onRequestStart: () => undefined,
          onResponseStart: (_controller, statusCode, headers) => {
            if (statusCode < 200) return;
            answer = { statusCode, headers };
            if (statusCode === 404 || statusCode === 410) cache.forget(req);
            if (held(answer)) body = [];
          },
          onResponseData: (_controller, chunk) => void body?.push(chunk),
          onResponseEnd: () => {
            if (answer && body) cache.keep(req, answer, Buffer.concat(body), askedAt);
            settle();
          },
          // Over whatever went wrong (timed out, say).
          onResponseError: () => settle(),
        },
      );
    });

  return Object.assign(
    (key: ServiceKey, req: IncomingMessage, res: ServerResponse, forwarded: ForwardedRequest) => forward(key, req, res, forwarded, true),
    { refresh },
  );

  function forward(key: ServiceKey, req: IncomingMessage, res: ServerResponse, forwarded: ForwardedRequest, mayRetry: boolean): void {
    const { pool, basePath } = origins.get(key)!;
    const askedAt = Date.now();
    let controller: Dispatcher.DispatchController | undefined;
    let answered = false;
    /** Where the answer's body goes: held whole, streamed through, or (a kept answer replayed in place of a 5xx) nowhere. */
    let body: Buffer[] | undefined;
    let out: Writable | undefined;
    let answer: UpstreamAnswer | undefined;
    let headers: OutgoingHttpHeaders = {};
    // The visitor went away before the answer was sent: stop asking the service.
    let gone = false;
    res.once('close', () => {
      if (res.writableFinished) return;
      gone = true;
      controller?.abort(new Error('the visitor went away'));
    });

    pool.dispatch(
      {
        // A HEAD is asked as a GET: its answer then carries the ETag and coding the GET's would (RFC 9110 §9.3.2).
        method: (req.method === 'HEAD' ? 'GET' : req.method) as Dispatcher.HttpMethod,
        path: basePath + req.url,
        headers: upstreamHeaders(req, forwarded),
        body: forwarded.body?.length ? forwarded.body : undefined,
      },
      {
        onRequestStart: (started) => {
          controller = started;
          if (gone) started.abort(new Error('the visitor went away'));
        },
        onResponseStart: (_controller, status, answerHeaders) => {
          // Informational answers (103 Early Hints) are not passed on, as node:http's client did not.
          if (status < 200) return;
          answered = true;
          answer = { statusCode: status, headers: answerHeaders };
          if (status >= 500 && cache?.serveStale(req, res, forwarded.requestId)) return;
          if (status === 404 || status === 410) cache?.forget(req);
          headers = {};
          for (const [name, value] of Object.entries(answerHeaders)) {
            // Surrogate-* headers speak to the gateway's cache alone (Edge Architecture 1.0: the surrogate removes them).
            if (value !== undefined && !HOP_BY_HOP.has(name) && !name.startsWith('surrogate-')) headers[name] = value;
          }
          if ((req.method === 'GET' || req.method === 'HEAD') && held(answer)) {
            body = [];
            return;
          }
          // Streamed through (no known length, or too long to hold): compressed as it goes when it is public text.
          const length = Number(answerHeaders['content-length']);
          const coding =
            status === 200 && !answerHeaders['content-encoding'] && !isPrivate(answer) && compressibleType(answerHeaders['content-type'])
              ? codingFor(req.headers['accept-encoding'])
              : null;
          out = res;
          if (coding && !(length < MIN_COMPRESSED_BYTES)) {
            delete headers['content-length'];
            headers['content-encoding'] = coding;
            headers.vary = withVary(headers.vary);
            const encoder = streamEncoder(coding);
            encoder.pipe(res);
            out = encoder;
          }
          res.writeHead(status, headers);
          out.on('drain', () => controller?.resume());
        },
        onResponseData: (flow, chunk) => {
          if (body) body.push(chunk);
          else if (out && !out.write(chunk)) flow.pause();
        },
        onResponseEnd: () => {
          if (out) return void out.end();
          if (!body || !answer) return;
          const identity = Buffer.concat(body);
          sendBody(req, res, answer.statusCode, headers, cache?.keep(req, answer, identity, askedAt) ?? new ApiBody(identity, 'once'));
        },
        onResponseError: (_controller, err) => {
          if (gone) return;
          // A service that dropped the connection mid-answer: the visitor must not take the truncated body for a whole one.
          if (answered) {
            if ((body || out) && !res.destroyed) res.destroy();
            return;
          }
          // Ask again once on a new connection (Node's advice for idempotent requests; undici does not retry the request it was writing).
          if (mayRetry && closedWhenReused(err) && IDEMPOTENT.has(req.method!) && !res.headersSent)
            return forward(key, req, res, forwarded, false);
          fail(key, req, res, forwarded.requestId, err);
        },
      },
    );
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
