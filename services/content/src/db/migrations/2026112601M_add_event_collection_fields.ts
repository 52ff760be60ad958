import type { Knex } from 'knex';

/**
 * Events collected from sources (iCalendar, event feeds, Event JSON-LD pages):
 * - `event_source_items` maps each source's item (its UID, plus the occurrence
 *   for an expanded recurrence) to the one event it is, so collecting again
 *   updates that event and the same event from a second source joins it;
 * - the relevance score's reasons, for the console;
 * - `event_status` (scheduled or cancelled) for the Event data's eventStatus, and `all_day`
 *   (a date without a time: calendars get a DATE value back, not midnight UTC);
 * - `published_by`: `relevance` while the score decides publication, `operator`
 *   once someone chose, so a later collection never undoes an operator's choice;
 * - `first_collected_at` on sources: events that ended 30 days before it are never imported.
 * A functional index finds an event by name and start day for the cross-source match.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.jsonb('ai_relevance_reasons').notNullable().defaultTo(knex.raw("'[]'::jsonb"));
    t.text('event_status').notNullable().defaultTo('scheduled');
    t.text('published_by').notNullable().defaultTo('operator');
    t.boolean('all_day').notNullable().defaultTo(false);
    t.check("event_status IN ('scheduled', 'cancelled')", [], 'events_event_status_check');
    t.check("published_by IN ('relevance', 'operator')", [], 'events_published_by_check');
  });
  await knex.raw(`CREATE INDEX events_name_start_day_idx ON events (lower(name), ((start_date AT TIME ZONE 'UTC')::date))`);
  await knex.schema.alterTable('news_sources', (t) => {
    t.timestamp('first_collected_at', { useTz: true });
  });
  await knex.schema.createTable('event_source_items', (t) => {
    t.integer('source_id').notNullable().references('id').inTable('news_sources').onDelete('CASCADE');
    t.text('item_key').notNullable();
    t.integer('event_id').notNullable().references('id').inTable('events').onDelete('CASCADE');
    t.text('content_hash').notNullable();
    t.primary(['source_id', 'item_key']);
    t.index(['event_id']);
  });
}

export async function down(): Promise<void> {}
