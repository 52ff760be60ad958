import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('news_sources', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.text('feed_url').notNullable().unique();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.text('etag');
    t.text('last_modified');
    t.timestamp('last_fetched_at', { useTz: true });
    t.timestamp('last_success_at', { useTz: true });
    t.text('last_error');
    t.integer('consecutive_failures').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(): Promise<void> {}
