import type { Knex } from 'knex';

/**
 * One index per public ORDER BY, ties broken by id in the index as in the
 * query, so each list is read in order and stops at its limit instead of
 * sorting the table. Public reads only see approved tools: those indexes are partial.
 */
export async function up(knex: Knex): Promise<void> {
  // Category pages and the related-news fill: lower(category), newest first.
  await knex.raw('DROP INDEX news_feed_category_idx');
  await knex.raw('CREATE INDEX news_feed_category_idx ON news_feed (lower(category), publish_date DESC, id DESC)');

  // Directory by name, by category then name; featured tools newest first.
  await knex.raw('DROP INDEX tools_approved_category_idx');
  await knex.raw('CREATE INDEX tools_directory_idx ON tools (name, id) WHERE approved');
  await knex.raw('CREATE INDEX tools_directory_category_idx ON tools (category, name, id) WHERE approved');
  await knex.raw('CREATE INDEX tools_featured_idx ON tools (created_at DESC, id DESC) WHERE approved');

  await knex.raw('DROP INDEX resources_category_idx');
  await knex.raw('CREATE INDEX resources_published_idx ON resources (published_at DESC, id DESC)');
  await knex.raw('CREATE INDEX resources_category_idx ON resources (category, published_at DESC, id DESC)');

  await knex.raw('DROP INDEX events_published_start_idx');
  await knex.raw('CREATE INDEX events_published_start_idx ON events (start_date, id) WHERE published');

  await knex.raw('DROP INDEX jobs_created_at_idx');
  await knex.raw('CREATE INDEX jobs_created_at_idx ON jobs (created_at DESC, id DESC)');
}

export async function down(): Promise<void> {}
