import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import knex, { type Knex } from 'knex';

export type { Knex };

/** A Knex instance on Postgres; timestamps come back as Date objects. */
export function createDb(databaseUrl: string, pool: { min?: number; max?: number } = {}): Knex {
  return knex({
    client: 'pg',
    connection: databaseUrl,
    pool: { min: pool.min ?? 0, max: pool.max ?? 10 },
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
