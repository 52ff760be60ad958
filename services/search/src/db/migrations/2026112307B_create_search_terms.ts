import type { Knex } from 'knex';

/**
 * The words of each kind's titles, tags and excerpts, with how many documents
 * used them: the dictionary a misspelled query word is corrected against
 * (trigram similarity finds the candidates).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('search_terms', (t) => {
    t.text('kind').notNullable();
    t.text('term').notNullable();
    t.integer('docs').notNullable().defaultTo(1);
    t.primary(['kind', 'term']);
  });
  await knex.raw('CREATE INDEX search_terms_term_trgm_idx ON search_terms USING GIN (term gin_trgm_ops)');
}

export async function down(): Promise<void> {}
