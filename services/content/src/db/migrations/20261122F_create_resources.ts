import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('resources', (t) => {
    t.increments('id');
    t.text('title').notNullable();
    t.text('slug').notNullable().unique();
    t.text('content').notNullable();
    t.text('summary').notNullable();
    t.text('category').notNullable();
    t.text('difficulty_level').notNullable();
    t.text('image_url');
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.timestamp('published_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('author_id').references('id').inTable('users').onDelete('SET NULL');
    t.check("difficulty_level IN ('Beginner', 'Intermediate', 'Advanced')", [], 'resources_difficulty_level_check');
  });
  await knex.raw('CREATE INDEX resources_category_idx ON resources (category, published_at DESC)');
}

export async function down(): Promise<void> {}
