import type { Knex } from 'knex';

/** Pipeline progress and the rewrite's output, kept on the article until it is published. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('articles', (t) => {
    // Last stage that finished for the current generation; a reset bumps the generation so the article can run again.
    t.text('pipeline_stage').notNullable().defaultTo('collected');
    t.integer('pipeline_generation').notNullable().defaultTo(0);
    t.text('last_error');
    t.text('rewritten_title');
    t.text('rewritten_content');
    t.text('rewritten_excerpt');
    t.text('meta_description');
    t.text('ai_provider');
  });
}

export async function down(): Promise<void> {}
