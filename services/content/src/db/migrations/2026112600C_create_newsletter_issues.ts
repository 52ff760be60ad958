import type { Knex } from 'knex';

/**
 * Newsletter issues (the weekly digest): composed content and its rendering,
 * kept once per issue. `html` and `text_body` hold placeholders for the
 * per-subscriber links, so sending never renders again; the archive shows a
 * web version without them. draft → scheduled → sending → sent.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('newsletter_issues', (t) => {
    t.increments('id').primary();
    t.integer('number').notNullable().unique();
    t.text('slug').notNullable().unique();
    t.text('subject').notNullable();
    t.text('preheader').notNullable();
    t.text('intro').notNullable().defaultTo('');
    t.jsonb('content').notNullable();
    t.text('html').notNullable();
    t.text('text_body').notNullable();
    t.text('status').notNullable().defaultTo('draft');
    t.timestamp('scheduled_for', { useTz: true }).nullable();
    t.timestamp('sent_at', { useTz: true }).nullable();
    t.integer('recipient_count').nullable();
    // The subscriber id closing each send batch, fixed when sending starts so a start taken up again makes the same batches.
    t.specificType('batch_ends', 'integer[]').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE newsletter_issues ADD CONSTRAINT newsletter_issues_status_check
    CHECK (status IN ('draft', 'scheduled', 'sending', 'sent'))`);
  // The archive lists sent issues newest first.
  await knex.raw("CREATE INDEX newsletter_issues_sent_idx ON newsletter_issues (sent_at DESC, id DESC) WHERE status = 'sent'");
}

export async function down(): Promise<void> {}
