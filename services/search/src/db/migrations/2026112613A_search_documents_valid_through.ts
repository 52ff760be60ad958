import type { Knex } from 'knex';

/**
 * Until when a visitor may find a document (a job's validThrough; null for the
 * rest). Searches leave out the documents past it at once, rather than when the
 * pipeline's sweep closes the job and its job.changed removes the document.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE search_documents ADD COLUMN valid_through timestamptz');
}

export async function down(): Promise<void> {}
