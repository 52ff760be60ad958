import type { Knex } from 'knex';

/**
 * `articles.normalized_title` served the first duplicate check (equal
 * headlines). The check now compares texts (MinHash buckets, then the story
 * match), so the column was written on every collection and read by nothing,
 * and its index was kept up to date on every insert for nothing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS articles_normalized_title_idx');
  await knex.schema.alterTable('articles', (t) => t.dropColumn('normalized_title'));
}

export async function down(): Promise<void> {}
