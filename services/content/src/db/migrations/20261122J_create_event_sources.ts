import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('event_sources', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.text('url');
    t.text('api_key');
    t.specificType('search_queries', 'text[]');
    t.specificType('search_locations', 'text[]');
    t.timestamp('last_checked', { useTz: true });
    t.timestamp('last_successful', { useTz: true });
    t.integer('check_interval_hours').notNullable().defaultTo(24);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.jsonb('config');
  });
}

export async function down(): Promise<void> {}
