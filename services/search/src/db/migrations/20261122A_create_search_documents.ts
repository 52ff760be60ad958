import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await knex.schema.createTable('search_documents', (t) => {
    t.text('kind').notNullable();
    t.integer('ref_id').notNullable();
    t.text('title').notNullable();
    t.text('body').notNullable().defaultTo('');
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.jsonb('result').notNullable();
    t.timestamp('published_at', { useTz: true });
    t.specificType('tsv', 'tsvector').notNullable();
    t.timestamp('indexed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['kind', 'ref_id']);
  });
  await knex.raw('CREATE INDEX search_documents_tsv_idx ON search_documents USING GIN (tsv)');
  await knex.raw('CREATE INDEX search_documents_title_trgm_idx ON search_documents USING GIN (title gin_trgm_ops)');
}

export async function down(): Promise<void> {}
