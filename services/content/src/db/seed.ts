import { fileURLToPath } from 'node:url';
import { config, createDb, createLogger, type Knex } from '@neuralbeat/common';
import { seedEssentials } from './seeds/essentials';
import { seedDemoContent } from './seeds/demoContent';
import { ensureFirstAdmin } from '../services/operatorAccounts';

/** Idempotent: running it twice leaves the same rows. */
export async function seed(db: Knex): Promise<void> {
  await seedEssentials(db);
  await seedDemoContent(db);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const logger = createLogger('seed');
  const db = createDb(config().DATABASE_URL);
  seed(db)
    .then(() => ensureFirstAdmin(db, config()))
    .then(() => logger.info('seed complete'))
    .catch((err) => {
      logger.error({ err }, 'seed failed');
      process.exitCode = 1;
    })
    .finally(() => db.destroy());
}
