import { z } from 'zod';
import { storyReportSchema } from './stories';
import {
  DIFFICULTY_LEVELS,
  DIRECTORY_PAGE_SIZE,
  JOB_TYPES,
  MAX_PAGE_LIMIT,
  PRICING_MODELS,
  RESOURCE_CATEGORIES,
  SIMPLE_EMAIL_PATTERN,
  TOOL_CATEGORIES,
} from './constants';
import { TOOL_SLUG_PATTERN, TOOL_SUBMISSION_LIMITS as L, TOOL_SUBMISSION_MESSAGES as M, isWebUrl } from './toolSubmission';

/**
 * Response and request shapes of the public API, defined once and
 * used by the services (to present) and the web app (to read).
 */

const isoDate = z.string();
const nullableString = z.string().nullable();

// ---------- requests ----------

/** Pagination query: limit 1..100 (default 9), offset >= 0. Non-numeric or out of range is a 400 naming the field. */
export const paginationQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_LIMIT, `limit must be at most ${MAX_PAGE_LIMIT}`)
    .default(9),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be an integer')
    .min(0, 'offset must be 0 or more')
    .max(1_000_000_000, 'offset is too large')
    .default(0),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** GET /api/news: a page of the feed, optionally of one category. */
export const newsListQuerySchema = paginationQuerySchema.extend({
  category: z.string().trim().min(1, 'category must not be empty').max(100, 'category is too long').optional(),
});

/** GET /api/tools: a page of the directory (limit 1..100, default one screen's worth), offset, and the filters. */
export const toolListQuerySchema = paginationQuerySchema.extend({
  limit: paginationQuerySchema.shape.limit.removeDefault().default(DIRECTORY_PAGE_SIZE),
  q: z
    .string({ error: 'q must be given once, as text' })
    .trim()
    .max(100, 'q must be at most 100 characters')
    .transform((v) => v || undefined)
    .optional(),
  category: z.enum(TOOL_CATEGORIES, { error: `category must be one of: ${TOOL_CATEGORIES.join(', ')}` }).optional(),
  pricing: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(PRICING_MODELS.map((p) => p.toLowerCase()) as [string, ...string[]], { error: 'pricing must be free, freemium or paid' }))
    .optional(),
});

/** GET /api/resources: the learning guides, optionally of one category, at most `limit` of them. */
export const resourcesQuerySchema = z.object({
  category: z.enum(RESOURCE_CATEGORIES, { error: `category must be one of: ${RESOURCE_CATEGORIES.join(', ')}` }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_LIMIT, `limit must be at most ${MAX_PAGE_LIMIT}`)
    .optional(),
});

export const newsletterSubscribeSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .regex(SIMPLE_EMAIL_PATTERN, 'Please enter a valid email address.'),
});

/** A list of short texts (tool tags and features are lists), trimmed, blanks dropped. */
const textList = (listMessage: string, countMessage: string, lengthMessage: string) =>
  z
    .array(z.string({ error: listMessage }), { error: listMessage })
    .optional()
    .transform((v) => (v ?? []).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string()).max(L.listItems, countMessage))
    .refine((list) => list.every((s) => s.length <= L.listItemLength), lengthMessage);

const webUrl = z.string({ error: M.url }).trim().refine(isWebUrl, M.url);

const optionalUrl = z
  .union([z.literal(''), webUrl])
  .optional()
  .nullable()
  .transform((v) => v || null);

/** POST /api/tools/submit, with the messages of TOOL_SUBMISSION_MESSAGES (the form checks the same rules without zod: toolSubmission.ts). */
export const toolSubmissionSchema = z.object({
  name: z.string({ error: M.nameShort }).trim().min(L.nameMin, M.nameShort).max(L.nameMax, M.nameLong),
  slug: z.string().trim().max(L.slugMax, M.slugLong).regex(TOOL_SLUG_PATTERN, M.slugFormat).optional().nullable(),
  description: z
    .string({ error: M.descriptionShort })
    .trim()
    .min(L.descriptionMin, M.descriptionShort)
    .max(L.descriptionMax, M.descriptionLong),
  shortDescription: z
    .string({ error: M.shortDescriptionShort })
    .trim()
    .min(L.shortDescriptionMin, M.shortDescriptionShort)
    .max(L.shortDescriptionMax, M.shortDescriptionLong),
  websiteUrl: webUrl,
  logoUrl: optionalUrl,
  category: z.enum(TOOL_CATEGORIES, { error: M.category }),
  tags: textList(M.tagsList, M.tagsCount, M.tagLength),
  features: textList(M.featuresList, M.featuresCount, M.featureLength),
  pricing: z
    .string()
    .trim()
    .max(L.pricingMax, M.pricingLong)
    .optional()
    .nullable()
    .transform((v) => v || null),
  submittedById: z.literal(1).optional().default(1),
});
export type ToolSubmissionInput = z.input<typeof toolSubmissionSchema>;
export type ToolSubmission = z.output<typeof toolSubmissionSchema>;

// ---------- responses ----------

