import type { Knex } from 'knex';

/** Which index version each engine last finished a full reindex at, so a start knows when to rebuild. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('search_index_state', (t) => {
    t.text('engine').primary();
    t.integer('version').notNullable();
    t.timestamp('reindexed_at', { useTz: true }).notNullable();
    t.integer('documents').notNullable();
  });
}

export async function down(): Promise<void> {}
