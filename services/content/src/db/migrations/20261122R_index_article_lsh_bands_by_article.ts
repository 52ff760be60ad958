import type { Knex } from 'knex';

/** Deleting or re-indexing an article finds its band rows by article, not by scanning every bucket. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX article_lsh_bands_article_id_idx ON article_lsh_bands (article_id)');
}

export async function down(): Promise<void> {}
