import type { Knex } from 'knex';

/**
 * Search documents with four weighted fields (title A, tags B, excerpt C, body D)
 * and one GIN index per kind, so a search of one kind never reads another's
 * postings. The index is derived data: the table is rebuilt empty and the next
 * reindex (run on start when the index version changes) fills it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTable('search_documents');
  await knex.schema.createTable('search_documents', (t) => {
    t.text('kind').notNullable();
    t.integer('ref_id').notNullable();
    t.text('title').notNullable();
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.text('excerpt').notNullable().defaultTo('');
    t.text('body').notNullable().defaultTo('');
    /** Dictionary words of title, tags and excerpt (see search_terms). */
    t.specificType('terms', 'text[]').notNullable().defaultTo('{}');
    t.jsonb('result').notNullable();
    t.timestamp('published_at', { useTz: true });
    /** Title, tags and excerpt only: small, so ranking many candidates stays cheap. */
    t.specificType('head_tsv', 'tsvector').notNullable();
    /** Every field, for matching. */
    t.specificType('tsv', 'tsvector').notNullable();
    t.timestamp('indexed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['kind', 'ref_id']);
  });
  for (const kind of ['news', 'tools', 'resources', 'events', 'jobs']) {
    await knex.raw(`CREATE INDEX search_documents_${kind}_tsv_idx ON search_documents USING GIN (tsv) WHERE kind = '${kind}'`);
  }
  await knex.raw('CREATE INDEX search_documents_kind_indexed_idx ON search_documents (kind, indexed_at)');
}

export async function down(): Promise<void> {}
