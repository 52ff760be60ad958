import { z } from 'zod';
import { DIFFICULTY_LEVELS, JOB_TYPES, RESOURCE_CATEGORIES } from './constants';

/**
 * Write shapes of the editorial listings (learning resources, events, jobs), as
 * the content service's ListingsService takes them. An update takes any subset
 * of the fields. A blank slug is derived from the title or name.
 */

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);
const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);
const optionalUrl = (field: string) =>
  z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .url(`${field} must be a valid URL`)
        .refine((u) => /^https?:\/\//i.test(u), `${field} must be a valid URL`),
    ])
    .nullish()
    .transform((v) => v || null);
const slug = z
  .string()
  .trim()
  .max(200, 'slug must be at most 200 characters')
  .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'slug may contain only lowercase letters, numbers and single hyphens')
  .nullish()
  .transform((v) => v || null);
const tags = z
  .array(z.string().trim().min(1, 'tags must not be blank').max(60, 'a tag must be at most 60 characters'), {
    error: 'tags must be a list',
  })
  .max(20, 'at most 20 tags')
  .transform((list) => [...new Set(list.map((t) => t.toLowerCase()))]);
const date = (field: string) =>
  z.coerce.date({ error: `${field} must be a date` }).refine((d) => !Number.isNaN(d.getTime()), `${field} must be a date`);

export const resourceInputSchema = z.object({
  title: text('title', 300),
  slug,
  summary: text('summary', 1000),
  content: text('content', 200_000),
  category: z.enum(RESOURCE_CATEGORIES, { error: `category must be one of: ${RESOURCE_CATEGORIES.join(', ')}` }),
  difficultyLevel: z.enum(DIFFICULTY_LEVELS, { error: `difficultyLevel must be one of: ${DIFFICULTY_LEVELS.join(', ')}` }),
  imageUrl: optionalUrl('imageUrl'),
  tags: tags.default([]),
  publishedAt: date('publishedAt').optional(),
});
export type ResourceInput = z.input<typeof resourceInputSchema>;

export const eventInputSchema = z.object({
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
  published: z.boolean({ error: 'published must be true or false' }).default(true),
});
export type EventInput = z.input<typeof eventInputSchema>;

export const jobInputSchema = z.object({
  title: text('title', 300),
  company: text('company', 300),
  location: text('location', 300),
  jobType: z.enum(JOB_TYPES, { error: `jobType must be one of: ${JOB_TYPES.join(', ')}` }),
  description: text('description', 20_000),
  requirements: text('requirements', 20_000),
  applyUrl: z
    .string({ error: 'applyUrl is required' })
    .trim()
    .url('applyUrl must be a valid URL')
    .refine((u) => /^https?:\/\//i.test(u), 'applyUrl must be a valid URL'),
  companyLogoUrl: optionalUrl('companyLogoUrl'),
  salaryRange: optionalText('salaryRange', 100),
  remote: z.boolean({ error: 'remote must be true or false' }).default(false),
});
export type JobInput = z.input<typeof jobInputSchema>;
