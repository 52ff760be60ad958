import knex, { type Knex } from 'knex';

export type { Knex };

/** A Knex instance on Postgres; timestamps come back as Date objects. */
export function createDb(databaseUrl: string, pool: { min?: number; max?: number } = {}): Knex {
  return knex({
    client: 'pg',
    connection: databaseUrl,
    pool: { min: pool.min ?? 0, max: pool.max ?? 10 },
  });
}
