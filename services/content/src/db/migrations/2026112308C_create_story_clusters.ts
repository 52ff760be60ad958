import type { Knex } from 'knex';

/**
 * Copies of one story form a cluster. Its origin is the copy published first,
 * whichever was collected first; the article page credits every member.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('story_clusters', (t) => {
    t.increments('id');
    t.integer('origin_article_id').references('id').inTable('articles').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.alterTable('articles', (t) => {
    t.integer('story_cluster_id').references('id').inTable('story_clusters').onDelete('SET NULL');
    t.index(['story_cluster_id'], 'articles_story_cluster_id_idx');
  });
}

export async function down(): Promise<void> {}
