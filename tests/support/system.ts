import { inject } from 'vitest';
import type { Config, Logger, RunningServer } from '@neuralbeat/common';
import { startContent } from '../../services/content/src/server';
import { startSearch } from '../../services/search/src/server';
import { startPipeline } from '../../services/pipeline/src/server';
import { startGateway } from '../../services/gateway/src/server';
import { createTestDatabase, testConfig, type TestDatabase } from './testEnv';

export interface RunningSystem {
  /** The gateway's origin, e.g. http://127.0.0.1:41234 */
  url: string;
  config: Config;
  database: TestDatabase;
  services: Record<'content' | 'search' | 'pipeline' | 'gateway', RunningServer>;
  stop(): Promise<void>;
}

/**
 * Starts the four services in this process on free ports, against a fresh
 * database and Redis prefix, exactly as main.ts wires them.
 */
export async function startSystem(
  overrides: Record<string, string> = {},
  /** Each service's logger (a test that reads what is logged); by default each makes its own. */
  loggerFor?: (service: 'content' | 'search' | 'pipeline' | 'gateway') => Logger,
): Promise<RunningSystem> {
  const database = await createTestDatabase();
  // Browser runs provide their own build of the SPA; API-only runs serve whatever web/dist holds.
  const webDist = inject('webDist');
  const base = testConfig(database.url, { ...(webDist ? { WEB_DIST: webDist } : {}), ...overrides });
  const content = await startContent(base, loggerFor?.('content'));
  const withContent = { ...base, CONTENT_URL: content.url };
  const search = await startSearch(withContent, loggerFor?.('search'));
  const withSearch: Config = { ...withContent, SEARCH_URL: search.url };
  const pipeline = await startPipeline(withSearch, loggerFor?.('pipeline'));
  const config: Config = { ...withSearch, PIPELINE_URL: pipeline.url };
  const gateway = await startGateway(config, loggerFor?.('gateway'));
  return {
    url: gateway.url,
    config: { ...config, SITE_URL: overrides.SITE_URL ?? config.SITE_URL },
    database,
    services: { content, search, pipeline, gateway },
    stop: async () => {
      await gateway.close();
      await pipeline.close();
      await search.close();
      await content.close();
      await database.drop();
    },
  };
}
