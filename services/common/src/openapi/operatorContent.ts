import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  ADMIN_CONTENT_ANSWERS,
  ADMIN_CONTENT_KINDS,
  ADMIN_CONTENT_SCHEMAS,
  adminContactMessagesQuerySchema,
  adminContactMessagesResponseSchema,
  adminContentListQuerySchema,
  adminSubscribersQuerySchema,
  adminSubscribersResponseSchema,
  sessionResponseSchema,
  signInSchema,
  subscriberExportSchema,
  tagListQuerySchema,
  tagListResponseSchema,
  tagStatsSchema,
  toolRejectRequestSchema,
  toolReviewQuerySchema,
  toolReviewResponseSchema,
  toolReviewResultSchema,
  type AdminContentKind,
} from '../contracts';
import { SESSION_COOKIE } from '../adminAuth';
import { errorEnvelopeSchema } from '../errors';
import { idParam, json, messageResponseSchema, ok, operation } from './operations';

/** The content service's operator calls: sign-in, tags, tool review, managed content, subscribers and the contact inbox. */

const operator = { operator: true } as const;
const NOUN: Record<AdminContentKind, { one: string; many: string; id: string }> = {
  events: { one: 'event', many: 'events', id: 'Event' },
  jobs: { one: 'job', many: 'jobs', id: 'Job' },
  resources: { one: 'learning guide', many: 'learning guides', id: 'Resource' },
  tools: { one: 'tool', many: 'tools', id: 'Tool' },
};

function managedContentPaths(kind: AdminContentKind): ZodOpenApiPathsObject {
  const { one, many, id } = NOUN[kind];
  const body = ADMIN_CONTENT_SCHEMAS[kind];
  const answers = ADMIN_CONTENT_ANSWERS[kind];
  const tag = 'Operator: content' as const;
  const path = idParam(`The ${one}'s id.`);
  const publishing = (publish: boolean) =>
    operation({
      ...operator,
      operationId: `${publish ? 'publish' : 'unpublish'}Managed${id}`,
      summary: `${publish ? 'Publish' : 'Unpublish'} a ${one}`,
      tag,
      path,
      responses: { 200: ok(`The ${one}, now ${publish ? 'published' : 'unpublished'}.`, answers.done) },
      errors: [404],
    });
  return {
    [`/api/admin/${kind}`]: {
      get: operation({
        ...operator,
        operationId: `listManaged${id}s`,
        summary: `List ${many}, published or not`,
        tag,
        query: adminContentListQuerySchema,
        responses: { 200: ok(`A page of ${many}, newest first.`, answers.list) },
      }),
      post: operation({
        ...operator,
        operationId: `createManaged${id}`,
        summary: `Create a ${one}`,
        description: 'A blank slug is derived from the name or title.',
        tag,
        body,
        responses: { 201: ok(`The ${one} as stored.`, answers.done) },
        errors: [409],
      }),
    },
    [`/api/admin/${kind}/{id}`]: {
      get: operation({
        ...operator,
        operationId: `getManaged${id}`,
        summary: `One ${one}, as the console edits it`,
        tag,
        path,
        responses: { 200: ok(`The ${one}.`, answers.read) },
        errors: [404],
      }),
      patch: operation({
        ...operator,
        operationId: `updateManaged${id}`,
        summary: `Change some fields of a ${one}`,
        tag,
        path,
        body: body.partial(),
        responses: { 200: ok(`The ${one} as saved.`, answers.done) },
        errors: [404, 409],
      }),
      delete: operation({
        ...operator,
        operationId: `deleteManaged${id}`,
        summary: `Delete a ${one}`,
        tag,
        path,
        responses: { 200: ok(`The ${one} as it was.`, answers.done) },
        errors: [404],
      }),
    },
    [`/api/admin/${kind}/{id}/publish`]: { post: publishing(true) },
    [`/api/admin/${kind}/{id}/unpublish`]: { post: publishing(false) },
  };
}

