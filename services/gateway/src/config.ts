import type { z } from 'zod';
import { parseSettings, settingsOf } from '@neuralbeat/common';

/** The settings the gateway service reads: its pick of the catalogue in services/common/src/config.ts, parsed once at start. */
export const gatewaySettings = settingsOf([
  'NODE_ENV',
  'LOG_LEVEL',
  'SHUTDOWN_DELAY_MS',
  'SHUTDOWN_TIMEOUT_MS',
  'LISTEN_HOST',
  'METRICS_ENABLED',
  'GATEWAY_METRICS_PORT',
  'GATEWAY_PORT',
  'CONTENT_URL',
  'SEARCH_URL',
  'PIPELINE_URL',
  'WEB_DIST',
  'REDIS_URL',
  'REDIS_PREFIX',
  'GATEWAY_TRUSTED_PROXIES',
  'REQUEST_BODY_TIMEOUT_MS',
  'IMAGE_PROXY_PRIVATE_ADDRESSES',
  'SITE_URL',
  'SITE_CONTACT_EMAIL',
  'SOCIAL_FACEBOOK_URL',
  'SOCIAL_X_URL',
  'SOCIAL_INSTAGRAM_URL',
  'SOCIAL_LINKEDIN_URL',
]);
export type GatewayConfig = z.infer<typeof gatewaySettings>;

export const gatewayConfig = (env: Record<string, string | undefined> = process.env): GatewayConfig => parseSettings(gatewaySettings, env);
