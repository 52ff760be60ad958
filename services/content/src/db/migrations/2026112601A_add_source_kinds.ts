import type { Knex } from 'knex';

/**
 * Every kind of source in one table: news feeds, event feeds and job boards share
 * one id space (so `sources collect <id>` and the console need no kind to find a
 * source), one collection schedule per row and one set of last-collection counters.
 * `items_closed` counts what the last collection took down (jobs gone from their board).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('news_sources', (t) => {
    t.text('kind').notNullable().defaultTo('news');
    t.integer('items_closed').notNullable().defaultTo(0);
    t.check("kind IN ('news', 'ical', 'event-feed', 'greenhouse', 'lever', 'job-feed')", [], 'news_sources_kind_check');
  });
}

export async function down(): Promise<void> {}
