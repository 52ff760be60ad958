import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';

/**
 * Redis servers and Postgres clusters of a test's own, on free ports in
 * temporary folders, for fault tests that stop and kill them. The shared
 * servers on 5432/6379 are never touched.
 */

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls `check` until it returns true (or throws `message` after `ms`). */
export async function waitFor(check: () => Promise<boolean> | boolean, message: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > end) throw new Error(`Timed out waiting: ${message}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

export interface ThrowawayRedis {
  url: string;
  port: number;
  /** Starts it again on the same port (empty: it keeps nothing on disk). */
  start(): Promise<void>;
  /** SIGKILL: a crash, losing everything in memory. */
  kill(): Promise<void>;
  /** Stops it for good and removes its folder. */
  remove(): Promise<void>;
}

export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-redis-'));
  let child: ChildProcess | undefined;
  const ping = async () => {
    const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } finally {
      client.disconnect();
    }
  };
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      stdio: 'ignore',
    });
    await waitFor(ping, `redis-server on port ${port}`);
  };
  const kill = async () => {
    if (!child) return;
    child.kill('SIGKILL');
    await exited(child);
    child = undefined;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    kill,
    remove: async () => {
      await kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ThrowawayPostgres {
  /** Admin URL (database `postgres`). */
  url: string;
  port: number;
  /** A URL of another database on this cluster. */
  urlOf(database: string): string;
  createDatabase(name: string): Promise<string>;
  /** Immediate shutdown: like a crash, open connections are cut. */
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

/**
 * A Postgres cluster of its own (initdb into a temporary folder). initdb and
 * pg_ctl refuse to run as root, so as root they run as the `postgres` user.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const run = (cmd: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : cmd, asRoot ? ['-u', 'postgres', '--', cmd, ...args] : args, { stdio: 'ignore' });
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = async () => {
    run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  };
  const stop = async () => {
    run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  };
  await start();
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url: urlOf('postgres'),
    port,
    urlOf,
    createDatabase: async (name) => {
      const client = new pg.Client({ connectionString: urlOf('postgres') });
      await client.connect();
      await client.query(`CREATE DATABASE "${name}"`);
      await client.end();
      return urlOf(name);
    },
    stop,
    start,
    remove: async () => {
      try {
        await stop();
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
