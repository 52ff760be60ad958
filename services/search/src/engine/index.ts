import fs from 'node:fs';
import type { Knex } from '@neuralbeat/common';
import type { SearchConfig } from '../config';
import type { SearchEngine } from './SearchEngine';
import { PostgresSearchEngine } from './postgresEngine';
import { MeilisearchEngine } from './meilisearchEngine';

/** The search service's Meilisearch key: MEILI_API_KEY, else the file the setup step wrote. */
function meiliKey(cfg: Pick<SearchConfig, 'MEILI_API_KEY' | 'MEILI_API_KEY_FILE'>): string | undefined {
  if (cfg.MEILI_API_KEY) return cfg.MEILI_API_KEY;
  return cfg.MEILI_API_KEY_FILE ? fs.readFileSync(cfg.MEILI_API_KEY_FILE, 'utf8').trim() : undefined;
}

/** Meilisearch when MEILI_HOST is set, Postgres full-text otherwise. */
export function createEngine(
  cfg: Pick<SearchConfig, 'MEILI_HOST' | 'MEILI_API_KEY' | 'MEILI_API_KEY_FILE' | 'REDIS_PREFIX'>,
  db: Knex,
): SearchEngine {
  return cfg.MEILI_HOST ? new MeilisearchEngine(cfg.MEILI_HOST, meiliKey(cfg), cfg.REDIS_PREFIX) : new PostgresSearchEngine(db);
}
