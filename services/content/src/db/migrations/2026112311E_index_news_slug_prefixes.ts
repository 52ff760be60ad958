import type { Knex } from 'knex';

/**
 * Publishing picks a free slug by reading the ones taken with the same
 * headline (`slug LIKE 'base-%'`). The unique index's collation cannot serve a
 * LIKE, so every publish read the whole news feed, under the slug lock.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX news_feed_slug_prefix_idx ON news_feed (slug text_pattern_ops)');
}

export async function down(): Promise<void> {}
