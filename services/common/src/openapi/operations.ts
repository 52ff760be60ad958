import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject, ZodOpenApiResponsesObject } from 'zod-openapi';
import { errorEnvelopeSchema } from '../errors';
import { SESSION_COOKIE } from '../adminAuth';

/**
 * The pieces every area's operations are built from: the error answers (one
 * component each, all in the one envelope), the security schemes, and
 * `operation`, which adds the errors an operation can really answer from what
 * it takes (parameters, a body) and where it sits (operator, rate-limited).
 */

export const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

export const ok = (description: string, schema: z.ZodType): ZodOpenApiResponseObject => ({ description, content: json(schema) });

/** `{ message }`: the answer of calls whose only news is that they happened. */
export const messageResponseSchema = z
  .object({ message: z.string() })
  .meta({ description: 'What was done, in a sentence fit to show the visitor or operator.' });

const error = (id: string, description: string, headers?: ZodOpenApiResponseObject['headers']): ZodOpenApiResponseObject => ({
  id,
  description,
  content: json(errorEnvelopeSchema),
  ...(headers ? { headers } : {}),
});

const retryAfter = { 'Retry-After': { description: 'Seconds to wait before asking again.', schema: { type: 'integer' as const } } };

export const ERRORS = {
  400: error(
    'BadRequest',
    'The request is not valid: `code` is `validation_failed` or `bad_request`, and `field` names the parameter or body field at fault.',
  ),
  401: error('Unauthenticated', 'No operator session (`unauthenticated`): sign in with `POST /api/auth/login` first.'),
  403: error(
    'Forbidden',
    'Signed in, but not as an operator (`forbidden`), or a state change another site made a browser send (`cross_site_request`).',
  ),
  404: error('NotFound', 'Nothing of that id or slug (`not_found`).'),
  408: error('RequestTimeout', 'The body did not arrive in time (`request_timeout`, field `body`).'),
  409: error('Conflict', 'The change contradicts what is stored (`conflict`): a slug already taken, an issue already sent.'),
  410: error('Gone', 'It existed and is over (`job_closed`: the job no longer takes applications).'),
  413: error('PayloadTooLarge', 'The body is over the size limit (`payload_too_large`).'),
  415: error('UnsupportedMediaType', 'The body is not JSON (`unsupported_media_type`, field `content-type`).'),
  429: error('TooManyRequests', 'Over the per-client rate limit (`too_many_requests`).', retryAfter),
  '5XX': error(
    'ServerError',
    '`internal_error` (500); `bad_gateway` (502) or `gateway_timeout` (504) when the owning service failed or did not answer in time; ' +
      '`service_unavailable` (503, with Retry-After) while it or its database is down. The gateway may instead replay its last public answer (`x-cache: STALE`).',
    retryAfter,
  ),
} as const satisfies Record<string, ZodOpenApiResponseObject>;
export type ErrorStatus = keyof typeof ERRORS;

export const SECURITY_SCHEMES = {
  operatorSession: {
    type: 'apiKey' as const,
    in: 'cookie' as const,
    name: SESSION_COOKIE,
    description:
      'The operator session: an httpOnly, SameSite=Lax cookie holding a random token, set by `POST /api/auth/login`. ' +
      'A state-changing call (not GET or HEAD) must also come from the site itself: a browser request whose `Sec-Fetch-Site` is not ' +
      '`same-origin` or whose `Origin` is another site is refused with 403 `cross_site_request`; clients that send neither header are not browsers and may call.',
  },
  webhookSecret: {
    type: 'http' as const,
    scheme: 'bearer',
    description: "The mail provider's webhook secret (`NEWSLETTER_WEBHOOK_SECRET`); without that setting the webhook does not exist (404).",
  },
};

export const TAGS = [
  { name: 'News', description: 'The published news feed.' },
  { name: 'Tools', description: 'The directory of AI tools, and submitting one for review.' },
  { name: 'Listings', description: 'Learning guides, events and jobs.' },
  { name: 'Search', description: 'One search per kind, best match first, each result with why it matched.' },
  { name: 'Newsletter', description: 'Double opt-in subscription, unsubscribe, the archive of sent issues, the bounce webhook.' },
  { name: 'Contact', description: 'Messages from the Contact page.' },
  { name: 'Stats', description: 'Public numbers about the feed.' },
  { name: 'API description', description: 'This document and its readable page.' },
  { name: 'Operator sign-in', description: 'Operator sessions.' },
  { name: 'Operator: content', description: 'Events, jobs, learning guides and tools as operators manage them; tool review; tags.' },
  { name: 'Operator: newsletter', description: 'Subscribers, the contact inbox, the digest issues and the caught mail.' },
  { name: 'Operator: pipeline', description: 'Dashboard numbers, fix tools, diagnostics, queues, news sources and the audit log.' },
];

export interface OperationSpec {
  operationId: string;
  summary: string;
  description?: string;
  tag: (typeof TAGS)[number]['name'];
  path?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON request body. */
  body?: z.ZodType;
  /** The body may be left out (every field has a default). */
  bodyOptional?: boolean;
  responses: ZodOpenApiResponsesObject;
  /** Errors beyond those implied: 400 by parameters or a body, 401/403 by `operator`, 408/413/415 by a body, 5XX always. */
  errors?: ErrorStatus[];
  operator?: boolean;
  /** Counted per client (reads of content and search, public POSTs, sign-in): may answer 429. */
  rateLimited?: boolean;
  security?: ZodOpenApiOperationObject['security'];
}

/** One operation with the errors it can answer, in status order. */
export function operation(spec: OperationSpec): ZodOpenApiOperationObject {
  const errors = new Set<ErrorStatus>(spec.errors);
  if (spec.path || spec.query || spec.body) errors.add(400);
  if (spec.body) errors.add(408).add(413).add(415);
  if (spec.operator) errors.add(401).add(403);
  if (spec.rateLimited) errors.add(429);
  errors.add('5XX');
  const order = Object.keys(ERRORS);
  const responses: ZodOpenApiResponsesObject = { ...spec.responses };
  for (const status of [...errors].sort((a, b) => order.indexOf(String(a)) - order.indexOf(String(b))))
    responses[String(status) as '400'] = ERRORS[status];
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [spec.tag],
    ...(spec.path || spec.query
      ? { requestParams: { ...(spec.path ? { path: spec.path } : {}), ...(spec.query ? { query: spec.query } : {}) } }
      : {}),
    ...(spec.body ? { requestBody: { required: !spec.bodyOptional, content: json(spec.body) } } : {}),
    responses,
    ...(spec.operator ? { security: [{ operatorSession: [] }] } : spec.security ? { security: spec.security } : {}),
  };
}

/** Path parameters as the routes name them. */
export const idParam = (description: string) => z.object({ id: z.number().int().positive().meta({ description }) });
export const slugParam = (description: string) => z.object({ slug: z.string().min(1).max(200).meta({ description }) });

export const TOTAL_COUNT = {
  'X-Total-Count': { description: 'How many match in all (the body holds one page of them).', schema: { type: 'integer' as const } },
};
