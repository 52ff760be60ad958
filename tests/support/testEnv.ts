import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { Redis } from 'ioredis';
import { createDb, parseConfig, type Config, type Knex } from '@neuralbeat/common';

export interface TestDatabase {
  url: string;
  db: Knex;
  drop(): Promise<void>;
}

/** A fresh, migrated database cloned from the run's template; dropped by `drop()` (and at the end of the run). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `nb_test_${inject('runId')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), { max: 5 });
  return {
    url: url.toString(),
    db,
    drop: async () => {
      await db.destroy();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A Redis key prefix of this run, unique to the caller; all keys under it are removed at the end of the run. */
export function testRedisPrefix(): string {
  return `nbt-${inject('runId')}-${randomBytes(4).toString('hex')}`;
}

export function testRedis(): Redis {
  return new Redis(inject('redisUrl'), { maxRetriesPerRequest: null });
}

/** Config for services under test: the test database, a private Redis prefix, free ports. */
export function testConfig(databaseUrl: string, overrides: Record<string, string> = {}): Config {
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: databaseUrl,
    REDIS_URL: inject('redisUrl'),
    REDIS_PREFIX: testRedisPrefix(),
    CONTENT_PORT: '0',
    SEARCH_PORT: '0',
    PIPELINE_PORT: '0',
    GATEWAY_PORT: '0',
    GATEWAY_METRICS_PORT: '0',
    PUBLIC_POST_RATE_LIMIT: '10000',
    API_READ_RATE_LIMIT: '100000',
    SEARCH_RATE_LIMIT: '100000',
    CONTENT_CACHE_SECONDS: '0',
    DEMO_FEEDS: 'false',
    // Without SMTP_URL the pipeline runs its mail catcher: on a free port, so systems started at once never collide.
    MAIL_CATCHER_PORT: '0',
    ...overrides,
  });
}
