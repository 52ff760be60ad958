import { z } from 'zod';

/** Intl throws a RangeError for a zone it does not know. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Every environment variable the system reads, parsed once. Defaults work on a
 * fresh machine with Postgres and Redis on their standard local ports. Each
 * setting says what it means with `.describe()`: docs/settings.md and
 * .env.example are generated from these (`npm run docs:settings`).
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development').describe('Run mode.'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('pino log level (`silent` mutes the logs).'),
  DATABASE_URL: z
    .string()
    .url()
    .default('postgres://postgres@127.0.0.1:5432/neuralbeat')
    .describe('PostgreSQL connection; `npm start` creates the database when it is missing.'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379').describe('Redis for queues, events, sessions, rate limits and caches.'),
  REDIS_PREFIX: z
    .string()
    .min(1)
    .default('nb')
    .describe('Prefix of every Redis key (queues, events, caches), so several systems or test runs can share one Redis.'),
  SITE_URL: z
    .string()
    .url()
    .default('http://localhost:8080')
    .describe('Public URL of the site, used in canonical links, the sitemap and feeds.'),
  SITE_CONTACT_EMAIL: z
    .string()
    .email()
    .default('hello@neuralbeat.example')
    .describe("Contact address shown on the site and in the crawler's user agent."),
  LISTEN_HOST: z.string().default('127.0.0.1').describe('Interface the services bind (`0.0.0.0` inside containers).'),
  GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(8080).describe('Port of the gateway, the one public origin.'),
  CONTENT_PORT: z.coerce.number().int().min(0).max(65535).default(4001).describe('Port of the content service.'),
  SEARCH_PORT: z.coerce.number().int().min(0).max(65535).default(4002).describe('Port of the search service.'),
  PIPELINE_PORT: z.coerce.number().int().min(0).max(65535).default(4003).describe('Port of the pipeline service (operator API).'),
  GATEWAY_METRICS_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(9464)
    .describe(
      'Port (on LISTEN_HOST) where the gateway serves Prometheus `/metrics`; never on the public origin. The other services serve `/metrics` on their own port.',
    ),
  METRICS_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true')
    .describe('Collect Prometheus metrics and serve them at `/metrics` (see docs/observability.md).'),
  CONTENT_URL: z
    .string()
    .url()
    .default('http://127.0.0.1:4001')
    .describe('Where the gateway and the search service reach the content service.'),
  SEARCH_URL: z.string().url().default('http://127.0.0.1:4002').describe('Where the gateway reaches the search service.'),
  PIPELINE_URL: z.string().url().default('http://127.0.0.1:4003').describe('Where the gateway reaches the pipeline service.'),
  WEB_DIST: z.string().default('web/dist').describe('Directory of the built SPA that the gateway serves.'),
  MEILI_HOST: z.string().url().optional().describe('Meilisearch address; when set, search uses Meilisearch instead of Postgres full-text.'),
  MEILI_API_KEY: z.string().optional().describe("The search service's Meilisearch key."),
  MEILI_API_KEY_FILE: z
    .string()
    .optional()
    .describe("File holding the search service's Meilisearch key (written by `meili-setup`); used when `MEILI_API_KEY` is unset."),
  MEILI_MASTER_KEY: z
    .string()
    .optional()
    .describe(
      "Meilisearch's master key: read only by the one-off `meili-setup` (`services/search/src/meiliSetup.ts`), which creates the indexes and a key limited to search and document actions; never by a service.",
    ),
  SEARCH_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(30)
    .describe(
      "Seconds the search service may reuse an answer; a change to a kind's documents empties that kind's answers at once, in every search process (0 = off).",
    ),
  AI_PROVIDER: z
    .enum(['local', 'openai', 'gemini'])
    .default('local')
    .describe('Rewrite provider: `local` (offline, extractive), `openai` or `gemini`.'),
  OPENAI_API_KEY: z.string().optional().describe('API key of the OpenAI provider.'),
  OPENAI_BASE_URL: z.string().url().optional().describe("Base URL of the OpenAI API (unset: OpenAI's own)."),
  OPENAI_MODEL: z.string().default('gpt-4o-mini').describe('Model the OpenAI provider asks.'),
  GEMINI_API_KEY: z.string().optional().describe('API key of the Gemini provider.'),
  GEMINI_BASE_URL: z.string().url().optional().describe("Base URL of the Gemini API (unset: Google's own)."),
  GEMINI_MODEL: z.string().default('gemini-2.0-flash').describe('Model the Gemini provider asks.'),
  CONTENT_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(5)
    .describe('Seconds the content service may reuse a public news list, home or tag answer (0 turns the cache off).'),
  CONTENT_REPLAY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(60)
    .describe(
      'With the content cache on, seconds the gateway may replay a public content answer; a change to the data behind it purges it at once (Postgres NOTIFY → gateway purge), so this only bounds what no table records, such as an event becoming past.',
    ),
  PUBLIC_POST_RATE_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(20)
    .describe('Public POSTs (newsletter, tool submission) accepted per client per minute.'),
  PIPELINE_ROLES: z
    .string()
    .regex(/^(api|worker)(,(api|worker))?$/, 'PIPELINE_ROLES is `api`, `worker` or `api,worker`')
    .default('api,worker')
    .describe(
      'What a pipeline process runs: `api` (operator API, collection schedules, the sweep), `worker` (the stage and admin-fix workers), or both. Run one or more `api` processes and scale `worker` processes on their own.',
    ),
  SHUTDOWN_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .describe(
      'On SIGTERM a service answers 503 on `/readyz` at once and keeps serving this long, so load balancers stop sending it traffic, before it stops accepting connections (5000 under Kubernetes).',
    ),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(25_000)
    .describe(
      'After the delay, in-flight requests and jobs get this long to finish; then the process exits anyway (code 1). Keep `SHUTDOWN_DELAY_MS` + this below `terminationGracePeriodSeconds`.',
    ),
  COLLECT_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(900)
    .describe('Seconds between collections of each enabled news source.'),
  PIPELINE_LOCK_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(30_000)
    .describe('A pipeline job whose worker stops answering (crashed, killed) is taken up again after this long.'),
  PIPELINE_BACKOFF_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(2000)
    .describe('First retry delay of a failed pipeline stage; doubles on each retry (3 tries).'),
  PIPELINE_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4).describe('Jobs each pipeline stage runs at once.'),
  FEED_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000).describe('Give up on a feed that has not answered after this long.'),
  OUTBOX_POLL_MS: z.coerce
    .number()
    .int()
    .min(10)
    .default(1000)
    .describe('How often each outbox relay looks for events their writer could not publish (`services/common/src/outbox.ts`).'),
  OUTBOX_RELAY_AFTER_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5000)
    .describe('An unsent event is left this long to the process that committed it before a relay takes it.'),
  PIPELINE_SWEEP_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(60)
    .describe('How often the pipeline sweeps for articles stuck in an unfinished stage.'),
  PIPELINE_SWEEP_AFTER_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(300)
    .describe('An unfinished article untouched this long, with no live job to move it on, is driven on by the sweep.'),
  FULL_TEXT_FETCH: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true')
    .describe(
      'Fetch the linked page of a thin feed item (a headline, a line of summary) and extract its article (`false`: keep the feed text).',
    ),
  FULL_TEXT_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(4)
    .describe('Article pages fetched at once (never more than one per host).'),
  PAGE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(10_000)
    .describe('Give up on an article page that has not answered after this long.'),
  PAGE_MAX_BYTES: z.coerce.number().int().min(10_000).default(3_000_000).describe('Article pages larger than this are not read.'),
  DEMO_FEEDS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true')
    .describe('Serve and register the bundled demo feeds, so a fresh start fills the news feed offline.'),
  ADMIN_USERNAME: z
    .string()
    .trim()
    .min(3)
    .max(64)
    .optional()
    .describe(
      'The operator account, created (or given `ADMIN_PASSWORD`) by `npm start` and the seed; without both, a system with no operator gets `admin` with a generated password, printed once.',
    ),
  ADMIN_PASSWORD: z
    .string()
    .min(12, 'ADMIN_PASSWORD must be at least 12 characters')
    .optional()
    .describe(
      "The operator account's password (at least 12 characters); changing it and restarting signs out every session of that account.",
    ),
  ADMIN_SESSION_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12)
    .describe('An operator session ends after this many hours without use.'),
  SIGN_IN_RATE_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(10)
    .describe('Failed sign-ins accepted per client address, and per username, every 15 minutes.'),
  ADMIN_FIX_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(500)
    .max(14_000)
    .default(12_000)
    .describe(
      'How long an admin fix call waits for its job: 503 (nothing changed) when no worker took it, 504 when it is still running; below the 15 s after which the gateway gives up.',
    ),
  STUCK_ARTICLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(30)
    .describe('Minutes an article may sit in a pipeline stage before diagnostics call it stuck.'),
  SOCIAL_FACEBOOK_URL: z.string().url().default('https://www.facebook.com/neuralbeat').describe('Facebook link in the site header.'),
  SOCIAL_X_URL: z.string().url().default('https://x.com/neuralbeat').describe('X link in the site header.'),
  SOCIAL_INSTAGRAM_URL: z.string().url().default('https://www.instagram.com/neuralbeat').describe('Instagram link in the site header.'),
  SOCIAL_LINKEDIN_URL: z
    .string()
    .url()
    .default('https://www.linkedin.com/company/neuralbeat')
    .describe('LinkedIn link in the site header.'),
  GATEWAY_TRUSTED_PROXIES: z
    .string()
    .default('')
    .describe(
      'Proxies in front of the gateway (a load balancer) whose `X-Forwarded-For` it believes: comma-separated addresses, CIDRs, `loopback`, `uniquelocal`; empty: the socket address is the client. Behind a load balancer set it, or every visitor shares one rate-limit budget.',
    ),
  SERVICE_TRUSTED_PROXIES: z
    .string()
    .default('loopback')
    .describe(
      "Where the services' callers (the gateway) connect from; only their `X-Forwarded-For` is believed (`loopback,uniquelocal` in containers).",
    ),
  API_READ_RATE_LIMIT: z.coerce.number().int().positive().default(600).describe('Public API reads (lists, details) per client per minute.'),
  SEARCH_RATE_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(300)
    .describe('Search API calls per client per minute (a search page makes one per kind).'),
  REQUEST_BODY_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(50)
    .default(5000)
    .describe('The gateway answers 408 when a request body has not fully arrived this long after its headers.'),
  IMAGE_PROXY_PRIVATE_ADDRESSES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .describe(
      'Let the image proxy (`/media/image`) fetch from loopback and private addresses (an intranet, tests); keep it off on the internet.',
    ),
  SMTP_URL: z
    .string()
    .url()
    .optional()
    .describe(
      'Mail relay, e.g. smtp://user:pass@smtp.example.com:587 or smtps://…:465 (TLS when the URL is smtps:// or has ?secure=true); unset: the pipeline runs a local mail catcher',
    ),
  MAIL_FROM: z.string().min(3).default('NeuralBeat <newsletter@neuralbeat.example>').describe('The From of every mail the site sends'),
  MAIL_RATE_PER_SECOND: z.coerce.number().int().min(0).default(20).describe('Messages sent per second at most (0 = no limit)'),
  MAIL_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(5).describe('SMTP connections kept open to the relay'),
  MAIL_CATCHER_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(1025)
    .describe('Port of the local mail catcher the pipeline runs when SMTP_URL is unset (0 = any free port)'),
  NEWSLETTER_SECRET: z
    .string()
    .min(16)
    .optional()
    .describe('Signs confirmation and unsubscribe links; unset: a random secret is generated once and kept in the database'),
  NEWSLETTER_WEBHOOK_SECRET: z
    .string()
    .min(16)
    .optional()
    .describe('Bearer secret of the bounce/complaint webhook POST /api/newsletter/events; unset: the webhook answers 404'),
  NEWSLETTER_UNSUBSCRIBE_MAILTO: z
    .string()
    .email()
    .default('unsubscribe@neuralbeat.example')
    .describe('Address of the mailto: unsubscribe link in List-Unsubscribe'),
  NEWSLETTER_DIGEST_DAY: z
    .enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'])
    .default('monday')
    .describe('Day of the week the weekly digest is composed (and sent)'),
  NEWSLETTER_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8).describe('Hour of that day, in NEWSLETTER_TIME_ZONE'),
  NEWSLETTER_TIME_ZONE: z
    .string()
    .default('UTC')
    .refine(isTimeZone, 'must be an IANA time zone, e.g. Europe/Berlin')
    .describe('Time zone of the digest day and hour'),
  NEWSLETTER_AUTO_SEND: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true')
    .describe('true: the weekly job composes and sends the digest; false: it composes a draft for an operator to send'),
  JOB_MAX_AGE_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(45)
    .describe('Days after posting when a job closes, whatever its board says; also its validThrough.'),
  EVENT_RELEVANCE_THRESHOLD: z.coerce
    .number()
    .int()
    .min(0)
    .max(100)
    .default(50)
    .describe('AI relevance score (0-100) at or above which a collected event is published; the rest wait for an operator.'),
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
