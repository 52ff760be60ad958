import knex, { type Knex } from 'knex';

export type { Knex };

export interface DbOptions {
  min?: number;
  max?: number;
  /** Session settings applied to every pooled connection when it opens (e.g. planner costs). */
  settings?: Record<string, string>;
}

/** A Knex instance on Postgres; timestamps come back as Date objects. */
export function createDb(databaseUrl: string, options: DbOptions = {}): Knex {
  const settings = Object.entries(options.settings ?? {});
  return knex({
    client: 'pg',
    connection: databaseUrl,
    pool: {
      min: options.min ?? 0,
      max: options.max ?? 10,
      ...(settings.length && {
        afterCreate: (conn: { query(sql: string, cb: (err: Error | null) => void): void }, done: (err: Error | null, conn: unknown) => void) => {
          conn.query(settings.map(([name, value]) => `SET ${name} = ${value}`).join('; '), (err) => done(err, conn));
        },
      }),
    },
  });
}
