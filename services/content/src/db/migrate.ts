import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, createLogger, folderMigrations, parseSettings, settingsOf, type Knex } from '@neuralbeat/common';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Runs every pending migration (forward-only: `down` functions are empty by design). */
export async function migrateToLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource: folderMigrations(MIGRATIONS_DIR) })) as [number, string[]];
  return applied;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const logger = createLogger('migrate');
  const db = createDb(parseSettings(settingsOf(['DATABASE_URL'])).DATABASE_URL);
  migrateToLatest(db)
    .then((applied) => logger.info({ applied }, applied.length ? 'migrations applied' : 'schema up to date'))
    .catch((err) => {
      logger.error({ err }, 'migration failed');
      process.exitCode = 1;
    })
    .finally(() => db.destroy());
}
