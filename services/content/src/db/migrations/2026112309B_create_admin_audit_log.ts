import type { Knex } from 'knex';

/** What operators changed: who, when, which action with which parameters, and how many rows it touched. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_audit_log', (t) => {
    t.bigIncrements('id');
    t.integer('actor_id').references('id').inTable('users').onDelete('SET NULL');
    // Kept as text too, so the record survives the account.
    t.text('actor_username').notNullable();
    t.text('action').notNullable();
    t.jsonb('params').notNullable().defaultTo('{}');
    t.integer('affected_count').notNullable();
    t.specificType('affected_ids', 'integer[]').notNullable().defaultTo('{}');
    t.text('request_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX admin_audit_log_created_at_idx ON admin_audit_log (created_at DESC, id DESC)');
}

export async function down(): Promise<void> {}
