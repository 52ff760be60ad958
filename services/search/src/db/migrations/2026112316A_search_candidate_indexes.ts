import type { Knex } from 'knex';

/**
 * What lets a search rank a bounded set of candidates instead of every match:
 * a GIN index on the ranked fields (title, tags, excerpt) per kind, for words
 * found in few documents, and the newest-first order per kind, so a word found
 * in most documents yields its newest matches by walking that order and stopping.
 */
export async function up(knex: Knex): Promise<void> {
  for (const kind of ['news', 'tools', 'resources', 'events', 'jobs']) {
    await knex.raw(`CREATE INDEX search_documents_${kind}_head_tsv_idx ON search_documents USING GIN (head_tsv) WHERE kind = '${kind}'`);
  }
  await knex.raw('CREATE INDEX search_documents_kind_newest_idx ON search_documents (kind, published_at DESC NULLS LAST, ref_id DESC)');
}

export async function down(): Promise<void> {}
