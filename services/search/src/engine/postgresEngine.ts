import type { Knex } from '@neuralbeat/common';
import type { SearchDocument, SearchEngine, SearchKind } from './SearchEngine';

/** Words of the query as prefix terms: "gen ima" matches "generative image". */
function prefixQuery(q: string): string | null {
  const terms = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return terms.length ? terms.map((t) => `${t}:*`).join(' & ') : null;
}

/** Postgres full-text engine: weighted tsvector (title A, tags B, body C), prefix matching, trigram fallback for typos. */
export class PostgresSearchEngine implements SearchEngine {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  async upsert(doc: SearchDocument): Promise<void> {
    await this.db.raw(
      `INSERT INTO search_documents (kind, ref_id, title, body, tags, result, published_at, tsv, indexed_at)
       VALUES (?, ?, ?, ?, ?::text[], ?::jsonb, ?,
         setweight(to_tsvector('english', ?), 'A') || setweight(to_tsvector('english', ?), 'B') || setweight(to_tsvector('english', ?), 'C'),
         now())
       ON CONFLICT (kind, ref_id) DO UPDATE SET title = excluded.title, body = excluded.body, tags = excluded.tags,
         result = excluded.result, published_at = excluded.published_at, tsv = excluded.tsv, indexed_at = now()`,
      [doc.kind, doc.refId, doc.title, doc.body, doc.tags, JSON.stringify(doc.result), doc.publishedAt, doc.title, doc.tags.join(' '), doc.body],
    );
  }

  async remove(kind: SearchKind, refId: number): Promise<void> {
    await this.db('search_documents').where({ kind, ref_id: refId }).delete();
  }

  async search(kind: SearchKind, q: string, limit: number): Promise<Record<string, unknown>[]> {
    const tsquery = prefixQuery(q);
    if (tsquery) {
      const rows = await this.db('search_documents')
        .select('result')
        .where('kind', kind)
        .whereRaw(`tsv @@ to_tsquery('english', ?)`, [tsquery])
        .orderByRaw(`ts_rank_cd(tsv, to_tsquery('english', ?)) DESC, published_at DESC NULLS LAST`, [tsquery])
        .limit(limit);
      if (rows.length) return rows.map((r) => r.result);
    }
    const fuzzy = await this.db('search_documents')
      .select('result')
      .where('kind', kind)
      .whereRaw('word_similarity(?, title) > 0.4', [q])
      .orderByRaw('word_similarity(?, title) DESC', [q])
      .limit(limit);
    return fuzzy.map((r) => r.result);
  }
}
