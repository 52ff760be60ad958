import { z } from 'zod';
import { createDocument, type ZodOpenApiPathsObject } from 'zod-openapi';
import {
  adminContactMessageSchema,
  adminContentItemSchema,
  adminNewsletterIssueSummarySchema,
  adminSourceSchema,
  adminSubscriberSchema,
  auditEntrySchema,
  eventSchema,
  jobSchema,
  newsArticleSchema,
  newsSummarySchema,
  newsletterArchiveEntrySchema,
  newsletterSectionSchema,
  paginationSchema,
  resourceSchema,
  reviewToolSchema,
  searchWhySchema,
  sessionUserSchema,
  storyReportSchema,
  toolSchema,
  toolSummarySchema,
} from '../contracts';
import { errorEnvelopeSchema } from '../errors';
import { messageResponseSchema, ok, operation, SECURITY_SCHEMES, TAGS } from './operations';
import { newsletterPaths } from './newsletter';
import { operatorContentPaths } from './operatorContent';
import { operatorPipelinePaths } from './operatorPipeline';
import { publicContentPaths } from './publicContent';
import { searchPaths } from './search';

/** Where the gateway serves this description and its readable page. */
export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/** The API's version: its major part changes only when a call changes in a way that breaks a client. */
export const API_VERSION = '1.0.0';

/** The gateway's own /api calls: this description and the page that shows it. */
const descriptionPaths: ZodOpenApiPathsObject = {
  [OPENAPI_PATH]: {
    get: operation({
      operationId: 'getOpenApiDescription',
      summary: 'This description of the API (OpenAPI 3.1)',
      tag: 'API description',
      responses: { 200: ok('The OpenAPI document.', z.object({ openapi: z.string() }).loose()) },
    }),
  },
  [API_DOCS_PATH]: {
    get: {
      operationId: 'getApiDocsPage',
      summary: 'A readable page of this description',
      tags: ['API description'],
      responses: { 200: { description: 'An HTML page.', content: { 'text/html': { schema: { type: 'string' } } } } },
    },
  },
};

/** Shapes that recur: named once under components and referenced wherever they appear. */
const SCHEMAS = {
  ErrorEnvelope: errorEnvelopeSchema,
  Message: messageResponseSchema,
  NewsArticle: newsArticleSchema,
  NewsSummary: newsSummarySchema,
  Pagination: paginationSchema,
  StoryReport: storyReportSchema,
  Tool: toolSchema,
  ToolSummary: toolSummarySchema,
  Resource: resourceSchema,
  Event: eventSchema,
  Job: jobSchema,
  SearchWhy: searchWhySchema,
  NewsletterSection: newsletterSectionSchema,
  NewsletterArchiveEntry: newsletterArchiveEntrySchema,
  SessionUser: sessionUserSchema,
  ReviewTool: reviewToolSchema,
  ManagedItem: adminContentItemSchema,
  Subscriber: adminSubscriberSchema,
  ContactMessage: adminContactMessageSchema,
  DigestIssueSummary: adminNewsletterIssueSummarySchema,
  Source: adminSourceSchema,
  AuditEntry: auditEntrySchema,
};

/**
 * The OpenAPI 3.1 description of every call the public origin answers under /api,
 * built from the zod contracts the services validate and present with.
 */
export function createApiDocument() {
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'NeuralBeat API',
        version: API_VERSION,
        description:
          'AI news, a directory of AI tools, learning guides, events and jobs, one search across them, the newsletter, and the operator console. ' +
          'Every call goes through the one public origin. Every error is `{"error":{"status","code","message","field"?}}`. See docs/api.md.',
      },
      servers: [{ url: '/', description: 'The site itself' }],
      tags: TAGS,
      paths: {
        ...publicContentPaths,
        ...searchPaths,
        ...newsletterPaths,
        ...operatorContentPaths,
        ...operatorPipelinePaths,
        ...descriptionPaths,
      },
      components: { schemas: SCHEMAS, securitySchemes: SECURITY_SCHEMES },
    },
    {
      // Dates operators send (an event's start) are read by z.coerce.date: in JSON they are ISO strings.
      override: ({ jsonSchema, zodSchema }) => {
        if (zodSchema._zod.def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
      },
    },
  );
}
