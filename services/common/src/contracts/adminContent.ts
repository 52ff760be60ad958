import { z } from 'zod';
import { toolSubmissionSchema } from './api';
import { DIFFICULTY_LEVELS, JOB_TYPES, MAX_PAGE_LIMIT, RESOURCE_CATEGORIES } from './constants';
import { TOOL_SLUG_PATTERN, TOOL_SUBMISSION_MESSAGES, isWebUrl } from './toolSubmission';

/**
 * What operators manage under `/api/admin/{kind}` (events, jobs, learning
 * resources, tools): the write rules, the list query and the answers. A create takes the whole
 * shape; a PATCH takes any subset. A blank slug is derived from the name or
 * title, as for tool submissions.
 */

export const ADMIN_CONTENT_KINDS = ['events', 'jobs', 'resources', 'tools'] as const;
export type AdminContentKind = (typeof ADMIN_CONTENT_KINDS)[number];

/** One item as the console edits it: its fields as the API takes them, plus id, published and when it was created. */
export const adminContentItemSchema = z.looseObject({ id: z.number(), published: z.boolean(), createdAt: z.string().nullable() });
export type AdminContentItem = z.infer<typeof adminContentItemSchema>;
/** A job also says whether it is open: when it closed (no request writes it) and until when it is open. */
export const adminJobItemSchema = adminContentItemSchema.extend({
  closedAt: z
    .string()
    .nullable()
    .meta({ description: 'When the job closed (its board dropped it, or it passed validThrough or its age); null while open. Read-only.' }),
  validThrough: z.string().nullable().meta({
    description: 'When the job closes; null: JOB_MAX_AGE_DAYS after it was posted. A request setting it ahead reopens a closed job.',
  }),
});

/** The answers of `/api/admin/{kind}` for items of a given shape. */
const answersOf = <Item extends z.ZodType>(item: Item) => ({
  list: z.object({ items: z.array(item), total: z.number(), limit: z.number(), offset: z.number() }),
  /** Create, PATCH, DELETE, publish, unpublish: what was done and the item. */
  done: z.object({ message: z.string(), item }),
  /** GET /api/admin/{kind}/{id}: the item alone. */
  read: z.object({ item }),
});
const itemAnswers = answersOf(adminContentItemSchema);
export type AdminContentListResponse = z.infer<typeof itemAnswers.list>;
export type AdminContentItemResponse = z.infer<typeof itemAnswers.done>;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);
const webUrl = (field: string) =>
  z
    .string({ error: `${field} must be a valid URL` })
    .trim()
    .refine(isWebUrl, `${field} must be a valid URL`);
const optionalUrl = (field: string) =>
  z
    .union([z.literal(''), webUrl(field)], { error: `${field} must be a valid URL` })
    .nullish()
    .transform((v) => v || null);
const slug = z
  .string({ error: 'slug must be text' })
  .trim()
  .max(200, 'slug must be at most 200 characters')
  .regex(TOOL_SLUG_PATTERN, TOOL_SUBMISSION_MESSAGES.slugFormat)
  .nullish()
  .transform((v) => v || null);
const tags = z
  .array(z.string({ error: 'tags must be a list of words' }).trim().max(60, 'a tag must be at most 60 characters'), {
    error: 'tags must be a list',
  })
  .max(20, 'at most 20 tags')
  .transform((list) => [...new Set(list.filter(Boolean).map((t) => t.toLowerCase()))]);
const date = (field: string) =>
  z.coerce.date({ error: `${field} must be a date` }).refine((d) => !Number.isNaN(d.getTime()), `${field} must be a date`);
const published = z.boolean({ error: 'published must be true or false' });

export const adminEventSchema = z.object({
  name: text('name', 300),
  slug,
  description: text('description', 20_000),
  location: text('location', 300),
  startDate: date('startDate'),
  endDate: date('endDate').nullish(),
  eventType: text('eventType', 100),
  url: optionalUrl('url'),
  imageUrl: optionalUrl('imageUrl'),
  organizer: optionalText('organizer', 300),
  price: optionalText('price', 100),
  virtual: z.boolean({ error: 'virtual must be true or false' }).default(false),
  tags: tags.default([]),
  published: published.default(true),
});

export const adminJobSchema = z.object({
  title: text('title', 300),
  company: text('company', 300),
  location: text('location', 300),
  jobType: z.enum(JOB_TYPES, { error: `jobType must be one of: ${JOB_TYPES.join(', ')}` }),
  description: text('description', 20_000),
  requirements: text('requirements', 20_000),
  applyUrl: webUrl('applyUrl'),
  companyLogoUrl: optionalUrl('companyLogoUrl'),
  salaryRange: optionalText('salaryRange', 100),
  remote: z.boolean({ error: 'remote must be true or false' }).default(false),
  validThrough: date('validThrough').nullish(),
  published: published.default(true),
});

export const adminResourceSchema = z.object({
  title: text('title', 300),
  slug,
  summary: text('summary', 1000),
  content: text('content', 200_000),
  category: z.enum(RESOURCE_CATEGORIES, { error: `category must be one of: ${RESOURCE_CATEGORIES.join(', ')}` }),
  difficultyLevel: z.enum(DIFFICULTY_LEVELS, { error: `difficultyLevel must be one of: ${DIFFICULTY_LEVELS.join(', ')}` }),
  imageUrl: optionalUrl('imageUrl'),
  tags: tags.default([]),
  published: published.default(true),
});

/** The submission rules and messages; an operator's tool is listed at once unless `published` says otherwise. */
export const adminToolSchema = toolSubmissionSchema.omit({ submittedById: true }).extend({ published: published.default(true) });

export const ADMIN_CONTENT_SCHEMAS: Record<AdminContentKind, z.ZodObject> = {
  events: adminEventSchema,
  jobs: adminJobSchema,
  resources: adminResourceSchema,
  tools: adminToolSchema,
};

/** The answers each kind's calls give, for the API description. */
export const ADMIN_CONTENT_ANSWERS: Record<AdminContentKind, ReturnType<typeof answersOf<z.ZodType>>> = {
  events: itemAnswers,
  jobs: answersOf(adminJobItemSchema),
  resources: itemAnswers,
  tools: itemAnswers,
};

export const adminContentListQuerySchema = z.object({
  q: z.string().trim().max(200, 'q must be at most 200 characters').optional(),
  published: z.enum(['true', 'false'], { error: 'published must be true or false' }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_LIMIT, `limit must be at most ${MAX_PAGE_LIMIT}`)
    .default(20),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be an integer')
    .min(0, 'offset must be 0 or more')
    .max(1_000_000, 'offset is too large')
    .default(0),
});
export type AdminContentListQuery = z.output<typeof adminContentListQuerySchema>;
