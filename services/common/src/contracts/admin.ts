import { z } from 'zod';
import { PROCESSING_STATUSES, SOURCE_KINDS } from './constants';

/**
 * Operator console: sign-in, the admin calls and their response shapes,
 * plus the console's own calls (queues, sources, audit, tool review).
 */

// ---------- sign-in ----------

export const signInSchema = z.object({
  username: z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(64, 'username is too long'),
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(1024, 'password is too long'),
});
export type SignIn = z.infer<typeof signInSchema>;

export const sessionUserSchema = z.object({ id: z.number().int(), username: z.string(), isAdmin: z.boolean() });
export type SessionUser = z.infer<typeof sessionUserSchema>;
export const sessionResponseSchema = z.object({ user: sessionUserSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

// ---------- fix tools (requests) ----------

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** Dry run unless the caller says otherwise: an operator previews before changing anything. */
const dryRun = z.boolean({ error: 'dryRun must be true or false' }).default(true);

/**
 * The duplicate reset needs a date (yyyy-MM-dd) or at least one article id; when
 * ids are given they take precedence and the date is ignored.
 */
export const duplicateResetRequestSchema = z
  .object({
    dryRun,
    fromDate: z
      .string({ error: 'fromDate must be a date as yyyy-MM-dd' })
      .regex(DATE_PATTERN, 'fromDate must be a date as yyyy-MM-dd')
      .refine(isRealDate, 'fromDate is not a real calendar date')
      .optional(),
    specificIds: z
      .array(
        z
          .number({ error: 'specificIds must be whole numbers above 0' })
          .int('specificIds must be whole numbers above 0')
          .positive('specificIds must be whole numbers above 0'),
        {
          error: 'specificIds must be a list of article ids',
        },
      )
      .max(1000, 'specificIds may hold at most 1000 ids')
      .optional(),
  })
  .refine((b) => (b.specificIds?.length ?? 0) > 0 || b.fromDate !== undefined, {
    message: 'Give a date (fromDate) or at least one article id (specificIds)',
    path: ['fromDate'],
  })
  .transform((b) =>
    b.specificIds?.length ? { dryRun: b.dryRun, specificIds: [...new Set(b.specificIds)] } : { dryRun: b.dryRun, fromDate: b.fromDate! },
  );
export type DuplicateResetRequest = z.output<typeof duplicateResetRequestSchema>;

export const dryRunRequestSchema = z.object({ dryRun });
export type DryRunRequest = z.output<typeof dryRunRequestSchema>;

// ---------- fix tools (results) ----------

export const resetArticleSchema = z.object({ id: z.number(), title: z.string(), publishDate: z.string(), status: z.string() });
export const duplicateResetResultSchema = z.object({
  message: z.string(),
  results: z.object({ total: z.number(), processed: z.number(), articles: z.array(resetArticleSchema) }),
});
export type DuplicateResetResult = z.infer<typeof duplicateResetResultSchema>;

export const fixedStatusArticleSchema = z.object({ id: z.number(), title: z.string(), oldStatus: z.string(), newsFeedId: z.number() });
export const publishedStatusFixResultSchema = z.object({
  message: z.string(),
  results: z.object({ total: z.number(), processed: z.number(), articles: z.array(fixedStatusArticleSchema) }),
});
export type PublishedStatusFixResult = z.infer<typeof publishedStatusFixResultSchema>;

export const lowSeoArticleSchema = z.object({ id: z.number(), title: z.string(), seo_score: z.number(), processing_status: z.string() });
export const lowSeoFixResultSchema = z.object({
  message: z.string(),
  dryRun: z.boolean(),
  totalArticles: z.number(),
  updatedCount: z.number(),
  sampleArticles: z.array(lowSeoArticleSchema),
});
export type LowSeoFixResult = z.infer<typeof lowSeoFixResultSchema>;

/** Re-queueing stuck articles (diagnostics' fix for a stalled stage): same envelope as the reset. */
export const stuckArticleSchema = z.object({
  id: z.number(),
  title: z.string(),
  status: z.string(),
  stage: z.string(),
  updatedAt: z.string(),
});
export const stuckRequeueResultSchema = z.object({
  message: z.string(),
  results: z.object({ total: z.number(), processed: z.number(), articles: z.array(stuckArticleSchema) }),
});
export type StuckRequeueResult = z.infer<typeof stuckRequeueResultSchema>;

// ---------- statistics ----------

export const statusCountSchema = z.object({ status: z.enum(PROCESSING_STATUSES), count: z.number() });
export const articleStatsSchema = z.object({
  stats: z.object({ pendingContent: z.number(), pendingDuplicate: z.number(), pendingSeo: z.number() }),
  statusBreakdown: z.array(statusCountSchema),
});
export type ArticleStats = z.infer<typeof articleStatsSchema>;

export const duplicateStatsSchema = z.object({
  totalDuplicates: z.number(),
  byDate: z.array(z.object({ date: z.string(), count: z.number() })),
});
export type DuplicateStats = z.infer<typeof duplicateStatsSchema>;

/** Provider calls per day (dashboard chart "provider success over time"). */
export const providerHistorySchema = z.object({
  days: z.array(z.string()),
  providers: z.array(
    z.object({
      provider: z.string(),
      name: z.string(),
      daily: z.array(z.object({ date: z.string(), calls: z.number(), successes: z.number() })),
    }),
  ),
});
export type ProviderHistory = z.infer<typeof providerHistorySchema>;

// ---------- diagnostics ----------

export const diagnosticSectionSchema = z.object({
  title: z.string(),
  message: z.string(),
  warning: z.string().nullable(),
  bottleneck: z.string().nullable(),
  data: z.unknown(),
});
export type DiagnosticSection = z.infer<typeof diagnosticSectionSchema>;
export const diagnosticReportSchema = z.object({
  timestamp: z.string(),
  summary: z.string(),
  /** Each names the tool that fixes it by its path (e.g. /admin/fix-low-seo); the console links those paths. */
  recommendations: z.array(z.string()),
  sections: z.array(diagnosticSectionSchema),
});
export type DiagnosticReport = z.infer<typeof diagnosticReportSchema>;
export const diagnosticResponseSchema = z.object({ report: diagnosticReportSchema });
export type DiagnosticResponse = z.infer<typeof diagnosticResponseSchema>;

export interface SeoDistributionData {
  totalWithScores: number;
  minScore: number | null;
  maxScore: number | null;
  avgScore: number | null;
  aboveThreshold: number;
  aboveThresholdPercent: number;
}
export interface DuplicateDiagnosticData {
  totalDuplicates: number;
  recentDuplicates: number;
  recentDuplicatePercentage: number;
}
export interface ConditionData {
  totalArticles: number;
  pendingArticles: number;
  withLowAttempts: number;
  notInNewsFeed: number;
  meetingSeoThreshold: number;
}
/** One article in a diagnostics list section (stuck, eligibility, recent attempts). */
export interface DiagnosticArticle {
  id: number;
  title: string | null;
  status: string;
  stage?: string;
  seo_score: number | null;
  processing_attempts: number;
  updatedAt: string;
}
export interface QueueHealthData {
  queues: { name: string; failed: number; waiting: number; active: number }[];
}
export interface SourceHealthData {
  sources: { id: number; name: string; consecutiveFailures: number; lastError: string | null }[];
}
export interface ProviderHealthData {
  providers: { provider: string; calls: number; failures: number; errorRate: number; lastError: string | null }[];
}

// ---------- queues ----------

export const queueCountsSchema = z.object({
  waiting: z.number(),
  active: z.number(),
  delayed: z.number(),
  completed: z.number(),
  failed: z.number(),
});
export const queueFailureSchema = z.object({
  id: z.string(),
  name: z.string(),
  articleId: z.number().nullable(),
  failedReason: z.string(),
  attemptsMade: z.number(),
  failedAt: z.string().nullable(),
});
export const queueSummarySchema = z.object({
  name: z.string(),
  label: z.string(),
  paused: z.boolean(),
  counts: queueCountsSchema,
  recentFailures: z.array(queueFailureSchema),
});
export type QueueSummary = z.infer<typeof queueSummarySchema>;
export const queuesResponseSchema = z.object({ queues: z.array(queueSummarySchema) });
export type QueuesResponse = z.infer<typeof queuesResponseSchema>;
export const queueRetryRequestSchema = z.object({
  /** One failed job; without it every failed job of the queue is retried. */
  jobId: z.string().min(1).max(200).optional(),
});
export const queueRetryResultSchema = z.object({ message: z.string(), retried: z.number() });
export type QueueRetryResult = z.infer<typeof queueRetryResultSchema>;

// ---------- sources ----------

export const sourceKindSchema = z.enum(SOURCE_KINDS, { error: `kind must be one of: ${SOURCE_KINDS.join(', ')}` });

/** How often a source is collected: a positive number of hours, at most a week. */
export const SOURCE_INTERVAL_MAX_HOURS = 168;
export const sourceIntervalHoursSchema = z
  .number({ error: `intervalHours must be a number of hours between 0 and ${SOURCE_INTERVAL_MAX_HOURS}` })
  .positive(`intervalHours must be a number of hours between 0 and ${SOURCE_INTERVAL_MAX_HOURS}`)
  .max(SOURCE_INTERVAL_MAX_HOURS, `intervalHours must be at most ${SOURCE_INTERVAL_MAX_HOURS} (a week)`);
export const sourceIntervalRequestSchema = z.object({ intervalHours: sourceIntervalHoursSchema });

export const sourceAddRequestSchema = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(200, 'name is too long'),
  feedUrl: z.string({ error: 'feedUrl is required' }).trim().min(1, 'feedUrl is required').max(2000, 'feedUrl is too long'),
  kind: sourceKindSchema.default('news'),
  intervalHours: sourceIntervalHoursSchema.optional(),
});
export type SourceAddRequest = z.infer<typeof sourceAddRequestSchema>;

