import type { Knex } from 'knex';

/** Public job lists show open jobs only, newest first: one index in that order over open jobs. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX jobs_created_at_idx');
  await knex.raw('CREATE INDEX jobs_open_created_at_idx ON jobs (created_at DESC, id DESC) WHERE closed_at IS NULL');
}

export async function down(): Promise<void> {}
