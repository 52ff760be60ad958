import { randomUUID } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import express, { type Express, type NextFunction, type Request, type Response, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { AppError, badRequest, fromZodError, notFound, toAppError, unsupportedMediaType } from './errors';
import type { ServiceMetrics } from './metrics';

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;

/** Takes a well-formed incoming request id, or makes one. */
export function requestIdFrom(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && REQUEST_ID_PATTERN.test(value) ? value : randomUUID();
}

declare module 'express-serve-static-core' {
  interface Request {
    requestId: string;
    log: Logger;
  }
}

export type ReadinessCheck = () => Promise<void>;

const QUIET_PATHS = new Set(['/healthz', '/readyz']);

/**
 * This process is shutting down: /readyz answers 503 and responses close their
 * connections, so load balancers and keep-alive clients move to other replicas.
 * Per process on purpose: it describes this process and nothing else.
 */
export const drainState = { draining: false };

/** Logs one JSON line (method, url, status, duration, request id) when the response is finished. */
export function logWhenFinished(logger: Logger, req: IncomingMessage, res: ServerResponse, requestId: string): void {
  const started = process.hrtime.bigint();
  const url = req.url ?? '';
  res.once('finish', () => {
    if (QUIET_PATHS.has(url.split('?')[0]!)) return;
    const status = res.statusCode;
    const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger[level]({ reqId: requestId, method: req.method, url, status, ms: Math.round(ms * 10) / 10 }, 'request completed');
  });
}

interface ServiceAppOptions {
  name: string;
  logger: Logger;
  /** Dependencies that must answer for /readyz (e.g. Postgres, Redis), by name. */
  readiness?: Record<string, ReadinessCheck>;
  /** Largest JSON body accepted; `false` leaves bodies unread (the gateway streams them to services). */
  bodyLimit?: string | false;
  /**
   * Proxies whose X-Forwarded-For is believed (proxy-addr syntax: addresses, CIDRs,
   * `loopback`, `uniquelocal`; empty or false = none), so `req.ip` is the visitor's address.
   */
  trustProxy?: string | false;
  /** Times every request by matched route and serves `/metrics` (on this, the service's internal port). */
  metrics?: ServiceMetrics;
}

const JSON_TYPES = ['application/json', 'application/*+json'];

/** True when the request carries a body (a non-zero Content-Length or a chunked body). */
export function hasBody(req: { headers: Record<string, string | string[] | undefined> }): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Postgres refuses NUL in text: a NUL byte anywhere in the URL (raw or escaped) is a client error. */
export const urlHasNul = (url: string) => url.includes('%00') || url.includes('\u0000');

/** The path of the first string holding a NUL byte in a parsed JSON body, or null. Iterative: bodies may nest deeply. */
function nulPath(body: unknown): string | null {
  const stack: [unknown, string[]][] = [[body, []]];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path.join('.') || 'body';
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) stack.push([child, path.length < 20 ? [...path, key] : path]);
    }
  }
  return null;
}

/** JSON bodies only (415 otherwise), parsed with a size limit, with no NUL bytes in their text. */
function jsonBody(limit: string): RequestHandler {
  const parse = express.json({ limit, type: JSON_TYPES });
  return (req, res, next) => {
    if (!req.is(JSON_TYPES)) return next(unsupportedMediaType());
    parse(req, res, (err?: unknown) => {
      if (err) return next(err);
      const field = req.body === undefined ? null : nulPath(req.body);
      next(field ? badRequest('Text must not contain NUL bytes', field) : undefined);
    });
  };
}

/**
 * The Express app every service starts from: request id (created or forwarded),
 * a JSON log line per request, JSON bodies with a size limit, /healthz and /readyz.
 * Call `finishServiceApp` after mounting routes to add the JSON 404 and error handler.
 */
export function createServiceApp({
  name,
  logger,
  readiness = {},
  bodyLimit = '100kb',
  trustProxy = 'loopback',
  metrics,
}: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // API clients revalidate through react-query, not HTTP caches; hashing every body for an ETag is pure cost.
  app.set('etag', false);
  app.set('trust proxy', trustProxyList(trustProxy));
  // `req.log`: a child logger carrying the request id, made on first use (on the app's request prototype, not per request).
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request & { childLog?: Logger }) {
      return (this.childLog ??= logger.child({ reqId: this.requestId }));
    },
  });
  const parseBody = bodyLimit ? jsonBody(bodyLimit) : null;
  // What every request meets before the routes, in one middleware (each Express layer costs every request):
  // its id (created or forwarded), its log line, the refusal of NUL in the URL (Postgres refuses NUL in text),
  // and a JSON body when one is sent.
  app.use((req, res, next) => {
    req.requestId = requestIdFrom(req);
    res.setHeader(REQUEST_ID_HEADER, req.requestId);
    logWhenFinished(logger, req, res, req.requestId);
    metrics?.timeRequest(req, res, () => routeLabel(req));
    if (urlHasNul(req.url)) return next(badRequest('The request URL must not contain NUL bytes', 'url'));
    if (parseBody && hasBody(req)) return parseBody(req, res, next);
    next();
  });
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: name, pid: process.pid, uptimeSeconds: Math.round(process.uptime()) });
  });
  if (metrics) app.get('/metrics', metrics.handler());
  app.get('/readyz', async (_req, res) => {
    if (drainState.draining) return void res.status(503).json({ status: 'draining', service: name, checks: {} });
    const checks: Record<string, string> = {};
    let ready = true;
    await Promise.all(
      Object.entries(readiness).map(async ([dep, check]) => {
        try {
          await withTimeout(check(), 2000);
          checks[dep] = 'ok';
        } catch (err) {
          ready = false;
          checks[dep] = (err as Error).message || 'unreachable';
        }
      }),
    );
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', service: name, checks });
  });
  return app;
}

