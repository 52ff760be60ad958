import { rateLimit } from 'express-rate-limit';
import type { RequestHandler } from 'express';
import { tooManyRequests } from '@neuralbeat/common';

/** Per-client limit on public POSTs, answered in the one error envelope. */
export function publicPostLimiter(perMinute: number): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      const error = tooManyRequests();
      res.status(error.status).json(error.toEnvelope());
    },
  });
}
