import { z } from 'zod';
import { storyReportSchema } from './stories';
import { DIFFICULTY_LEVELS, JOB_TYPES, MAX_PAGE_LIMIT, SIMPLE_EMAIL_PATTERN, TOOL_CATEGORIES } from './constants';

/**
 * Response and request shapes of the public API (spec §3, §7), defined once and
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

export const newsletterSubscribeSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .regex(SIMPLE_EMAIL_PATTERN, 'Please enter a valid email address.'),
});

/** A list entered comma separated (or sent as an array), trimmed, with bounds on its size. */
const commaList = (label: string, maxItems: number, maxLength: number) =>
  z
    .union([z.array(z.string()), z.string()])
    .optional()
    .transform((v) =>
      (Array.isArray(v) ? v : (v ?? '').split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(maxLength, `Each ${label} must be at most ${maxLength} characters`)).max(maxItems, `At most ${maxItems} ${label}s`));

/** Only absolute http(s) addresses: a javascript: or data: URL must never reach an href or src. */
const httpUrl = z
  .string({ error: 'Please enter a valid URL' })
  .trim()
  .max(2000, 'URL must be at most 2000 characters')
  .url('Please enter a valid URL')
  .refine((u) => /^https?:\/\/[^/]/i.test(u), 'Please enter a valid URL');

const optionalUrl = z
  .union([z.literal(''), httpUrl])
  .optional()
  .nullable()
  .transform((v) => v || null);

/** The tool submission form and POST /api/tools/submit payload, with the spec's messages. */
export const toolSubmissionSchema = z.object({
  name: z.string({ error: 'Tool name must be at least 3 characters' }).trim().min(3, 'Tool name must be at least 3 characters').max(120, 'Tool name must be at most 120 characters'),
  slug: z
    .string()
    .trim()
    .max(120, 'Slug must be at most 120 characters')
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'Slug may contain only lowercase letters, numbers and single hyphens')
    .optional()
    .nullable(),
  description: z.string({ error: 'Description must be at least 20 characters' }).trim().min(20, 'Description must be at least 20 characters').max(5000, 'Description must be at most 5000 characters'),
  shortDescription: z
    .string({ error: 'Short description must be at least 10 characters' })
    .trim()
    .min(10, 'Short description must be at least 10 characters')
    .max(99, 'Short description must be less than 100 characters'),
  websiteUrl: httpUrl,
  logoUrl: optionalUrl,
  category: z.enum(TOOL_CATEGORIES, { error: 'Please select a category' }),
  tags: commaList('tag', 20, 50),
  features: commaList('feature', 30, 200),
  pricing: z.string().trim().max(100, 'Pricing must be at most 100 characters').optional().nullable().transform((v) => v || null),
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
  articles: z.array(newsArticleSchema),
  pagination: paginationSchema,
  categoryName: z.string().nullable().optional(),
  tagName: z.string().optional(),
});
export type NewsListResponse = z.infer<typeof newsListResponseSchema>;

export const singleArticleResponseSchema = z.object({
  type: z.literal('article'),
  article: newsArticleSchema,
  aiInfo: aiInfoSchema,
  relatedArticles: z.array(newsArticleSchema),
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
});
export type Event = z.infer<typeof eventSchema>;

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
});
export type Job = z.infer<typeof jobSchema>;

export const homeResponseSchema = z.object({
  latestNews: z.array(newsArticleSchema),
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
