import { randomBytes } from 'node:crypto';
import 'vitest';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { Redis } from 'ioredis';
import { createDb } from '@neuralbeat/common';
import { migrateToLatest } from '../../services/content/src/db/migrate';
import { seedEssentials } from '../../services/content/src/db/seeds/essentials';
import { startContainersIfNeeded } from './containers';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
    redisUrl: string;
    runId: string;
  }
}

/**
 * Once per run: find Postgres and Redis (local first, testcontainers only as a
 * fallback), create a migrated template database that each test file clones,
 * and drop everything the run created when it ends.
 */
export default async function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const { databaseUrl, redisUrl, stop } = await startContainersIfNeeded(
    process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  );
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const adminUrl = admin.toString();
  const template = `nb_test_${runId}_template`;

  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE "${template}"`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  const db = createDb(templateUrl.toString());
  try {
    await db.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await migrateToLatest(db);
    await seedEssentials(db);
  } finally {
    await db.destroy();
  }

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);
  project.provide('redisUrl', redisUrl);
  project.provide('runId', runId);

  return async () => {
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `nb_test_${runId}_%`,
    ]);
    for (const { datname } of rows) {
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    await client.end();
    const redis = new Redis(redisUrl);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `nbt-${runId}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.unlink(...keys);
    } while (cursor !== '0');
    redis.disconnect();
    await stop();
  };
}
