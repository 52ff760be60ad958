import type { Knex } from 'knex';

/**
 * Operators can take a learning resource or a job off the site without deleting
 * it, as events already can (`published`). Existing rows stay listed. The public
 * lists' indexes become partial on it, like the directory's on `approved`, so
 * each list is still read in order and stops at its limit.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('resources', (t) => t.boolean('published').notNullable().defaultTo(true));
  await knex.schema.alterTable('jobs', (t) => t.boolean('published').notNullable().defaultTo(true));

  await knex.raw('DROP INDEX resources_published_idx');
  await knex.raw('CREATE INDEX resources_published_idx ON resources (published_at DESC, id DESC) WHERE published');
  await knex.raw('DROP INDEX resources_category_idx');
  await knex.raw('CREATE INDEX resources_category_idx ON resources (category, published_at DESC, id DESC) WHERE published');
  // Jobs listed are published and open (closed_at: their board no longer lists them, or they grew old).
  await knex.raw('DROP INDEX jobs_open_created_at_idx');
  await knex.raw('CREATE INDEX jobs_open_created_at_idx ON jobs (created_at DESC, id DESC) WHERE published AND closed_at IS NULL');
}

export async function down(): Promise<void> {}
