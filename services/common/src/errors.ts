import { z } from 'zod';

/**
 * The one JSON error envelope every service answers with:
 * `{ "error": { "status", "code", "message", "field"? } }`.
 */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    status: z.number().int(),
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
  }
  toEnvelope(): ErrorEnvelope {
    return { error: { status: this.status, code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) } };
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, 'bad_request', message, field);
export const validationFailed = (message: string, field?: string) => new AppError(400, 'validation_failed', message, field);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string, field?: string) => new AppError(409, 'conflict', message, field);
export const payloadTooLarge = (message = 'Request body is too large') => new AppError(413, 'payload_too_large', message);
export const requestTimeout = (message = 'The request body did not arrive in time') =>
  new AppError(408, 'request_timeout', message, 'body');
export const unsupportedMediaType = (message = 'Send the request body as JSON (Content-Type: application/json)') =>
  new AppError(415, 'unsupported_media_type', message, 'content-type');
export const tooManyRequests = (message = 'Too many requests, please try again later') => new AppError(429, 'too_many_requests', message);
export const badGateway = (message: string) => new AppError(502, 'bad_gateway', message);
export const serviceUnavailable = (message: string) => new AppError(503, 'service_unavailable', message);
export const internalError = () => new AppError(500, 'internal_error', 'An unexpected error occurred');

/** Turns the first zod issue into a validation error naming the field at fault. */
export function fromZodError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || undefined;
  return validationFailed(issue?.message ?? 'Invalid input', field);
}

/** Postgres SQLSTATE codes that mean the client sent something the database refused. */
const PG_CLIENT_ERRORS: Record<string, (detail: { constraint?: string; column?: string }) => AppError> = {
  '23505': ({ constraint }) => conflict('A record with this value already exists', fieldFromConstraint(constraint)),
  '23503': ({ constraint }) => validationFailed('Referenced record does not exist', fieldFromConstraint(constraint)),
  '23502': ({ column }) => validationFailed(`${column ?? 'A field'} is required`, column),
  '22P02': () => validationFailed('Invalid value'),
  '22001': ({ column }) => validationFailed('Value is too long', column),
  '22003': () => validationFailed('Number out of range'),
  '22007': () => validationFailed('Invalid date'),
  '22008': () => validationFailed('Date out of range'),
  // Text the database cannot store (a NUL byte, an invalid escape) or an index cannot hold (a huge value).
  '22021': () => validationFailed('Text contains a character that cannot be stored'),
  '22P05': () => validationFailed('Text contains a character that cannot be stored'),
  '22025': () => validationFailed('Invalid escape sequence'),
  '2201B': () => validationFailed('Invalid pattern'),
  '54000': () => validationFailed('Value is too large'),
};

function fieldFromConstraint(constraint?: string): string | undefined {
  // Knex names unique constraints `{table}_{column}_unique`.
  const match = constraint?.match(/^[a-z_]+?_([a-zA-Z]+)_(unique|foreign)$/);
  return match?.[1];
}

/** SQLSTATE classes and socket errors that mean the database is not there right now (down, restarting, out of connections). */
const DB_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const DB_UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error|Knex: Timeout acquiring a connection|timeout exceeded when trying to connect|the database system is (starting up|shutting down|in recovery)/i;

/** True when an error says the database could not be reached, as opposed to refusing a query. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && (DB_UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  if (e.name === 'KnexTimeoutError') return true;
  return typeof e.message === 'string' && DB_UNAVAILABLE_MESSAGE.test(e.message);
}

/** Maps any thrown value to an AppError: known client errors keep their 4xx, an unreachable database is a 503, everything else is a 500. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof z.ZodError) return fromZodError(err);
  const e = err as {
    code?: string;
    constraint?: string;
    column?: string;
    status?: number;
    type?: string;
    expose?: boolean;
    message?: string;
  };
  if (e && typeof e.code === 'string' && PG_CLIENT_ERRORS[e.code]) return PG_CLIENT_ERRORS[e.code]!(e);
  // Errors raised by body-parser / express carry a status and `expose`.
  if (e && typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    if (e.type === 'entity.too.large') return payloadTooLarge();
    if (e.type === 'entity.parse.failed') return badRequest('Request body is not valid JSON', 'body');
    if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported')
      return new AppError(415, 'unsupported_media_type', e.message ?? 'Unsupported body encoding', 'content-type');
    if (e.type === 'request.aborted' || e.type === 'request.size.invalid') return badRequest('The request body was cut short', 'body');
    // The router could not decode a path parameter (a malformed percent-escape such as %E0).
    if (e.message?.startsWith('Failed to decode param')) return badRequest('The URL has a malformed percent-escape', 'url');
    return new AppError(e.status, 'bad_request', e.expose && e.message ? e.message : 'Bad request');
  }
  if (isDatabaseUnavailable(err)) return serviceUnavailable('The service cannot reach its database; please try again shortly');
  return internalError();
}
