import type { RequestHandler } from 'express';
import { hasBody, payloadTooLarge, requestTimeout } from '@neuralbeat/common';

declare module 'express-serve-static-core' {
  interface Request {
    /** The whole request body, read by the gateway before it is proxied. */
    rawBody?: Buffer;
  }
}

export interface BufferedBodyOptions {
  /** Largest body the gateway accepts at all (services apply their own, smaller limits). */
  limitBytes: number;
  /** The body must have arrived this long after the headers. */
  timeoutMs: number;
}

/**
 * Reads an API request's body before it is proxied. A body larger than the
 * limit is refused at once (413, by Content-Length when declared); one that has
 * not fully arrived in time, such as a body shorter than its Content-Length, is
 * answered 408 instead of holding a connection to a service until it times out.
 * Either way the connection is closed, since the rest of the body is unread.
 */
export function bufferedBody({ limitBytes, timeoutMs }: BufferedBodyOptions): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const declared = Number(req.headers['content-length']);
    const refuse = (error: Error) => {
      res.setHeader('connection', 'close');
      next(error);
    };
    if (declared > limitBytes) return refuse(payloadTooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = () => {
      settled = true;
      clearTimeout(timer);
      req.off('data', onData);
    };
    const timer = setTimeout(() => {
      if (settled) return;
      settle();
      refuse(
        requestTimeout(
          Number.isFinite(declared) ? `The request body did not arrive in time: ${size} of ${declared} bytes received` : undefined,
        ),
      );
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limitBytes) return void chunks.push(chunk);
      settle();
      refuse(payloadTooLarge());
    };
    req.on('data', onData);
    req.once('end', () => {
      if (settled) return;
      settle();
      req.rawBody = Buffer.concat(chunks);
      next();
    });
    // The client went away mid-body: there is no one to answer.
    req.once('close', () => {
      if (!settled) settle();
    });
  };
}
