import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('events', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.text('description').notNullable();
    t.text('slug').notNullable().unique();
    t.text('location').notNullable();
    t.timestamp('start_date', { useTz: true }).notNullable();
    t.timestamp('end_date', { useTz: true });
    t.text('event_type').notNullable();
    t.text('url');
    t.text('image_url');
    t.text('organizer');
    t.text('registration_url');
    t.text('price');
    t.boolean('virtual').notNullable().defaultTo(false);
    t.text('timezone');
    t.boolean('recurring').notNullable().defaultTo(false);
    t.text('recurrence_pattern');
    t.specificType('speakers', 'text[]');
    t.specificType('topics', 'text[]');
    t.specificType('tags', 'text[]');
    t.integer('ai_relevance_score').notNullable().defaultTo(50);
    t.text('source_name');
    t.text('source_id');
    t.text('source_url');
    t.boolean('published').notNullable().defaultTo(true);
    t.text('processing_status').notNullable().defaultTo('completed');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX events_published_start_idx ON events (published, start_date)');
}

export async function down(): Promise<void> {}
