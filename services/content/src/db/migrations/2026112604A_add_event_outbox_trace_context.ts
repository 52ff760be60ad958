import type { Knex } from 'knex';

/**
 * The W3C trace context (traceparent, tracestate) of the request that wrote an
 * outbox event, so the relay publishes it in that trace (services/common/src/outbox.ts).
 * Null when tracing is off.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('event_outbox', (t) => {
    t.jsonb('trace_context').nullable();
  });
}

export async function down(): Promise<void> {}
