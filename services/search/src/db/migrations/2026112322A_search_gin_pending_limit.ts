import type { Knex } from 'knex';

/**
 * New GIN entries wait in an index's pending list until it holds
 * gin_pending_list_limit (4 MB by default), and every search reads the whole
 * list: at 10,000 tools the tools' index was all pending list, and a search
 * spent most of its time there. A 256 kB list keeps that read short while
 * single writes stay cheap (fastupdate off would make every write update the
 * index in place; a reindex then takes half again as long). A reindex empties
 * the lists at its end (finishReindex).
 */
export async function up(knex: Knex): Promise<void> {
  const { rows } = await knex.raw<{ rows: { name: string }[] }>(
    `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
     WHERE am.amname = 'gin' AND i.indrelid IN ('search_documents'::regclass, 'search_terms'::regclass)`,
  );
  for (const { name } of rows) {
    await knex.raw('ALTER INDEX ?? SET (gin_pending_list_limit = 256)', [name]);
    await knex.raw('SELECT gin_clean_pending_list(?::regclass)', [name]);
  }
}

export async function down(): Promise<void> {}
