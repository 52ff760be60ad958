import type { Knex } from 'knex';

/**
 * The columns of a collected event or job an operator changed through the admin API:
 * later collections leave them as the operator set them, so a correction lasts.
 */
export async function up(knex: Knex): Promise<void> {
  for (const table of ['events', 'jobs'])
    await knex.schema.alterTable(table, (t) => {
      t.specificType('operator_edited_fields', 'text[]').notNullable().defaultTo('{}');
    });
}

export async function down(): Promise<void> {}
