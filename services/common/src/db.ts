import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import knex, { type Knex } from 'knex';
import type { Logger } from 'pino';

export type { Knex };

export interface DbOptions {
  min?: number;
  max?: number;
  /** Session settings applied to every pooled connection when it opens (e.g. planner costs). */
  settings?: Record<string, string>;
  /**
   * Runs reads (SELECT and WITH ... SELECT) as named prepared statements, so
   * each connection parses them once and Postgres may keep a generic plan
   * instead of planning every request (planning costs a short indexed read
   * more than executing it). A read whose best plan depends on its values
   * opts out with `.options({ unprepared: true })` (see UNPREPARED).
   */
  preparedReads?: boolean;
}

/**
 * Distinct statement texts a process prepares at most; texts beyond it (a list
 * of new lengths, say) run unprepared. Each costs every pooled backend some
 * memory (tens of KB for a planned statement): content's public reads are a few dozen.
 */
const PREPARED_READS_LIMIT = 200;
const READ_STATEMENT = /^\s*(select|with)\b/i;
const WRITING_STATEMENT = /\b(insert|update|delete|for\s+update|for\s+share|for\s+no\s+key\s+update|nextval|setval)\b/i;

/**
 * Knex query options of a read that must be planned for its values every
 * time (with preparedReads). A generic plan cannot tell a LIKE pattern found
 * in most rows (best read in index order, stopping at the page) from a rare
 * one (best found through a trigram index).
 */
export const UNPREPARED = { unprepared: true } as const;

interface PgConnection {
  query(config: { text: string; values?: unknown[]; name?: string }, cb: (err: Error | null, res: unknown) => void): void;
  connection?: { parsedStatements?: Record<string, string> };
}
interface KnexQueryObject {
  sql?: string;
  options?: Record<string, unknown>;
}

/**
 * Gives every read statement a name from its text. A statement prepared
 * before a migration changed its result columns fails once with 0A000
 * ("cached plan must not change result type"): it is deallocated on that
 * connection and run again.
 */
function prepareReads(db: Knex): void {
  const names = new Map<string, string>();
  const nameOf = (sql: string): string | undefined => {
    let name = names.get(sql);
    if (name === undefined && names.size < PREPARED_READS_LIMIT && READ_STATEMENT.test(sql) && !WRITING_STATEMENT.test(sql)) {
      name = `nb_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
      names.set(sql, name);
    }
    return name;
  };
  const client = db.client as { _query(connection: PgConnection, obj: KnexQueryObject): Promise<unknown> };
  const run = client._query.bind(client);
  client._query = async (connection, obj) => {
    const name = obj.sql ? nameOf(obj.sql) : undefined;
    if (!name || obj.options?.name || obj.options?.unprepared) return run(connection, obj);
    const named = { ...obj, options: { ...obj.options, name } };
    try {
      return await run(connection, named);
    } catch (err) {
      if ((err as { code?: string }).code !== '0A000') throw err;
      await new Promise<void>((resolve, reject) => connection.query({ text: `DEALLOCATE ${name}` }, (e) => (e ? reject(e) : resolve())));
      delete connection.connection?.parsedStatements?.[name];
      return run(connection, named);
    }
  };
}

/**
 * A Knex instance on Postgres; timestamps come back as Date objects. With a
 * logger, Knex's own warnings (a lost connection, say) go to it as JSON lines
 * instead of the console.
 */
export function createDb(databaseUrl: string, options: DbOptions = {}, logger?: Logger): Knex {
  const settings = Object.entries(options.settings ?? {});
  const db = knex({
    client: 'pg',
    connection: databaseUrl,
    pool: {
      min: options.min ?? 0,
      max: options.max ?? 10,
      ...(settings.length && {
        afterCreate: (
          conn: { query(sql: string, cb: (err: Error | null) => void): void },
          done: (err: Error | null, conn: unknown) => void,
        ) => {
          conn.query(settings.map(([name, value]) => `SET ${name} = ${value}`).join('; '), (err) => done(err, conn));
        },
      }),
    },
    ...(logger
      ? {
          log: {
            warn: (message: unknown) => logger.warn({ knex: String(message) }, 'database client warning'),
            error: (message: unknown) => logger.error({ knex: String(message) }, 'database client error'),
            deprecate: (method: string, alternative: string) => logger.warn({ method, alternative }, 'knex deprecation'),
            debug: () => undefined,
          },
        }
      : {}),
  });
  if (options.preparedReads) prepareReads(db);
  return db;
}

/**
 * Knex migrations read from a folder holding either the TypeScript sources or
 * their compiled .js files. Each is recorded under its source name (`….ts`), so a
 * database migrated from the sources and one migrated by the compiled build agree.
 */
export function folderMigrations(dir: string): Knex.MigrationSource<string> {
  return {
    getMigrations: async () => (await fs.promises.readdir(dir)).filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts')).sort(),
    getMigrationName: (file) => file.replace(/\.js$/, '.ts'),
    getMigration: (file) => import(pathToFileURL(path.join(dir, file)).href),
  };
}
