import type { Knex } from 'knex';

/**
 * The transactional outbox: domain events written in the same transaction as
 * the change they announce, published to the bus after the commit (see
 * services/common/src/outbox.ts). `published_at` is null until the bus took it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('event_outbox', (t) => {
    t.bigIncrements('id');
    t.uuid('event_id').notNullable().unique();
    t.text('name').notNullable();
    t.jsonb('payload').notNullable();
    t.text('request_id');
    // clock_timestamp, not now(): the relay's grace period counts from the write, not from the start of a long transaction.
    t.timestamp('occurred_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
    t.timestamp('published_at', { useTz: true });
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
  });
  // The relay reads only unsent rows, in order; the purge reads only sent ones by age.
  await knex.raw('CREATE INDEX event_outbox_unsent_idx ON event_outbox (id) WHERE published_at IS NULL');
  await knex.raw('CREATE INDEX event_outbox_sent_idx ON event_outbox (published_at) WHERE published_at IS NOT NULL');
}

export async function down(): Promise<void> {}
