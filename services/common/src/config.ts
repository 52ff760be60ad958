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
  /** A file holding the search service's Meilisearch key (written by the meili-setup step); used when MEILI_API_KEY is unset. */
  MEILI_API_KEY_FILE: z.string().optional(),
  /** Meilisearch's master key: read only by the one-off setup (services/search/src/meiliSetup.ts), never by a service. */
  MEILI_MASTER_KEY: z.string().optional(),
  /** Seconds the search service may reuse an answer; any index change empties the cache at once (0 = off). */
  SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  AI_PROVIDER: z.enum(['local', 'openai', 'gemini']).default('local'),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  GEMINI_API_KEY: z.string().optional(),
  GEMINI_BASE_URL: z.string().url().optional(),
  GEMINI_MODEL: z.string().default('gemini-2.0-flash'),
  /** Seconds the content service may reuse a public list response (0 turns the cache off). */
  CONTENT_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  /**
   * Seconds the gateway may replay a public content answer while the cache is on; a change to
   * the data behind it purges it at once (Postgres NOTIFY → gateway purge), so this only bounds
   * what no table records, such as an event becoming past.
   */
  CONTENT_REPLAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
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
  /** A job is closed this many days after it was posted, whatever its board says (and its JobPosting data's validThrough says so). */
  JOB_MAX_AGE_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(45)
    .describe('Days after posting when a job closes, whatever its board says; also its validThrough'),
  /** A collected event scoring at least this for AI relevance (0–100) is published; the rest wait for an operator. */
  EVENT_RELEVANCE_THRESHOLD: z.coerce
    .number()
    .int()
    .min(0)
    .max(100)
    .default(50)
    .describe('AI relevance score (0-100) at or above which a collected event is published; the rest wait for an operator'),
  /** Give up on a feed that has not answered after this long. */
  FEED_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** How often each outbox relay looks for events their writer could not publish (see services/common/src/outbox.ts). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(1000),
  /** An unsent event is left this long to the process that committed it before a relay takes it. */
  OUTBOX_RELAY_AFTER_MS: z.coerce.number().int().min(0).default(5000),
  /** How often the pipeline sweeps for articles stuck in an unfinished stage. */
  PIPELINE_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(60),
  /** An unfinished article untouched this long, with no live job to move it on, is driven on by the sweep. */
  PIPELINE_SWEEP_AFTER_SECONDS: z.coerce.number().int().min(1).default(300),
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
  /** The operator account created or updated on start; without them a fresh local start generates one and prints it once. */
  ADMIN_USERNAME: z.string().trim().min(3).max(64).optional(),
  ADMIN_PASSWORD: z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters').optional(),
  /** Hours an operator session lives without being used. */
  ADMIN_SESSION_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  /** Failed sign-ins accepted per client address, and per username, every 15 minutes. */
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** How long an admin fix call waits for its job before answering 504 (the gateway gives up at 15 s). */
  ADMIN_FIX_TIMEOUT_MS: z.coerce.number().int().min(500).max(14_000).default(12_000),
  /** Minutes an article may sit in a pipeline stage before diagnostics call it stuck. */
  STUCK_ARTICLE_MINUTES: z.coerce.number().int().positive().default(30),
  SOCIAL_FACEBOOK_URL: z.string().url().default('https://www.facebook.com/neuralbeat'),
  SOCIAL_X_URL: z.string().url().default('https://x.com/neuralbeat'),
  SOCIAL_INSTAGRAM_URL: z.string().url().default('https://www.instagram.com/neuralbeat'),
  SOCIAL_LINKEDIN_URL: z.string().url().default('https://www.linkedin.com/company/neuralbeat'),
  /** Proxies in front of the gateway whose X-Forwarded-For it believes (comma-separated addresses, CIDRs or loopback/uniquelocal); empty: none, the socket is the client. */
  GATEWAY_TRUSTED_PROXIES: z.string().default(''),
  /** Where the services' callers (the gateway) connect from; only their X-Forwarded-For is believed. */
  SERVICE_TRUSTED_PROXIES: z.string().default('loopback'),
  /** Public API reads (lists, details) per client per minute. */
  API_READ_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  /** Search API calls per client per minute (a search page makes one per kind). */
  SEARCH_RATE_LIMIT: z.coerce.number().int().positive().default(300),
  /** The gateway answers 408 when a request body has not fully arrived this long after its headers. */
  REQUEST_BODY_TIMEOUT_MS: z.coerce.number().int().min(50).default(5000),
  /** Let the image proxy fetch from loopback and private addresses (an intranet, tests); off for the public internet. */
  IMAGE_PROXY_PRIVATE_ADDRESSES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export type Config = z.infer<typeof configSchema>;
export type SettingName = keyof Config;

export class ConfigError extends Error {}

/**
 * Parses an environment (process.env by default) with a schema: the whole
 * catalogue, or a service's pick of it (see `settingsOf`). Throws one readable
 * error listing every bad variable the schema reads; variables it does not read
 * are neither checked nor kept.
 */
export function parseSettings<S extends z.ZodObject>(schema: S, env: Record<string, string | undefined> = process.env): z.infer<S> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Every setting, parsed (scripts and tests that start the whole system). */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  return parseSettings(configSchema, env);
}

/** A service's own pick of the catalogue: it parses, validates and holds only these settings. */
export function settingsOf<const K extends SettingName>(names: readonly K[]) {
  const mask = Object.fromEntries(names.map((n) => [n, true])) as Record<K, true>;
  return configSchema.pick(mask as Record<K, true> & Record<Exclude<K, SettingName>, never>);
}

let cached: Config | undefined;
/** The process's config, parsed on first use. */
export function config(): Config {
  cached ??= parseConfig();
  return cached;
}
