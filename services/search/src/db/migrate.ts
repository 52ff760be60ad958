import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { folderMigrations, type Knex } from '@neuralbeat/common';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The search service's own tables, tracked apart from the content schema. */
export async function migrateSearch(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource: folderMigrations(MIGRATIONS_DIR), tableName: 'search_migrations' });
}
