import type { Knex } from 'knex';

/**
 * One row per issue and subscriber: what makes sending exactly once. Rows are
 * created when sending starts; a row is `sent` only once the SMTP server is
 * about to accept the message (see services/pipeline/src/newsletter/deliver.ts).
 * A deleted subscriber's rows go with them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('newsletter_deliveries', (t) => {
    t.integer('issue_id').notNullable().references('id').inTable('newsletter_issues').onDelete('CASCADE');
    t.integer('subscriber_id').notNullable().references('id').inTable('newsletters').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error').nullable();
    t.timestamp('sent_at', { useTz: true }).nullable();
    // The run (batch job attempt) that claimed the row last: only it may mark the row, so two runs of one batch
    // (a job taken up again while its first worker still lives) never both send a copy.
    t.text('claim').nullable();
    t.primary(['issue_id', 'subscriber_id']);
  });
  await knex.raw(`ALTER TABLE newsletter_deliveries ADD CONSTRAINT newsletter_deliveries_status_check
    CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'bounced'))`);
  await knex.raw('CREATE INDEX newsletter_deliveries_issue_status_idx ON newsletter_deliveries (issue_id, status)');
  // A subscriber's export and deletion find their rows without scanning every issue.
  await knex.raw('CREATE INDEX newsletter_deliveries_subscriber_idx ON newsletter_deliveries (subscriber_id)');
}

export async function down(): Promise<void> {}
