import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import knex, { type Knex } from 'knex';
import type { Logger } from 'pino';

export type { Knex };

export interface DbOptions {
  min?: number;
  max?: number;
  /** Session settings applied to every pooled connection when it opens (e.g. planner costs). */
  settings?: Record<string, string>;
}

/**
 * A Knex instance on Postgres; timestamps come back as Date objects. With a
 * logger, Knex's own warnings (a lost connection, say) go to it as JSON lines
 * instead of the console.
 */
export function createDb(databaseUrl: string, options: DbOptions = {}, logger?: Logger): Knex {
  const settings = Object.entries(options.settings ?? {});
  return knex({
    client: 'pg',
    connection: databaseUrl,
    pool: {
      min: options.min ?? 0,
      max: options.max ?? 10,
      ...(settings.length && {
        afterCreate: (conn: { query(sql: string, cb: (err: Error | null) => void): void }, done: (err: Error | null, conn: unknown) => void) => {
          conn.query(settings.map(([name, value]) => `SET ${name} = ${value}`).join('; '), (err) => done(err, conn));
        },
      }),
    },
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
