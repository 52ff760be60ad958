import type { Knex } from 'knex';

/**
 * Items of a source that an operator deleted what they became (an event, a job),
 * by the source's own key for the item (an event's UID and occurrence, a board's
 * job id): the collectors skip them, so a deletion lasts past the next collection.
 * A source holds one kind of item, so its id and the key name one item; deleting
 * the source forgets its dismissals.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('dismissed_source_items', (t) => {
    t.integer('source_id').notNullable().references('id').inTable('news_sources').onDelete('CASCADE');
    t.text('item_key').notNullable();
    t.timestamp('dismissed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['source_id', 'item_key']);
  });
}

export async function down(): Promise<void> {}
