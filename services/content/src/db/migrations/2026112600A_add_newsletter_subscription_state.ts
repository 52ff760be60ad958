import type { Knex } from 'knex';

/**
 * Double opt-in and unsubscribe state of newsletter subscribers. Rows stored
 * before stay `pending`: they never confirmed, so they get no issue until they
 * do. `token_nonce` is signed into each unsubscribe link (services/common/src/
 * mail/tokens.ts): random per row, so a deleted and re-created address gets
 * new links and the old ones stop working.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('newsletters', (t) => {
    t.text('status').notNullable().defaultTo('pending');
    // gen_random_uuid is built into Postgres 13+: 122 random bits without pgcrypto.
    t.text('token_nonce').notNullable().defaultTo(knex.raw("replace(gen_random_uuid()::text, '-', '')"));
    t.timestamp('confirmation_sent_at', { useTz: true }).nullable();
    t.timestamp('confirmed_at', { useTz: true }).nullable();
    t.timestamp('unsubscribed_at', { useTz: true }).nullable();
    t.timestamp('suppressed_at', { useTz: true }).nullable();
    t.text('suppressed_reason').nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE newsletters ADD CONSTRAINT newsletters_status_check
    CHECK (status IN ('pending', 'confirmed', 'unsubscribed', 'bounced', 'complained'))`);
  // Issues go to confirmed rows in id order (send batches); the sweep finds old pending ones.
  await knex.raw('CREATE INDEX newsletters_status_id_idx ON newsletters (status, id)');
}

export async function down(): Promise<void> {}
