import type { Knex } from 'knex';

/**
 * An item is identified by its source and guid (else its canonical URL), not by
 * its URL alone: changelog entries that share a page and differ by #fragment are
 * distinct items. `feed_hash` remembers what the feed last said about the item,
 * so an edit (a corrected title, a new summary) is noticed on the next collection.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('articles', (t) => {
    t.text('item_key');
    t.text('feed_hash');
    t.dropUnique(['canonical_url']);
    t.index(['canonical_url'], 'articles_canonical_url_idx');
  });
  await knex.raw(`UPDATE articles SET item_key = 'url:' || canonical_url WHERE canonical_url IS NOT NULL`);
  await knex.raw('CREATE UNIQUE INDEX articles_source_item_key_unique ON articles (source_id, item_key)');
}

export async function down(): Promise<void> {}
