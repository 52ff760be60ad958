/**
 * `npm start`, first half: checks Postgres and Redis, creates the database if
 * needed, migrates, seeds, builds the web app (when its sources changed) and
 * compiles the services to JavaScript. The start script then runs the compiled
 * supervisor (scripts/supervise.ts), which keeps the four services running on
 * plain Node with prefixed logs. Ctrl-C stops them all.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';
import { ConfigError, clearRedisPrefix, createDb, createRedis, parseConfig, sessionStoreFor, type Config } from '@neuralbeat/common';
import { migrateToLatest } from '../services/content/src/db/migrate';
import { seedWithEvents } from '../services/content/src/db/seed';
import { buildServices, buildSupervisor } from './buildServices';
import { writeSupervisorSettings } from './supervisorSettings';
import { ensureFirstAdmin } from '../services/content/src/services/operatorAccounts';
import { describeSmtpUrl } from '../services/common/src/mail/transport';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The newest modification time of the files under `p`. */
function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newestMtime(path.join(p, f))));
}

/** True when web/dist was built after every file the web build reads last changed. */
function webBuildIsCurrent(dir: string): boolean {
  const built = newestMtime(path.join(dir, 'web/dist/index.html'));
  const inputs = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'services/common/src/contracts'];
  return built > 0 && inputs.every((p) => newestMtime(path.join(dir, p)) < built);
}

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

async function reachable(): Promise<{ pg: string | null; redis: string | null; created: boolean }> {
  const admin = new URL(cfg.DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  let pgError: string | null = null;
  let created = false;
  try {
    await client.connect();
    const db = new URL(cfg.DATABASE_URL).pathname.slice(1);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [db]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${db.replace(/"/g, '')}"`);
      created = true;
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
  return { pg: pgError, redis: redisError, created };
}

const problems = await reachable();
if (problems.pg || problems.redis) {
  const missing = [
    problems.pg && `PostgreSQL at ${cfg.DATABASE_URL} (${problems.pg})`,
    problems.redis && `Redis at ${cfg.REDIS_URL} (${problems.redis})`,
  ].filter(Boolean);
  fail(
    `NeuralBeat needs ${missing.join(' and ')}, which did not answer. Start them and run ./start again: on Debian or Ubuntu, ` +
      `"pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start" starts PostgreSQL and ` +
      `"redis-server --daemonize yes --bind 127.0.0.1 --port 6379" starts Redis; or point DATABASE_URL and REDIS_URL at servers you have. ` +
      `With Docker, "docker compose up" runs the whole system, databases included, instead.`,
  );
}

const db = createDb(cfg.DATABASE_URL);
const redis = createRedis(cfg.REDIS_URL);
try {
  // A new database: what Redis holds under the prefix (jobs, schedules, sessions) was a former database's.
  if (problems.created) {
    const cleared = await clearRedisPrefix(redis, cfg.REDIS_PREFIX);
    if (cleared) console.log(`Cleared ${cleared} Redis keys under "${cfg.REDIS_PREFIX}:" left by an earlier database.`);
  }
  await db.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied ${applied.length} migrations.` : 'Schema up to date.');
  await seedWithEvents(db, cfg);
  console.log('Seed data in place.');
  await ensureFirstAdmin(db, cfg, console.log, sessionStoreFor(redis, cfg));
} finally {
  await db.destroy();
  redis.disconnect();
}

if (webBuildIsCurrent(root)) {
  console.log('Web app build is up to date.');
} else {
  console.log('Building the web app...');
  execFileSync('npm', ['run', 'build', '-w', 'web', '--silent', '--', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}

const started = performance.now();
await Promise.all([buildServices(), buildSupervisor()]);
writeSupervisorSettings(root, {
  readyUrl: `http://127.0.0.1:${cfg.GATEWAY_PORT}/readyz`,
  siteUrl: cfg.SITE_URL,
  webDist: path.resolve(root, cfg.WEB_DIST),
});
console.log(`Compiled the services in ${Math.round(performance.now() - started)} ms; starting them.`);
console.log(
  cfg.SMTP_URL
    ? `Mail goes to ${describeSmtpUrl(cfg.SMTP_URL)} (SMTP_URL).`
    : `No SMTP_URL: the pipeline catches mail locally (SMTP on 127.0.0.1:${cfg.MAIL_CATCHER_PORT}); read it at ${cfg.SITE_URL.replace(/\/+$/, '')}/admin/mail`,
);
// The start command (./start) now execs the compiled supervisor (dist/supervise.js) in its shell's place.
