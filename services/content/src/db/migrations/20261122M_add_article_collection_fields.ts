import type { Knex } from 'knex';

/** Where a collected article came from, and the keys the duplicate check looks up. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('articles', (t) => {
    t.integer('source_id').references('id').inTable('news_sources').onDelete('SET NULL');
    t.text('guid');
    t.text('canonical_url').unique();
    t.text('normalized_title');
    t.index(['normalized_title'], 'articles_normalized_title_idx');
  });
}

export async function down(): Promise<void> {}
