import type { Config, Knex } from '@neuralbeat/common';
import type { SearchEngine } from './SearchEngine';
import { PostgresSearchEngine } from './postgresEngine';
import { MeilisearchEngine } from './meilisearchEngine';

/** Meilisearch when MEILI_HOST is set, Postgres full-text otherwise. */
export function createEngine(cfg: Pick<Config, 'MEILI_HOST' | 'MEILI_API_KEY' | 'REDIS_PREFIX'>, db: Knex): SearchEngine {
  return cfg.MEILI_HOST ? new MeilisearchEngine(cfg.MEILI_HOST, cfg.MEILI_API_KEY, cfg.REDIS_PREFIX) : new PostgresSearchEngine(db);
}
