import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { Pool, type Dispatcher } from 'undici';

/**
 * A minimal gateway for bench/gatewayForwarding.bench.ts: forwards every request to UPSTREAM_URL and sends
 * the answer on whole (as the gateway does with a public 200), using the client FORWARDING names:
 * `agent` (node:http with a kept-alive Agent, as services/gateway/src/proxy.ts), `pool` (undici
 * Pool.request) or `dispatch` (undici Pool.dispatch with a handler). GET /__cpu reports this process's
 * CPU time and how many requests it forwarded, so the bench can divide one by the other.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);
const upstream = new URL(process.env.UPSTREAM_URL!);
const IDLE_SOCKET_MS = 4_000;
const TIMEOUT_MS = 15_000;

function upstreamHeaders(req: IncomingMessage): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !name.startsWith('x-forwarded-') && name !== 'content-length')
      headers[name] = value;
  }
  headers['x-request-id'] = 'bench';
  headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = 'http';
  headers['x-forwarded-host'] = req.headers.host ?? '';
  return headers;
}

function answerHeaders(headers: Record<string, string | string[] | undefined>): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

const send = (res: ServerResponse, status: number, headers: http.OutgoingHttpHeaders, body: Buffer) => {
  res.writeHead(status, { ...headers, 'content-length': body.length });
  res.end(body);
};
const fail = (res: ServerResponse) => {
  if (res.headersSent) return void res.destroy();
  res.writeHead(502, { 'content-type': 'application/json' });
  res.end('{"error":"bad_gateway"}');
};

type Forward = (req: IncomingMessage, res: ServerResponse) => void;

function viaAgent(): Forward {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512, keepAliveMsecs: 10_000, timeout: IDLE_SOCKET_MS });
  return (req, res) => {
    const ask = http.request({
      agent,
      hostname: upstream.hostname,
      port: Number(upstream.port),
      method: req.method,
      path: req.url,
      headers: upstreamHeaders(req),
    });
    ask.setTimeout(TIMEOUT_MS, () => ask.destroy());
    ask.on('error', () => fail(res));
    res.once('close', () => {
      if (!res.writableFinished) ask.destroy();
    });
    ask.once('response', (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.once('end', () => send(res, answer.statusCode!, answerHeaders(answer.headers), Buffer.concat(chunks)));
    });
    ask.end();
  };
}

const pool = () =>
  new Pool(upstream.origin, { pipelining: 1, keepAliveTimeout: IDLE_SOCKET_MS, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });

function viaPoolRequest(): Forward {
  const dispatcher = pool();
  return (req, res) => {
    const abort = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    dispatcher
      .request({ method: req.method as Dispatcher.HttpMethod, path: req.url!, headers: upstreamHeaders(req), signal: abort.signal })
      .then(async (answer) => {
        const chunks: Buffer[] = [];
        for await (const chunk of answer.body) chunks.push(chunk as Buffer);
        send(res, answer.statusCode, answerHeaders(answer.headers), Buffer.concat(chunks));
      })
      .catch(() => fail(res));
  };
}

function viaDispatch(): Forward {
  const dispatcher = pool();
  return (req, res) => {
    let status = 0;
    let headers: http.OutgoingHttpHeaders = {};
    const chunks: Buffer[] = [];
    let abort: ((err?: Error) => void) | null = null;
    res.once('close', () => {
      if (!res.writableFinished) abort?.();
    });
    dispatcher.dispatch(
      { method: req.method as Dispatcher.HttpMethod, path: req.url!, headers: upstreamHeaders(req) },
      {
        onConnect: (abortRequest) => {
          abort = abortRequest;
        },
        onHeaders: (statusCode, rawHeaders) => {
          status = statusCode;
          headers = {};
          for (let i = 0; i < rawHeaders.length; i += 2) {
            const name = rawHeaders[i]!.toString('latin1').toLowerCase();
            if (!HOP_BY_HOP.has(name)) headers[name] = rawHeaders[i + 1]!.toString('latin1');
          }
          return true;
        },
        onData: (chunk) => {
          chunks.push(chunk);
          return true;
        },
        onComplete: () => send(res, status, headers, Buffer.concat(chunks)),
        onError: () => fail(res),
      },
    );
  };
}

const forward: Forward = { agent: viaAgent, pool: viaPoolRequest, dispatch: viaDispatch }[process.env.FORWARDING as 'agent']();
let forwarded = 0;
http
  .createServer((req, res) => {
    if (req.url === '/__cpu') {
      const { user, system } = process.cpuUsage();
      return void res.end(JSON.stringify({ cpuMicros: user + system, forwarded }));
    }
    forwarded++;
    forward(req, res);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
