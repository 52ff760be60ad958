import type { Knex } from 'knex';

/**
 * How often each source is collected, in hours (spec: checkIntervalHours). Null means
 * the kind's default: COLLECT_INTERVAL_SECONDS for news feeds, a day for event and job sources.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('news_sources', (t) => {
    t.decimal('check_interval_hours', 8, 3).nullable();
    t.check('check_interval_hours > 0 AND check_interval_hours <= 168', [], 'news_sources_check_interval_hours_check');
  });
}

export async function down(): Promise<void> {}
