import { fileURLToPath } from 'node:url';
import { createDb, createLogger, parseSettings, settingsOf, type Knex } from '@neuralbeat/common';
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
  const cfg = parseSettings(settingsOf(['DATABASE_URL', 'SITE_URL', 'ADMIN_USERNAME', 'ADMIN_PASSWORD']));
  const db = createDb(cfg.DATABASE_URL);
  seed(db)
    .then(() => ensureFirstAdmin(db, cfg))
    .then(() => logger.info('seed complete'))
    .catch((err) => {
      logger.error({ err }, 'seed failed');
      process.exitCode = 1;
    })
    .finally(() => db.destroy());
}
