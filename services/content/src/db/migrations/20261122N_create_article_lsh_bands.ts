import type { Knex } from 'knex';

/** MinHash signatures and their LSH band buckets: near-duplicate lookup by index, not by scanning articles. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('articles', (t) => {
    t.specificType('minhash_signature', 'integer[]');
  });
  await knex.schema.createTable('article_lsh_bands', (t) => {
    t.smallint('band').notNullable();
    t.integer('bucket').notNullable();
    t.integer('article_id').notNullable().references('id').inTable('articles').onDelete('CASCADE');
    t.primary(['band', 'bucket', 'article_id']);
  });
}

export async function down(): Promise<void> {}
