import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { createDb, type Knex } from '@neuralbeat/common';
import { migrateToLatest } from '../services/content/src/db/migrate';
import { seedEssentials } from '../services/content/src/db/seeds/essentials';
import { buildService, type ServiceName } from '../scripts/buildServices';
import { SERVICE_FLAGS } from '../scripts/memoryBudget';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A throwaway, migrated database for one benchmark run. */
export async function benchDatabase(): Promise<{ url: string; db: Knex; drop(): Promise<void> }> {
  const name = `nb_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = createDb(url.toString());
  await migrateToLatest(db);
  await seedEssentials(db);
  return {
    url: url.toString(),
    db,
    drop: async () => {
      await db.destroy();
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Starts a TypeScript entry point in its own process (so load generation does not share its CPU) and waits
 * up to `readyWithinMs` for `readyUrl`.
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  readyUrl: string,
  readyWithinMs = 20_000,
): Promise<ChildProcess> {
  return startNode(['--import', 'tsx', entry], env, readyUrl, readyWithinMs);
}

/** Compiles a service and runs it as `npm start` does (plain JavaScript, its heap limits), so its memory is production's. */
export async function startCompiledService(service: ServiceName, env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  await buildService(service);
  return startNode([...SERVICE_FLAGS[service], `services/${service}/dist/main.js`], env, readyUrl);
}

async function startNode(args: string[], env: Record<string, string>, readyUrl: string, readyWithinMs = 20_000): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', process.env.BENCH_SERVICE_LOGS ? 'inherit' : 'ignore', 'inherit'],
  });
  for (const began = Date.now(); Date.now() - began < readyWithinMs;) {
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${args.at(-1)} did not become ready at ${readyUrl}`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export const uniquePrefix = () => `nbbench-${randomBytes(4).toString('hex')}`;

/** A port nobody listens on right now, so parallel benchmark runs do not collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
