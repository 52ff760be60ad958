import type { Knex } from 'knex';
import { isHttpUrl, sanitizeArticleHtml } from '@neuralbeat/common/html';

const BATCH = 500;

/** Runs the sanitiser over one HTML column of a table, in id order and batches, writing only rows it changes. */
async function sanitiseColumn(knex: Knex, table: string, column: string, baseColumn: string): Promise<void> {
  for (let after = 0; ;) {
    const rows: { id: number; html: string | null; base: string | null }[] = await knex(table)
      .select('id', { html: column, base: baseColumn })
      .where('id', '>', after)
      .whereNotNull(column)
      .orderBy('id')
      .limit(BATCH);
    if (!rows.length) return;
    for (const row of rows) {
      const safe = sanitizeArticleHtml(row.html ?? '', { baseUrl: row.base && isHttpUrl(row.base) ? row.base : null });
      if (safe !== row.html)
        await knex(table)
          .where({ id: row.id })
          .update({ [column]: safe });
    }
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * Stored HTML written before every path went through the one sanitiser (provider
 * output was stored verbatim) is cleaned in place; tool logos that are not
 * http(s) addresses are dropped.
 */
export async function up(knex: Knex): Promise<void> {
  await sanitiseColumn(knex, 'articles', 'content', 'source_url');
  await sanitiseColumn(knex, 'articles', 'rewritten_content', 'source_url');
  await sanitiseColumn(knex, 'news_feed', 'content', 'source_url');
  await knex('tools').whereNotNull('logo_url').whereRaw('logo_url !~* ?', ['^https?://[^/]']).update({ logo_url: null });
}

export async function down(): Promise<void> {}
