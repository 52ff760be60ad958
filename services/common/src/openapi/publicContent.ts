import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  aiStatsSchema,
  eventSchema,
  homeResponseSchema,
  jobSchema,
  newsListQuerySchema,
  newsListResponseSchema,
  newsTagsResponseSchema,
  paginationQuerySchema,
  resourceSchema,
  resourcesQuerySchema,
  singleArticleResponseSchema,
  toolListQuerySchema,
  toolSchema,
  toolSummarySchema,
  toolSubmissionSchema,
  toolSubmitResponseSchema,
} from '../contracts';
import { idParam, ok, operation, slugParam, TOTAL_COUNT } from './operations';

/** The public content API (the content service): news, tools, learning guides, events, jobs, stats. */

const read = { rateLimited: true } as const;
const tagParam = z.object({ tag: z.string().min(1).max(100).meta({ description: 'A tag, any case (tags are kept lower-case).' }) });
const categoryParam = z.object({ category: z.string().min(1).max(100).meta({ description: 'A news category, as articles name it.' }) });
const articleParam = z.object({
  param: z.string().min(1).max(300).meta({ description: "The article's news-feed id, or its slug (any case)." }),
});

export const publicContentPaths: ZodOpenApiPathsObject = {
  '/api/home': {
    get: operation({
      ...read,
      operationId: 'getHome',
      summary: 'The home page: the latest news',
      tag: 'News',
      responses: { 200: ok('The latest published articles, newest first.', homeResponseSchema) },
    }),
  },
  '/api/news': {
    get: operation({
      ...read,
      operationId: 'listNews',
      summary: 'A page of the news feed',
      description: 'Newest first; `pagination.hasMore` says whether another page follows.',
      tag: 'News',
      query: newsListQuerySchema,
      responses: { 200: ok('One page of articles.', newsListResponseSchema) },
    }),
  },
  '/api/news/tags': {
    get: operation({
      ...read,
      operationId: 'listNewsTags',
      summary: 'The most used tags of the feed',
      tag: 'News',
      responses: { 200: ok('Tags by how many articles carry them.', newsTagsResponseSchema) },
    }),
  },
  '/api/news/tag/{tag}': {
    get: operation({
      ...read,
      operationId: 'listNewsByTag',
      summary: 'A page of the articles with a tag',
      tag: 'News',
      path: tagParam,
      query: paginationQuerySchema,
      responses: { 200: ok('One page of articles (`type: tag`).', newsListResponseSchema) },
    }),
  },
  '/api/news/category/{category}': {
    get: operation({
      ...read,
      operationId: 'listNewsByCategory',
      summary: 'A page of the articles of a category',
      tag: 'News',
      path: categoryParam,
      query: paginationQuerySchema,
      responses: { 200: ok('One page of articles (`type: category`).', newsListResponseSchema) },
    }),
  },
  '/api/news/{param}': {
    get: operation({
      ...read,
      operationId: 'getArticle',
      summary: 'One article, with related articles and the other outlets that reported the story',
      tag: 'News',
      path: articleParam,
      responses: { 200: ok('The article (`type: article`).', singleArticleResponseSchema) },
      errors: [404],
    }),
  },
  '/api/tools': {
    get: operation({
      ...read,
      operationId: 'listTools',
      summary: 'A page of the tools directory',
      description: 'Filtered by words (`q`), category and pricing; the number of matching tools is in X-Total-Count.',
      tag: 'Tools',
      query: toolListQuerySchema,
      responses: { 200: { ...ok('One page of tools.', z.array(toolSummarySchema)), headers: TOTAL_COUNT } },
    }),
  },
  '/api/tools/featured': {
    get: operation({
      ...read,
      operationId: 'listFeaturedTools',
      summary: 'The featured tools',
      tag: 'Tools',
      responses: { 200: ok('A few featured tools.', z.array(toolSummarySchema)) },
    }),
  },
  '/api/tools/submit': {
    post: operation({
      rateLimited: true,
      operationId: 'submitTool',
      summary: 'Submit a tool for review',
      description: 'The tool is listed once an operator approves it. Markup in the texts is removed.',
      tag: 'Tools',
      body: toolSubmissionSchema,
      responses: { 201: ok('Submitted; waiting for review.', toolSubmitResponseSchema) },
      errors: [409],
    }),
  },
  '/api/tools/{slug}': {
    get: operation({
      ...read,
      operationId: 'getTool',
      summary: 'One listed tool',
      tag: 'Tools',
      path: slugParam("The tool's slug (any case)."),
      responses: { 200: ok('The tool.', toolSchema) },
      errors: [404],
    }),
  },
  '/api/tools/{slug}/similar': {
    get: operation({
      ...read,
      operationId: 'listSimilarTools',
      summary: 'Tools like one listed tool',
      tag: 'Tools',
      path: slugParam("The tool's slug (any case)."),
      responses: { 200: ok('Up to four similar tools.', z.array(toolSummarySchema)) },
      errors: [404],
    }),
  },
  '/api/resources': {
    get: operation({
      ...read,
      operationId: 'listResources',
      summary: 'The learning guides',
      tag: 'Listings',
      query: resourcesQuerySchema,
      responses: { 200: ok('Guides, newest first.', z.array(resourceSchema)) },
    }),
  },
  '/api/resources/{slug}': {
    get: operation({
      ...read,
      operationId: 'getResource',
      summary: 'One learning guide',
      tag: 'Listings',
      path: slugParam("The guide's slug (any case)."),
      responses: { 200: ok('The guide.', resourceSchema) },
      errors: [404],
    }),
  },
  '/api/events': {
    get: operation({
      ...read,
      operationId: 'listEvents',
      summary: 'Every published event',
      tag: 'Listings',
      responses: { 200: ok('Events by start date.', z.array(eventSchema)) },
    }),
  },
  '/api/events/upcoming': {
    get: operation({
      ...read,
      operationId: 'listUpcomingEvents',
      summary: 'The events that have not ended',
      tag: 'Listings',
      responses: { 200: ok('Events ending today or later, by start date.', z.array(eventSchema)) },
    }),
  },
  '/api/events/{slug}': {
    get: operation({
      ...read,
      operationId: 'getEvent',
      summary: 'One event',
      tag: 'Listings',
      path: slugParam("The event's slug (any case)."),
      responses: { 200: ok('The event.', eventSchema) },
      errors: [404],
    }),
  },
  '/api/jobs': {
    get: operation({
      ...read,
      operationId: 'listJobs',
      summary: 'The open jobs',
      tag: 'Listings',
      responses: { 200: ok('Open jobs, newest first.', z.array(jobSchema)) },
    }),
  },
  '/api/jobs/featured': {
    get: operation({
      ...read,
      operationId: 'listFeaturedJobs',
      summary: 'The featured jobs',
      tag: 'Listings',
      responses: { 200: ok('The newest two open jobs.', z.array(jobSchema)) },
    }),
  },
  '/api/jobs/{id}': {
    get: operation({
      ...read,
      operationId: 'getJob',
      summary: 'One job',
      tag: 'Listings',
      path: idParam("The job's id."),
      responses: { 200: ok('The job, while it is open.', jobSchema) },
      errors: [404, 410],
    }),
  },
  '/api/ai-stats': {
    get: operation({
      ...read,
      operationId: 'getAiStats',
      summary: 'Which AI providers wrote the feed, and SEO progress',
      tag: 'Stats',
      responses: { 200: ok('The numbers.', aiStatsSchema) },
    }),
  },
};
