import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('system_config', (t) => {
    t.text('key').primary();
    t.text('value');
  });
  await knex.schema.createTable('tag_mapping', (t) => {
    t.text('original_tag').primary();
    t.text('standardized_tag').notNullable();
  });
}

export async function down(): Promise<void> {}