export const newsArticleSchema = z.object({
  id: z.number(),
  articleId: z.number(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  imageUrl: nullableString,
  category: z.string(),
  tags: z.array(z.string()),
  publishDate: isoDate,
  updatedAt: isoDate.nullable(),
  author: z.string(),
  featured: z.boolean(),
  sourceUrl: nullableString,
  sourceName: nullableString,
  aiProvider: nullableString,
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

/**
 * A news item as lists show it (news and tag pages, related news, the home page): the article without
 * its body, which only the article's own page reads. A real article's body is most of its bytes.
 */
export const newsSummarySchema = newsArticleSchema.omit({ content: true });
export type NewsSummary = z.infer<typeof newsSummarySchema>;

export const paginationSchema = z.object({
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
  hasMore: z.boolean(),
});

export const aiInfoSchema = z.object({
  provider: nullableString,
  providerName: z.string(),
  aiGenerated: z.boolean(),
});

export const newsListResponseSchema = z.object({
  type: z.enum(['category', 'tag']),
  articles: z.array(newsSummarySchema),
  pagination: paginationSchema,
  categoryName: z.string().nullable().optional(),
  tagName: z.string().optional(),
});
export type NewsListResponse = z.infer<typeof newsListResponseSchema>;

export const singleArticleResponseSchema = z.object({
  type: z.literal('article'),
  article: newsArticleSchema,
  aiInfo: aiInfoSchema,
  relatedArticles: z.array(newsSummarySchema),
  /** Other copies of this story, earliest first (empty when none is known). */
  alsoReportedBy: z.array(storyReportSchema).default([]),
});
export type SingleArticleResponse = z.infer<typeof singleArticleResponseSchema>;

export const newsResponseSchema = z.union([newsListResponseSchema, singleArticleResponseSchema]);
export type NewsResponse = z.infer<typeof newsResponseSchema>;

export const tagSummarySchema = z.object({ name: z.string(), count: z.number() });
export const newsTagsResponseSchema = z.object({ tags: z.array(tagSummarySchema) });
export type TagSummary = z.infer<typeof tagSummarySchema>;

export const toolSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  shortDescription: z.string(),
  description: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  features: z.array(z.string()),
  pricing: nullableString,
  websiteUrl: z.string(),
  logoUrl: nullableString,
  createdAt: isoDate,
});
export type Tool = z.infer<typeof toolSchema>;

/**
 * A tool as lists show it (the directory, featured and similar tools): the tool without its long
 * description and feature list, which only its own page shows.
 */
export const toolSummarySchema = toolSchema.omit({ description: true, features: true });
export type ToolSummary = z.infer<typeof toolSummarySchema>;

export const resourceSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  category: z.string(),
  difficultyLevel: z.enum(DIFFICULTY_LEVELS),
  publishedAt: isoDate,
  imageUrl: nullableString,
  tags: z.array(z.string()),
});
export type Resource = z.infer<typeof resourceSchema>;

export const eventSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  startDate: isoDate,
  endDate: isoDate.nullable(),
  location: z.string(),
  eventType: z.string(),
  url: nullableString,
  imageUrl: nullableString,
  organizer: nullableString,
  virtual: z.boolean(),
  price: nullableString,
  /** A date without a time (the start and end dates are midnight UTC of those days). */
  allDay: z.boolean(),
  /** Cancelled by its source; cancelled events are unpublished unless an operator publishes the news. */
  eventStatus: z.enum(['scheduled', 'cancelled']),
});
export type Event = z.infer<typeof eventSchema>;

/** An event as the calendars (/events.ics and the rest) need it: the content service's internal answer to the gateway. */
export const calendarEventSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  location: z.string(),
  startDate: isoDate,
  endDate: isoDate.nullable(),
  allDay: z.boolean(),
  timezone: nullableString,
  virtual: z.boolean(),
  url: nullableString,
  organizer: nullableString,
  eventStatus: z.enum(['scheduled', 'cancelled']),
  updatedAt: isoDate,
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const jobSchema = z.object({
  id: z.number(),
  title: z.string(),
  company: z.string(),
  description: z.string(),
  requirements: z.string(),
  jobType: z.enum(JOB_TYPES),
  location: z.string(),
  remote: z.boolean(),
  salaryRange: nullableString,
  applyUrl: z.string(),
  companyLogoUrl: nullableString,
  createdAt: isoDate,
  /** When the job closes: its board's deadline, else JOB_MAX_AGE_DAYS after it was posted. */
  validThrough: nullableString,
  /** For a remote job, where applicants must be (a country name or ISO code), when known. */
  applicantCountry: nullableString,
  /** Structured pay, when the board gives it (salaryRange is its text). */
  salary: z
    .object({ min: z.number(), max: z.number(), currency: z.string(), unit: z.enum(['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR']).nullable() })
    .nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const homeResponseSchema = z.object({
  latestNews: z.array(newsSummarySchema),
});
export type HomeResponse = z.infer<typeof homeResponseSchema>;

export const newsletterSubscribeResponseSchema = z.object({ message: z.string() });
export const toolSubmitResponseSchema = z.object({ message: z.string(), tool: toolSchema });

// ---------- AI stats ----------
export const aiStatsSchema = z.object({
  totalArticles: z.number(),
  providers: z.array(z.object({ id: z.string(), name: z.string(), percentage: z.number(), articleCount: z.number() })),
  seo: z.object({
    optimizationPercentage: z.number(),
    statuses: z.object({ pending: z.number(), processing: z.number(), completed: z.number(), failed: z.number() }),
  }),
});
export type AiStats = z.infer<typeof aiStatsSchema>;