export const operatorContentPaths: ZodOpenApiPathsObject = {
  '/api/auth/login': {
    post: operation({
      rateLimited: true,
      operationId: 'signIn',
      summary: 'Sign in as an operator',
      description: `Sets the \`${SESSION_COOKIE}\` session cookie. Failed attempts are limited per client and per username (429).`,
      tag: 'Operator sign-in',
      body: signInSchema,
      responses: {
        200: {
          ...ok('Signed in.', sessionResponseSchema),
          headers: { 'Set-Cookie': { description: `\`${SESSION_COOKIE}=…; Path=/; HttpOnly; SameSite=Lax\``, schema: { type: 'string' } } },
        },
        401: { description: 'Wrong username or password (`invalid_credentials`).', content: json(errorEnvelopeSchema) },
      },
      errors: [403],
    }),
  },
  '/api/auth/logout': {
    post: operation({
      operationId: 'signOut',
      summary: 'End the session',
      tag: 'Operator sign-in',
      responses: { 204: { description: 'Signed out; the cookie is cleared.' } },
      errors: [403],
    }),
  },
  '/api/auth/session': {
    get: operation({
      operationId: 'getSession',
      summary: 'Who is signed in',
      tag: 'Operator sign-in',
      responses: { 200: ok('The signed-in user.', sessionResponseSchema) },
      errors: [401],
    }),
  },
  '/api/tags/stats': {
    get: operation({
      ...operator,
      operationId: 'getTagStats',
      summary: 'How tags are used across the feed',
      tag: 'Operator: content',
      responses: { 200: ok('Tag statistics.', tagStatsSchema) },
    }),
  },
  '/api/tags/list': {
    get: operation({
      ...operator,
      operationId: 'listTags',
      summary: 'A page of tags with their counts',
      tag: 'Operator: content',
      query: tagListQuerySchema,
      responses: { 200: ok('One page of tags.', tagListResponseSchema) },
    }),
  },
  '/api/admin/tools/review': {
    get: operation({
      ...operator,
      operationId: 'listToolsForReview',
      summary: 'Submitted tools by review state',
      tag: 'Operator: content',
      query: toolReviewQuerySchema,
      responses: { 200: ok('The tools in that state.', toolReviewResponseSchema) },
    }),
  },
  '/api/admin/tools/{id}/approve': {
    post: operation({
      ...operator,
      operationId: 'approveTool',
      summary: 'Approve a submitted tool: it is listed in the directory',
      tag: 'Operator: content',
      path: idParam("The tool's id."),
      responses: { 200: ok('Approved.', toolReviewResultSchema) },
      errors: [404, 409],
    }),
  },
  '/api/admin/tools/{id}/reject': {
    post: operation({
      ...operator,
      operationId: 'rejectTool',
      summary: 'Reject a submitted tool, with an optional reason',
      tag: 'Operator: content',
      path: idParam("The tool's id."),
      body: toolRejectRequestSchema,
      bodyOptional: true,
      responses: { 200: ok('Rejected.', toolReviewResultSchema) },
      errors: [404],
    }),
  },
  ...Object.assign({}, ...ADMIN_CONTENT_KINDS.map(managedContentPaths)),
  '/api/admin/newsletter/subscribers': {
    get: operation({
      ...operator,
      operationId: 'listSubscribers',
      summary: 'Find subscribers by address and state',
      tag: 'Operator: newsletter',
      query: adminSubscribersQuerySchema,
      responses: { 200: ok('A page of subscribers and how many match.', adminSubscribersResponseSchema) },
    }),
  },
  '/api/admin/newsletter/subscribers/{id}/export': {
    get: operation({
      ...operator,
      operationId: 'exportSubscriber',
      summary: 'Everything stored about one subscriber (a data subject request)',
      description: 'The export is written to the audit log.',
      tag: 'Operator: newsletter',
      path: idParam("The subscriber's id."),
      responses: {
        200: {
          ...ok('The export, as a download.', subscriberExportSchema),
          headers: { 'Content-Disposition': { description: '`attachment; filename="subscriber-{id}.json"`', schema: { type: 'string' } } },
        },
      },
      errors: [404],
    }),
  },
  '/api/admin/newsletter/subscribers/{id}': {
    delete: operation({
      ...operator,
      operationId: 'deleteSubscriber',
      summary: 'Delete a subscriber and everything stored about them',
      tag: 'Operator: newsletter',
      path: idParam("The subscriber's id."),
      responses: { 200: ok('Deleted.', messageResponseSchema) },
      errors: [404],
    }),
  },
  '/api/admin/contact-messages': {
    get: operation({
      ...operator,
      operationId: 'listContactMessages',
      summary: 'The contact inbox, newest first',
      tag: 'Operator: newsletter',
      query: adminContactMessagesQuerySchema,
      responses: { 200: ok('A page of messages and how many there are.', adminContactMessagesResponseSchema) },
    }),
  },
  '/api/admin/contact-messages/{id}/read': {
    post: operation({
      ...operator,
      operationId: 'markContactMessageRead',
      summary: 'Mark a contact message read',
      tag: 'Operator: newsletter',
      path: idParam("The message's id."),
      responses: { 200: ok('Marked.', messageResponseSchema) },
      errors: [404],
    }),
  },
};
