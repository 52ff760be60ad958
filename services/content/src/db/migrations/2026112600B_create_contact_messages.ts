import type { Knex } from 'knex';

/**
 * Messages sent from the Contact page and About's form: kept for the
 * operators' inbox and mailed to SITE_CONTACT_EMAIL by the pipeline, which
 * sets `delivered_at` (or `delivery_error` while it cannot).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_messages', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.text('subject').notNullable();
    t.text('message').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('delivered_at', { useTz: true }).nullable();
    t.text('delivery_error').nullable();
    t.timestamp('read_at', { useTz: true }).nullable();
  });
  // The inbox lists newest first.
  await knex.raw('CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC, id DESC)');
}

export async function down(): Promise<void> {}
