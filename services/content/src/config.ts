import type { z } from 'zod';
import { parseSettings, settingsOf } from '@neuralbeat/common';

/** The settings the content service reads: its pick of the catalogue in services/common/src/config.ts, parsed once at start. */
export const contentSettings = settingsOf([
  'NODE_ENV',
  'LOG_LEVEL',
  'SHUTDOWN_DELAY_MS',
  'SHUTDOWN_TIMEOUT_MS',
  'LISTEN_HOST',
  'METRICS_ENABLED',
  'CONTENT_PORT',
  'DATABASE_URL',
  'REDIS_URL',
  'REDIS_PREFIX',
  'CONTENT_CACHE_SECONDS',
  'JOB_MAX_AGE_DAYS',
  'CONTENT_REPLAY_SECONDS',
  'PUBLIC_POST_RATE_LIMIT',
  'API_READ_RATE_LIMIT',
  'SERVICE_TRUSTED_PROXIES',
  'OUTBOX_POLL_MS',
  'OUTBOX_RELAY_AFTER_MS',
  'SITE_URL',
  'ADMIN_SESSION_HOURS',
  'SIGN_IN_RATE_LIMIT',
  'NEWSLETTER_SECRET',
  'NEWSLETTER_WEBHOOK_SECRET',
]);
export type ContentConfig = z.infer<typeof contentSettings>;

export const contentConfig = (env: Record<string, string | undefined> = process.env): ContentConfig => parseSettings(contentSettings, env);