/** A news source as the console shows it; counters the pipeline adds later pass through as extra fields. */
export const adminSourceSchema = z.object({
  id: z.number(),
  kind: z.enum(SOURCE_KINDS),
  name: z.string(),
  feedUrl: z.string(),
  enabled: z.boolean(),
  /** The operator's interval in hours, or null when the kind's default applies. */
  intervalHours: z.number().nullable(),
  schedule: z.object({ everySeconds: z.number(), nextRunAt: z.string().nullable() }).nullable(),
  lastFetchedAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  consecutiveFailures: z.number(),
  counters: z.record(z.string(), z.number()),
});
export type AdminSource = z.infer<typeof adminSourceSchema>;
export const adminSourcesResponseSchema = z.object({ sources: z.array(adminSourceSchema) });
export type AdminSourcesResponse = z.infer<typeof adminSourcesResponseSchema>;
/** The answer to adding, enabling, disabling, rescheduling or collecting a source. */
export const adminSourceResultSchema = z.object({ message: z.string(), source: adminSourceSchema });

// ---------- audit ----------

export const AUDIT_ACTIONS = [
  'duplicateReset',
  'publishedStatusFix',
  'lowSeoFix',
  'stuckRequeue',
  'queueRetry',
  'sourceAdd',
  'sourceEnable',
  'sourceDisable',
  'sourceCollect',
  'sourceInterval',
  'toolApprove',
  'toolReject',
  'newsletterCompose',
  'newsletterEdit',
  'newsletterTest',
  'newsletterSchedule',
  'newsletterSend',
  'subscriberExport',
  'subscriberDelete',
  'contactMessageRead',
  'mailClear',
  // An operator's change to an event, job, learning resource or tool (`params.kind` says which).
  'contentCreate',
  'contentUpdate',
  'contentDelete',
  'contentPublish',
  'contentUnpublish',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be between 1 and 200' })
    .int()
    .min(1, 'limit must be between 1 and 200')
    .max(200, 'limit must be between 1 and 200')
    .default(20),
});
export const auditEntrySchema = z.object({
  id: z.number(),
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  params: z.record(z.string(), z.unknown()),
  affectedCount: z.number(),
  affectedIds: z.array(z.number()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditResponseSchema = z.object({ entries: z.array(auditEntrySchema) });
export type AuditResponse = z.infer<typeof auditResponseSchema>;

// ---------- tool review ----------

export const TOOL_REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type ToolReviewState = (typeof TOOL_REVIEW_STATES)[number];
export const toolReviewQuerySchema = z.object({
  status: z.enum(TOOL_REVIEW_STATES, { error: 'status must be pending, approved or rejected' }).default('pending'),
});
export const toolRejectRequestSchema = z.object({ reason: z.string().trim().max(500, 'reason is too long').optional() });

export const reviewToolSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  shortDescription: z.string(),
  description: z.string(),
  websiteUrl: z.string(),
  logoUrl: z.string().nullable(),
  category: z.string(),
  tags: z.array(z.string()),
  features: z.array(z.string()),
  pricing: z.string().nullable(),
  status: z.enum(TOOL_REVIEW_STATES),
  submittedBy: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  rejectionReason: z.string().nullable(),
});
export type ReviewTool = z.infer<typeof reviewToolSchema>;
export const toolReviewResponseSchema = z.object({ tools: z.array(reviewToolSchema) });
export type ToolReviewResponse = z.infer<typeof toolReviewResponseSchema>;
export const toolReviewResultSchema = z.object({ message: z.string(), tool: reviewToolSchema });
export type ToolReviewResult = z.infer<typeof toolReviewResultSchema>;

// ---------- tags ----------

export const TAG_SORT_FIELDS = ['count', 'tag'] as const;
export const tagListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number of 1 or more' })
    .int('page must be a whole number of 1 or more')
    .min(1, 'page must be a whole number of 1 or more')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be between 1 and 100' })
    .int('pageSize must be between 1 and 100')
    .min(1, 'pageSize must be between 1 and 100')
    .max(100, 'pageSize must be between 1 and 100')
    .default(50),
  sortBy: z.enum(TAG_SORT_FIELDS, { error: 'sortBy must be count or tag' }).default('count'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
  search: z.string().trim().max(200, 'search is too long').default(''),
});
export type TagListQuery = z.output<typeof tagListQuerySchema>;

export const tagStatsSchema = z.object({
  uniqueTagCount: z.number(),
  caseVariationCount: z.number(),
  nonLowercaseCount: z.number(),
  percentages: z.object({
    nonLowercase: z.number(),
    highUsage: z.number(),
    mediumUsage: z.number(),
    lowUsage: z.number(),
    rare: z.number(),
    oneOff: z.number(),
  }),
  distribution: z.object({ highUsage: z.number(), mediumUsage: z.number(), lowUsage: z.number(), rare: z.number(), oneOff: z.number() }),
  topTags: z.array(z.object({ tag: z.string(), count: z.number() })),
  categoryTags: z.array(z.object({ category: z.string(), unique_tags: z.number() })),
});
export type TagStats = z.infer<typeof tagStatsSchema>;

export const tagListResponseSchema = z.object({
  tags: z.array(z.object({ tag: z.string(), count: z.number(), is_lowercase: z.boolean() })),
  pagination: z.object({ currentPage: z.number(), totalPages: z.number(), totalCount: z.number() }),
});
export type TagListResponse = z.infer<typeof tagListResponseSchema>;
