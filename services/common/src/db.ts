import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import knex, { type Knex } from 'knex';
import type { Logger } from 'pino';

export type { Knex };

/**
 * A Knex instance on Postgres; timestamps come back as Date objects. With a
 * logger, Knex's own warnings (a lost connection, say) go to it as JSON lines
 * instead of the console.
 */
export function createDb(databaseUrl: string, pool: { min?: number; max?: number } = {}, logger?: Logger): Knex {
  return knex({
    client: 'pg',
    connection: databaseUrl,
    pool: { min: pool.min ?? 0, max: pool.max ?? 10 },
    ...(logger
      ? {
          log: {
            warn: (message: unknown) => logger.warn({ knex: String(message) }, 'database client warning'),
            error: (message: unknown) => logger.error({ knex: String(message) }, 'database client error'),
            deprecate: (method: string, alternative: string) => logger.warn({ method, alternative }, 'knex deprecation'),
            debug: () => undefined,
          },
        }
      : {}),
  });
}

/**
 * Knex migrations read from a folder holding either the TypeScript sources or
 * their compiled .js files. Each is recorded under its source name (`….ts`), so a
 * database migrated from the sources and one migrated by the compiled build agree.
 */
export function folderMigrations(dir: string): Knex.MigrationSource<string> {
  return {
    getMigrations: async () => (await fs.promises.readdir(dir)).filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts')).sort(),
    getMigrationName: (file) => file.replace(/\.js$/, '.ts'),
    getMigration: (file) => import(pathToFileURL(path.join(dir, file)).href),
  };
}
