import type { Knex } from 'knex';

/**
 * The full-text stage's result on the article: where its text came from
 * (`feed`, `page`), or why the page was not used (`full_text_note`), and the
 * page's validators for a conditional re-fetch.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('articles', (t) => {
    t.text('full_text_status');
    t.text('full_text_note');
    t.text('page_etag');
    t.text('page_last_modified');
    t.timestamp('page_fetched_at', { useTz: true });
  });
}

export async function down(): Promise<void> {}
