import type { Knex } from 'knex';

/** Operator review of submitted tools: who decided, when, and a rejection that keeps the submission on record. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tools', (t) => {
    t.timestamp('reviewed_at', { useTz: true });
    t.integer('reviewed_by_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('rejected_at', { useTz: true });
    t.text('rejection_reason');
  });
  // The review queue: unapproved, unrejected submissions, oldest first.
  await knex.raw('CREATE INDEX tools_review_queue_idx ON tools (created_at) WHERE NOT approved AND rejected_at IS NULL');
}

export async function down(): Promise<void> {}
