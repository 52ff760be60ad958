import type { z } from 'zod';
import { parseSettings, settingsOf } from '@neuralbeat/common';

/** The settings the pipeline service reads: its pick of the catalogue in services/common/src/config.ts, parsed once at start. */
export const pipelineSettings = settingsOf([
  'NODE_ENV',
  'LOG_LEVEL',
  'LISTEN_HOST',
  'METRICS_ENABLED',
  'PIPELINE_PORT',
  'DATABASE_URL',
  'REDIS_URL',
  'REDIS_PREFIX',
  'AI_PROVIDER',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'OPENAI_MODEL',
  'GEMINI_API_KEY',
  'GEMINI_BASE_URL',
  'GEMINI_MODEL',
  'COLLECT_INTERVAL_SECONDS',
  'FEED_TIMEOUT_MS',
  'DEMO_FEEDS',
  'PIPELINE_CONCURRENCY',
  'PIPELINE_BACKOFF_MS',
  'PIPELINE_LOCK_MS',
  'PIPELINE_SWEEP_INTERVAL_SECONDS',
  'PIPELINE_SWEEP_AFTER_SECONDS',
  'OUTBOX_POLL_MS',
  'OUTBOX_RELAY_AFTER_MS',
  'SERVICE_TRUSTED_PROXIES',
  'SITE_URL',
  'ADMIN_SESSION_HOURS',
  'ADMIN_FIX_TIMEOUT_MS',
  'STUCK_ARTICLE_MINUTES',
  'SITE_CONTACT_EMAIL',
  'FULL_TEXT_FETCH',
  'FULL_TEXT_CONCURRENCY',
  'PAGE_TIMEOUT_MS',
  'PAGE_MAX_BYTES',
]);
export type PipelineConfig = z.infer<typeof pipelineSettings>;

export const pipelineConfig = (env: Record<string, string | undefined> = process.env): PipelineConfig =>
  parseSettings(pipelineSettings, env);
