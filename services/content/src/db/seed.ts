import { fileURLToPath } from 'node:url';
import {
  createDb,
  createLogger,
  createRedis,
  EventBus,
  parseSettings,
  sessionStoreFor,
  settingsOf,
  type Config,
  type Knex,
} from '@neuralbeat/common';
import { seedEssentials } from './seeds/essentials';
import { seedDemoContent } from './seeds/demoContent';
import { ensureFirstAdmin } from '../services/operatorAccounts';

/** Idempotent: running it twice leaves the same rows. The rows it adds are announced on `bus`. */
export async function seed(db: Knex, bus: Pick<EventBus, 'publish'>): Promise<void> {
  await seedEssentials(db);
  await seedDemoContent(db, bus);
}

/** Seeds with events published on the system's own bus (`npm run seed`, `npm start`). */
export async function seedWithEvents(db: Knex, cfg: Pick<Config, 'REDIS_URL' | 'REDIS_PREFIX'>): Promise<void> {
  const redis = createRedis(cfg.REDIS_URL);
  const bus = new EventBus({ connection: redis, prefix: cfg.REDIS_PREFIX });
  try {
    await seed(db, bus);
  } finally {
    await bus.close();
    redis.disconnect();
  }
}

/** The settings `npm run seed` reads. */
export const seedSettings = settingsOf([
  'DATABASE_URL',
  'REDIS_URL',
  'REDIS_PREFIX',
  'SITE_URL',
  'ADMIN_USERNAME',
  'ADMIN_PASSWORD',
  'ADMIN_SESSION_HOURS',
]);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const logger = createLogger('seed');
  const cfg = parseSettings(seedSettings);
  const db = createDb(cfg.DATABASE_URL);
  const redis = createRedis(cfg.REDIS_URL);
  seedWithEvents(db, cfg)
    .then(() => ensureFirstAdmin(db, cfg, console.log, sessionStoreFor(redis, cfg)))
    .then(() => logger.info('seed complete'))
    .catch((err) => {
      logger.error({ err }, 'seed failed');
      process.exitCode = 1;
    })
    .finally(() => {
      redis.disconnect();
      return db.destroy();
    });
}
