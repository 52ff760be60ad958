import type { Knex } from 'knex';

/** What the last collection of a source found: items seen, added, updated, folded together, and how it ended. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('news_sources', (t) => {
    t.text('last_collection_status');
    t.integer('items_seen').notNullable().defaultTo(0);
    t.integer('items_added').notNullable().defaultTo(0);
    t.integer('items_updated').notNullable().defaultTo(0);
    t.integer('items_folded').notNullable().defaultTo(0);
  });
}

export async function down(): Promise<void> {}
