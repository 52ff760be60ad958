import type { z } from 'zod';
import { parseSettings, settingsOf } from '@neuralbeat/common';

/** The settings the search service reads: its pick of the catalogue in services/common/src/config.ts, parsed once at start. */
export const searchSettings = settingsOf([
  'NODE_ENV',
  'LOG_LEVEL',
  'SHUTDOWN_DELAY_MS',
  'SHUTDOWN_TIMEOUT_MS',
  'LISTEN_HOST',
  'METRICS_ENABLED',
  'SEARCH_PORT',
  'DATABASE_URL',
  'REDIS_URL',
  'REDIS_PREFIX',
  'CONTENT_URL',
  'MEILI_HOST',
  'MEILI_API_KEY',
  'MEILI_API_KEY_FILE',
  'SEARCH_RATE_LIMIT',
  'SERVICE_TRUSTED_PROXIES',
  'SEARCH_CACHE_SECONDS',
]);
export type SearchConfig = z.infer<typeof searchSettings>;

export const searchConfig = (env: Record<string, string | undefined> = process.env): SearchConfig => parseSettings(searchSettings, env);
