import { z } from 'zod';
import { eventSchema, jobSchema, newsArticleSchema, resourceSchema, toolSchema } from './api';
import {
  SEARCH_DEFAULT_LIMIT,
  SEARCH_KINDS,
  SEARCH_MATCH_FIELDS,
  SEARCH_MATCH_TYPES,
  SEARCH_MAX_LIMIT,
  SEARCH_QUERY_MAX_LENGTH,
  type SearchKind,
} from './searchConstants';

// ---------- request ----------

/** `GET /api/{kind}/search?q=&limit=`: a blank q, a repeated q or a bad limit is a 400 naming the field. */
export const searchRequestSchema = z.object({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? 'q is required' : 'q must be given once, as text') })
    .trim()
    .min(1, 'q is required')
    .max(SEARCH_QUERY_MAX_LENGTH, `q must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(SEARCH_MAX_LIMIT, `limit must be at most ${SEARCH_MAX_LIMIT}`)
    .default(SEARCH_DEFAULT_LIMIT),
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

// ---------- results (the public shapes of api.ts, plus the additive `why`) ----------

/**
 * Why a result matched: the best field holding a query word (title above tags
 * above excerpt above body), how the word matched, the words of the result that
 * matched (for highlighting) and, for a body match, the passage around it.
 */
export const searchWhySchema = z.object({
  field: z.enum(SEARCH_MATCH_FIELDS),
  match: z.enum(SEARCH_MATCH_TYPES),
  terms: z.array(z.string()),
  snippet: z.string().optional(),
});
export type SearchWhy = z.infer<typeof searchWhySchema>;

const why = { why: searchWhySchema };
export const newsSearchResultSchema = newsArticleSchema
  .pick({ id: true, slug: true, title: true, excerpt: true, publishDate: true, category: true, tags: true })
  .extend(why);
export const toolSearchResultSchema = toolSchema
  .pick({ id: true, slug: true, name: true, tags: true })
  .extend({ description: z.string(), ...why });
export const resourceSearchResultSchema = resourceSchema
  .pick({ id: true, slug: true, title: true, summary: true, difficultyLevel: true, publishedAt: true, tags: true })
  .extend(why);
export const eventSearchResultSchema = eventSchema
  .pick({ id: true, slug: true, name: true, description: true, startDate: true, location: true })
  .extend(why);
export const jobSearchResultSchema = jobSchema
  .pick({ id: true, title: true, company: true, description: true, location: true, jobType: true })
  .extend(why);

export const searchResultSchemas = {
  news: newsSearchResultSchema,
  tools: toolSearchResultSchema,
  resources: resourceSearchResultSchema,
  events: eventSearchResultSchema,
  jobs: jobSearchResultSchema,
} as const satisfies Record<SearchKind, z.ZodType>;
export type SearchResultOf<K extends SearchKind> = z.infer<(typeof searchResultSchemas)[K]>;
export type NewsSearchResult = SearchResultOf<'news'>;
export type ToolSearchResult = SearchResultOf<'tools'>;
export type ResourceSearchResult = SearchResultOf<'resources'>;
export type EventSearchResult = SearchResultOf<'events'>;
export type JobSearchResult = SearchResultOf<'jobs'>;

// ---------- internal: what content hands the indexer ----------

/**
 * The visible state of one record, as content presents it publicly. Content
 * answers `GET /internal/search-sources/{kind}/{id}` with it (404 when the record
 * is gone or not visible) and pages through them for a full reindex.
 */
export const searchSourceSchemas = {
  news: newsArticleSchema,
  tools: toolSchema,
  resources: resourceSchema,
  events: eventSchema,
  jobs: jobSchema,
} as const satisfies Record<SearchKind, z.ZodType>;
export type SearchSourceOf<K extends SearchKind> = z.infer<(typeof searchSourceSchemas)[K]>;

export const searchSourceKindParamSchema = z.object({
  kind: z.enum(SEARCH_KINDS, { error: `kind must be one of: ${SEARCH_KINDS.join(', ')}` }),
});
export const searchSourcePageQuerySchema = z.object({
  after: z.coerce.number({ error: 'after must be a number' }).int('after must be an integer').min(0, 'after must be 0 or more').default(0),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(1000, 'limit must be at most 1000')
    .default(500),
});
/** One page of `GET /internal/search-sources/{kind}?after=&limit=`, in id order; `next` is the `after` of the next page. */
export const searchSourcePageSchema = z.object({ items: z.array(z.unknown()), next: z.number().int().nullable() });
export type SearchSourcePage = z.infer<typeof searchSourcePageSchema>;
