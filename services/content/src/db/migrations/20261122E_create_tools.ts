import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tools', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.text('slug').notNullable().unique();
    t.text('description').notNullable();
    t.text('short_description').notNullable();
    t.text('website_url').notNullable();
    t.text('category').notNullable();
    t.text('logo_url');
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.specificType('features', 'text[]').notNullable().defaultTo('{}');
    t.text('pricing');
    t.integer('submitted_by_id').references('id').inTable('users').onDelete('SET NULL');
    t.boolean('approved').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX tools_approved_category_idx ON tools (approved, category, name)');
  await knex.raw('CREATE INDEX tools_tags_gin_idx ON tools USING GIN (tags)');
}

export async function down(): Promise<void> {}