/**
 * The route pattern a request matched (`/api/news/:slug`), never its URL, so
 * the label's values are as many as the routes; `unmatched` for the 404s.
 */
export function routeLabel(req: Request): string {
  const route = req.route as { path?: unknown } | undefined;
  return route ? `${req.baseUrl}${String(route.path)}` : 'unmatched';
}

/** A TRUSTED_PROXIES-style setting as Express's `trust proxy` value: a list of addresses, or false for none. */
export function trustProxyList(value: string | false): string[] | false {
  const list = (value || '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return list.length ? list : false;
}

/** Adds the JSON 404 for unknown routes and the one error handler writing the error envelope. */
export function finishServiceApp(app: Express): Express {
  app.use((req, _res, next) => next(notFound(`No route for ${req.method} ${req.path}`)));
  // Express recognises an error handler by its four parameters.
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const appError = toAppError(err);
    if (appError.status === 503) req.log?.warn({ err: (err as Error)?.message }, 'request failed: a dependency is unavailable');
    else if (appError.status >= 500) req.log?.error({ err }, 'request failed');
    if (res.headersSent) return;
    if (appError.status === 503) res.setHeader('retry-after', '5');
    res.status(appError.status).json(appError.toEnvelope());
  });
  return app;
}

/** A JSON body serialised already (by Postgres, say), sent as it is. */
export interface JsonText {
  readonly json: string;
}

export function sendJsonText(res: Response, body: JsonText): void {
  res.type('json').send(body.json);
}

/** Parses `req[source]` with a zod schema, or throws a 400 naming the field. */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/** Wraps an async handler: Express 5 forwards rejected promises itself, this only narrows types. */
export const handler =
  (fn: (req: Request, res: Response) => Promise<unknown> | unknown): RequestHandler =>
  async (req, res) => {
    await fn(req, res);
  };

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

export interface RunningServer {
  port: number;
  url: string;
  /** Where the gateway serves /metrics (its own port); the other services serve it at `url`. */
  metricsUrl?: string;
  /** The Express app answering, when one does: what tests read the routes from (tests/integration/openapi). */
  app?: Express;
  close(): Promise<void>;
}

/** Starts listening (port 0 picks a free one) and resolves once bound. */
export async function serve(app: Express | RequestListener, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  const server = createServer((req, res) => {
    if (drainState.draining) res.shouldKeepAlive = false;
    app(req, res);
  });
  server.on('clientError', answerClientError);
  server.listen(port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    port: bound,
    url: `http://${host}:${bound}`,
    ...('router' in app ? { app } : {}),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/**
 * A request Node could not parse (malformed request line, headers too large,
 * invalid characters) still gets the JSON error envelope, then the connection closes.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  // A response already under way on this connection cannot be followed by another one.
  const current = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || current?.headersSent) return void socket.destroy();
  const error =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError(431, 'headers_too_large', 'Request headers are too large')
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError(408, 'request_timeout', 'The request did not arrive in time')
        : badRequest('Malformed HTTP request');
  const body = JSON.stringify(error.toEnvelope());
  socket.end(
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nx-content-type-options: nosniff\r\ncache-control: no-store\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * Runs `shutdown` once on SIGTERM or SIGINT, then exits: readiness answers 503
 * at once, the listener stays open `SHUTDOWN_DELAY_MS` more, then `shutdown`
 * stops accepting and waits for in-flight requests and jobs; exit code 0 when
 * it finished, 1 when it failed or took longer than `SHUTDOWN_TIMEOUT_MS`. Started by npm start's
 * supervisor (with an IPC channel), it also shuts down when the supervisor is
 * gone, so a killed supervisor leaves no orphan holding the ports.
 */
export function onShutdownSignal(
  logger: Logger,
  shutdown: () => Promise<void>,
  timing: { SHUTDOWN_DELAY_MS: number; SHUTDOWN_TIMEOUT_MS: number },
): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    drainState.draining = true;
    logger.info({ signal, delayMs: timing.SHUTDOWN_DELAY_MS }, 'shutting down: readiness answers 503, draining');
    await new Promise((resolve) => setTimeout(resolve, timing.SHUTDOWN_DELAY_MS));
    // The bound: whatever has not finished by then is abandoned (a job comes back to another worker after its lock expires).
    setTimeout(() => {
      logger.error({ timeoutMs: timing.SHUTDOWN_TIMEOUT_MS }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, timing.SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await shutdown();
      logger.info('drained; exiting');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  if (process.channel) {
    process.channel.unref();
    process.once('disconnect', () => void stop('supervisor gone'));
  }
}

export { AppError };
