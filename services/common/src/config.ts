import { z } from 'zod';

/**
 * Every environment variable the system reads, parsed once. Defaults work on a
 * fresh machine with Postgres and Redis on their standard local ports.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/neuralbeat'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /** Prefix for every Redis key (BullMQ queues, caches), so several systems or test runs can share one Redis. */
  REDIS_PREFIX: z.string().min(1).default('nb'),
  SITE_URL: z.string().url().default('http://localhost:8080'),
  SITE_CONTACT_EMAIL: z.string().email().default('hello@neuralbeat.example'),
  /** Interface the services bind; 0.0.0.0 inside containers. */
  LISTEN_HOST: z.string().default('127.0.0.1'),
  GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  CONTENT_PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  SEARCH_PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  PIPELINE_PORT: z.coerce.number().int().min(0).max(65535).default(4003),
  CONTENT_URL: z.string().url().default('http://127.0.0.1:4001'),
  SEARCH_URL: z.string().url().default('http://127.0.0.1:4002'),
  PIPELINE_URL: z.string().url().default('http://127.0.0.1:4003'),
  /** Directory of the built SPA that the gateway serves. */
  WEB_DIST: z.string().default('web/dist'),
  MEILI_HOST: z.string().url().optional(),
  MEILI_API_KEY: z.string().optional(),
  AI_PROVIDER: z.enum(['local', 'openai', 'gemini']).default('local'),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  GEMINI_API_KEY: z.string().optional(),
  GEMINI_BASE_URL: z.string().url().optional(),
  GEMINI_MODEL: z.string().default('gemini-2.0-flash'),
  /** Seconds the content service may reuse a public list response (0 turns the cache off). */
  CONTENT_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  /** Public POSTs (newsletter, tool submission) accepted per client per minute. */
  PUBLIC_POST_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** Seconds between collections of each enabled news source. */
  COLLECT_INTERVAL_SECONDS: z.coerce.number().int().positive().default(900),
  /** A pipeline job whose worker stops answering (crashed, killed) is taken up again after this long. */
  PIPELINE_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  /** First retry delay of a failed pipeline stage; doubles on each retry. */
  PIPELINE_BACKOFF_MS: z.coerce.number().int().min(0).default(2000),
  /** Jobs each pipeline stage runs at once. */
  PIPELINE_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  /** Give up on a feed that has not answered after this long. */
  FEED_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Fetch the linked page of a thin feed item (a headline, a line of summary) and extract its article text. */
  FULL_TEXT_FETCH: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Article pages fetched at once (never more than one per host). */
  FULL_TEXT_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  /** Give up on an article page that has not answered after this long. */
  PAGE_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Article pages larger than this are not read. */
  PAGE_MAX_BYTES: z.coerce.number().int().min(10_000).default(3_000_000),
  /** Serve and register the bundled demo feeds on start (offline demo). */
  DEMO_FEEDS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SOCIAL_FACEBOOK_URL: z.string().url().default('https://www.facebook.com/neuralbeat'),
  SOCIAL_X_URL: z.string().url().default('https://x.com/neuralbeat'),
  SOCIAL_INSTAGRAM_URL: z.string().url().default('https://www.instagram.com/neuralbeat'),
  SOCIAL_LINKEDIN_URL: z.string().url().default('https://www.linkedin.com/company/neuralbeat'),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses an environment (process.env by default); throws one readable error listing every bad variable. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

let cached: Config | undefined;
/** The process's config, parsed on first use. */
export function config(): Config {
  cached ??= parseConfig();
  return cached;
}
