/**
 * `npm start`: checks Postgres and Redis, creates the database if needed,
 * migrates, seeds, builds the web app, then runs the four services under one
 * supervisor with prefixed logs. Ctrl-C stops them all.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';
import concurrently from 'concurrently';
import { ConfigError, createDb, parseConfig, type Config } from '@neuralbeat/common';
import { migrateToLatest } from '../services/content/src/db/migrate';
import { seedWithEvents } from '../services/content/src/db/seed';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

// A local .env, when present, fills in what the shell did not set.
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

let cfg: Config;
try {
  cfg = parseConfig();
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}

async function reachable(): Promise<{ pg: string | null; redis: string | null }> {
  const admin = new URL(cfg.DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  let pgError: string | null = null;
  try {
    await client.connect();
    const db = new URL(cfg.DATABASE_URL).pathname.slice(1);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [db]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${db.replace(/"/g, '')}"`);
      console.log(`Created database ${db}.`);
    }
  } catch (err) {
    pgError = (err as Error).message || String(err);
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(cfg.REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let redisError: string | null = null;
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redisError = (err as Error).message || String(err);
  } finally {
    redis.disconnect();
  }
  return { pg: pgError, redis: redisError };
}

const problems = await reachable();
if (problems.pg || problems.redis) {
  const missing = [
    problems.pg && `PostgreSQL at ${cfg.DATABASE_URL} (${problems.pg})`,
    problems.redis && `Redis at ${cfg.REDIS_URL} (${problems.redis})`,
  ].filter(Boolean);
  fail(
    `NeuralBeat needs ${missing.join(' and ')}, which did not answer. Start them and run npm start again: on Debian or Ubuntu, ` +
      `"pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start" starts PostgreSQL and ` +
      `"redis-server --daemonize yes --bind 127.0.0.1 --port 6379" starts Redis; or point DATABASE_URL and REDIS_URL at servers you have. ` +
      `With Docker, "docker compose up" runs the whole system, databases included, instead.`,
  );
}

const db = createDb(cfg.DATABASE_URL);
try {
  await db.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied ${applied.length} migrations.` : 'Schema up to date.');
  await seedWithEvents(db, cfg);
  console.log('Seed data in place.');
} finally {
  await db.destroy();
}

console.log('Building the web app...');
execFileSync('npm', ['run', 'build', '-w', 'web', '--silent', '--', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });

const service = (name: string, color: string) => ({
  name,
  command: `npm run start --silent -w services/${name}`,
  prefixColor: color,
  env: { WEB_DIST: path.join(root, 'web/dist') },
});
const { result, commands } = concurrently(
  [service('content', 'blue'), service('search', 'magenta'), service('pipeline', 'yellow'), service('gateway', 'green')],
  { prefix: 'name', killOthersOn: ['failure'], cwd: root, handleInput: false },
);

async function waitForGateway() {
  const url = `http://127.0.0.1:${cfg.GATEWAY_PORT}/readyz`;
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

if (await waitForGateway()) {
  console.log(`\n  NeuralBeat is running at ${cfg.SITE_URL}  (Ctrl-C stops everything)\n`);
}

const stopAll = () => commands.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
await result.then(
  () => process.exit(0),
  () => process.exit(process.exitCode ?? 0),
);
