import { distance } from 'fastest-levenshtein';
import type { Knex } from '@neuralbeat/common';
import type { SearchDocument, SearchEngine, SearchHit, SearchKind, SearchPage } from './SearchEngine';
import { adjacentSwaps, explainMatch, isTypoOf } from './explain';
import { dictionaryWords, isNumber, MIN_DICTIONARY_WORD, searchableText } from './text';

/** ts_rank weights for {D, C, B, A}: body, excerpt, tags, title. */
const WEIGHTS = '{0.05, 0.2, 0.4, 1.0}';
const CORRECTION_CANDIDATES = 20;
/** How many documents matching in ranked fields a search ranks at most (the newest). */
const RANKED_CANDIDATES = 300;
/** Totals above this are estimated. */
const EXACT_TOTAL_UP_TO = 1000;
/** A document past its validThrough is not found, though still indexed until its job is swept closed. */
const STILL_VALID = '(valid_through IS NULL OR valid_through > now())';

interface HitRow {
  ref_id: number;
  result: Record<string, unknown>;
  title: string;
  tags: string[];
  excerpt: string;
  valid_through: Date | null;
  /** The planner's estimate of all matches, read when the page is full. */
  estimate: string | null;
}

/** The earliest validThrough of a page's rows, when one has any. */
function validUntil(rows: HitRow[]): Pick<SearchPage, 'validUntil'> {
  const first = Math.min(...rows.map((r) => r.valid_through?.getTime() ?? Infinity));
  return first === Infinity ? {} : { validUntil: first };
}

/** Called with each statement a search runs and its EXPLAIN ANALYZE (the search bench prints them). */
export type PlanListener = (sql: string, plan: string) => void;

/** The row a document is stored as; text fields go to the parser as words only. */
function toRecord(doc: SearchDocument, indexedAt: string) {
  return {
    kind: doc.kind,
    ref_id: doc.refId,
    title: doc.title,
    tags: doc.tags,
    excerpt: doc.excerpt,
    body: doc.body,
    terms: dictionaryWords(doc.title, doc.tags.join(' '), doc.excerpt),
    result: doc.result,
    published_at: doc.publishedAt,
    valid_through: doc.validThrough ?? null,
    indexed_at: indexedAt,
    title_text: searchableText(doc.title),
    tags_text: searchableText(doc.tags.join(' ')),
    excerpt_text: searchableText(doc.excerpt),
    body_text: searchableText(doc.body),
  };
}

const UPSERT_SQL = `
  WITH input AS (
    SELECT * FROM jsonb_to_recordset(?::jsonb) AS x(
      kind text, ref_id int, title text, tags text[], excerpt text, body text, terms text[], result jsonb,
      published_at timestamptz, valid_through timestamptz, indexed_at timestamptz, title_text text, tags_text text, excerpt_text text, body_text text)
  ), prepared AS (
    SELECT *, setweight(to_tsvector('english', title_text), 'A')
           || setweight(to_tsvector('english', tags_text), 'B')
           || setweight(to_tsvector('english', excerpt_text), 'C') AS head
    FROM input
  )
  INSERT INTO search_documents (kind, ref_id, title, tags, excerpt, body, terms, result, published_at, valid_through, head_tsv, tsv, indexed_at)
  SELECT kind, ref_id, title, tags, excerpt, body, terms, result, published_at, valid_through,
         head, head || setweight(to_tsvector('english', body_text), 'D'), indexed_at
  FROM prepared
  ON CONFLICT (kind, ref_id) DO UPDATE SET title = excluded.title, tags = excluded.tags, excerpt = excluded.excerpt,
    body = excluded.body, terms = excluded.terms, result = excluded.result, published_at = excluded.published_at,
    valid_through = excluded.valid_through, head_tsv = excluded.head_tsv, tsv = excluded.tsv, indexed_at = excluded.indexed_at`;

/**
 * Postgres full-text engine. Matching: every query word must occur in some field,
 * English-stemmed, the last word also as a prefix (so results follow typing).
 * Ranking: ts_rank over title (A), tags (B) and excerpt (C), so a title match
 * outranks a tag match and so on; body-only matches come after, newest first.
 * When nothing matches, each word missing from the kind's dictionary is
 * corrected to its closest dictionary word (trigram candidates, edit distance
 * to choose) and the search runs again.
 */
export class PostgresSearchEngine implements SearchEngine {
  readonly name = 'postgres';
  private readonly db: Knex;
  private readonly onPlan?: PlanListener;
  constructor(db: Knex, onPlan?: PlanListener) {
    this.db = db;
    this.onPlan = onPlan;
  }

  async upsert(doc: SearchDocument): Promise<void> {
    const record = toRecord(doc, new Date().toISOString());
    await this.db.transaction(async (trx) => {
      const old = await trx('search_documents').where({ kind: doc.kind, ref_id: doc.refId }).forUpdate().first('terms');
      await trx.raw(UPSERT_SQL, [JSON.stringify([record])]);
      await this.adjustTerms(trx, doc.kind, old?.terms ?? [], record.terms);
    });
  }

  async upsertMany(docs: SearchDocument[]): Promise<void> {
    if (!docs.length) return;
    const indexedAt = new Date().toISOString();
    // The dictionary is rebuilt once at the end of a reindex rather than adjusted per document.
    await this.db.raw(UPSERT_SQL, [JSON.stringify(docs.map((d) => toRecord(d, indexedAt)))]);
  }

  async remove(kind: SearchKind, refId: number): Promise<void> {
    await this.db.transaction(async (trx) => {
      const [old] = await trx('search_documents').where({ kind, ref_id: refId }).delete().returning('terms');
      if (old) await this.adjustTerms(trx, kind, old.terms, []);
    });
  }

  async removeStale(kind: SearchKind, since: Date): Promise<void> {
    await this.db('search_documents').where('kind', kind).where('indexed_at', '<', since).delete();
  }

  async finishReindex(kind: SearchKind): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('search_terms').where({ kind }).delete();
      await trx.raw(
        `INSERT INTO search_terms (kind, term, docs)
         SELECT kind, term, count(*) FROM search_documents, unnest(terms) AS term WHERE kind = ? GROUP BY kind, term`,
        [kind],
      );
    });
    // A bulk write leaves its GIN entries in the indexes' pending lists, which every search reads through in full:
    // move them into the indexes proper now rather than at the next autovacuum.
    await this.db.raw(
      `SELECT gin_clean_pending_list(i.indexrelid::regclass) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
       WHERE am.amname = 'gin' AND i.indrelid IN ('search_documents'::regclass, 'search_terms'::regclass)`,
    );
    // Search plans choose between the GIN index and walking newest first by how common a word is: give them current statistics.
    await this.db.raw('ANALYZE search_documents, search_terms');
  }

  async count(): Promise<number> {
    const [{ n }] = await this.db('search_documents').count<{ n: string }[]>({ n: '*' });
    return Number(n);
  }

  /**
   * Keeps dictionary counts exact: +1 for words the document gained, -1 for words
   * it lost, in one statement in word order (concurrent updates lock rows in the
   * same order, so they cannot deadlock), then drops words no document uses.
   */
  private async adjustTerms(trx: Knex.Transaction, kind: SearchKind, before: string[], after: string[]) {
    const had = new Set(before);
    const has = new Set(after);
    const delta = new Map<string, number>();
    for (const t of has) if (!had.has(t)) delta.set(t, 1);
    for (const t of had) if (!has.has(t)) delta.set(t, -1);
    if (!delta.size) return;
    const terms = [...delta.keys()].sort();
    await trx.raw(
      `INSERT INTO search_terms (kind, term, docs)
       SELECT ?, term, docs FROM unnest(?::text[], ?::int[]) AS x(term, docs) ORDER BY term
       ON CONFLICT (kind, term) DO UPDATE SET docs = search_terms.docs + excluded.docs`,
      [kind, terms, terms.map((t) => delta.get(t)!)],
    );
    const lost = terms.filter((t) => delta.get(t)! < 0);
    if (lost.length) await trx('search_terms').where({ kind }).whereIn('term', lost).where('docs', '<=', 0).delete();
  }

  async search(kind: SearchKind, words: string[], limit: number): Promise<SearchPage> {
    const tsquery = words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
    const rows = await this.best(kind, tsquery, limit);
    if (rows.length)
      return {
        total: await this.total(kind, tsquery, rows, limit),
        hits: await this.explain(kind, rows, words, new Map()),
        ...validUntil(rows),
      };
    const corrections = await this.corrections(kind, words);
    if (!corrections.size) return { total: 0, hits: [] };
    const corrected = words.map((w) => corrections.get(w) ?? w).join(' & ');
    const correctedRows = await this.best(kind, corrected, limit);
    return {
      total: await this.total(kind, corrected, correctedRows, limit),
      hits: await this.explain(kind, correctedRows, words, corrections),
      ...validUntil(correctedRows),
    };
  }

  /**
   * The best `limit` matches. Ranking every match of a frequent word costs a second
   * at 100,000 documents, so only candidates are ranked: the newest
   * RANKED_CANDIDATES documents with every word in a ranked field (title, tags,
   * excerpt), and only when those do not fill the page, the newest `limit` matches
   * of any field. Where a query matches fewer documents than that, every match is
   * ranked. The query text is repeated rather than shared through a CTE so the
   * planner sees the words and picks, per word, between the GIN index and walking
   * newest first.
   */
  private async best(kind: SearchKind, tsquery: string, limit: number): Promise<HitRow[]> {
    const q = `to_tsquery('english', ?)`;
    return this.rows<HitRow>(
      `WITH head AS MATERIALIZED (
         SELECT ref_id, published_at, head_tsv FROM search_documents WHERE kind = ? AND head_tsv @@ ${q} AND ${STILL_VALID}
         ORDER BY published_at DESC NULLS LAST, ref_id DESC LIMIT ?
       ), candidates AS (
         SELECT * FROM head
         UNION ALL
         (SELECT ref_id, published_at, head_tsv FROM search_documents
          WHERE kind = ? AND tsv @@ ${q} AND ${STILL_VALID} AND (SELECT count(*) FROM head) < ? AND ref_id NOT IN (SELECT ref_id FROM head)
          ORDER BY published_at DESC NULLS LAST, ref_id DESC LIMIT ?)
       ), ranked AS (
         SELECT ref_id, ts_rank(?::float4[], head_tsv, ${q}) AS rank, published_at FROM candidates
         ORDER BY rank DESC, published_at DESC NULLS LAST, ref_id DESC
         LIMIT ?
       )
       SELECT d.ref_id, d.result, d.title, d.tags, d.excerpt, d.valid_through,
              (SELECT search_match_estimate(?, ${q}) WHERE (SELECT count(*) FROM ranked) = ?) AS estimate
       FROM ranked r JOIN search_documents d ON d.kind = ? AND d.ref_id = r.ref_id
       ORDER BY r.rank DESC, r.published_at DESC NULLS LAST, r.ref_id DESC`,
      [kind, tsquery, RANKED_CANDIDATES, kind, tsquery, limit, limit, WEIGHTS, tsquery, limit, kind, tsquery, limit, kind],
    );
  }

  /**
   * How many documents match: a page that is not full is the total; otherwise
   * exact up to EXACT_TOTAL_UP_TO, above that the planner's estimate from the
   * column statistics (the search statement reads it; counting every match of a
   * frequent word reads most of the table).
   */
  private async total(kind: SearchKind, tsquery: string, rows: HitRow[], limit: number): Promise<number> {
    if (rows.length < limit) return rows.length;
    const estimate = Number(rows[0]!.estimate);
    if (estimate > EXACT_TOTAL_UP_TO) return estimate;
    const [{ n }] = await this.rows<{ n: string }>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM search_documents WHERE kind = ? AND tsv @@ to_tsquery('english', ?) AND ${STILL_VALID} LIMIT ?) m`,
      [kind, tsquery, EXACT_TOTAL_UP_TO + 1],
    );
    return Math.max(Number(n), rows.length);
  }

  private async rows<T>(sql: string, bindings: readonly unknown[]): Promise<T[]> {
    if (this.onPlan) {
      const { rows } = await this.db.raw<{ rows: { 'QUERY PLAN': string }[] }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${sql}`,
        bindings as Knex.RawBinding[],
      );
      this.onPlan(sql, rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    return (await this.db.raw<{ rows: T[] }>(sql, bindings as Knex.RawBinding[])).rows;
  }

  /**
   * Query words the kind's dictionary does not know (the last word counts as known
   * when some word starts with it), each mapped to the closest dictionary word
   * within the typo budget: fewest edits, then most similar, then most used.
   */
  private async corrections(kind: SearchKind, words: string[]): Promise<Map<string, string>> {
    const candidates = words.filter((w) => w.length >= MIN_DICTIONARY_WORD && !isNumber(w));
    if (!candidates.length) return new Map();
    const last = words[words.length - 1]!;
    const known = new Set<string>(await this.db('search_terms').where({ kind }).whereIn('term', candidates).pluck('term'));
    if (candidates.includes(last) && !known.has(last)) {
      const typing = await this.db('search_terms')
        .where({ kind })
        .where('term', 'like', `${last.replace(/[\\%_]/g, '\\$&')}%`)
        .first('term');
      if (typing) known.add(last);
    }
    const out = new Map<string, string>();
    await Promise.all(
      candidates
        .filter((w) => !known.has(w))
        .map(async (word) => {
          // Trigram neighbours, plus the word with two neighbouring letters swapped: trigrams barely overlap for a swap in a short word.
          const swaps = adjacentSwaps(word);
          const rows = await this.rows<{ term: string; sim: number; docs: number }>(
            `SELECT term, similarity(term, ?) AS sim, docs FROM (
               (SELECT term, docs FROM search_terms WHERE kind = ? AND term % ? ORDER BY similarity(term, ?) DESC, docs DESC LIMIT ?)
               UNION SELECT t.term, t.docs FROM unnest(?::text[]) AS swap(term) JOIN search_terms t ON t.kind = ? AND t.term = swap.term
             ) candidates`,
            [word, kind, word, word, CORRECTION_CANDIDATES, swaps, kind],
          );
          const best = rows
            .filter((r) => isTypoOf(word, r.term))
            .map((r) => ({ ...r, edits: distance(r.term, word) }))
            .sort((a, b) => a.edits - b.edits || b.sim - a.sim || b.docs - a.docs)[0];
          if (best) out.set(word, best.term);
        }),
    );
    return out;
  }

  private async explain(kind: SearchKind, rows: HitRow[], words: string[], corrections: Map<string, string>): Promise<SearchHit[]> {
    const hits = rows.map((r) => ({
      row: r,
      why: explainMatch(words, { title: r.title, tags: r.tags, excerpt: r.excerpt }, { corrections }),
    }));
    const needBody = hits.filter((h) => h.why.field === 'body').map((h) => h.row.ref_id);
    if (needBody.length) {
      const bodies = new Map<number, string>(
        (await this.db('search_documents').where({ kind }).whereIn('ref_id', needBody).select('ref_id', 'body')).map(
          (r: { ref_id: number; body: string }) => [r.ref_id, r.body],
        ),
      );
      for (const h of hits) {
        if (h.why.field === 'body')
          h.why = explainMatch(
            words,
            { title: h.row.title, tags: h.row.tags, excerpt: h.row.excerpt, body: bodies.get(h.row.ref_id) ?? '' },
            { corrections },
          );
      }
    }
    return hits.map((h) => ({ result: h.row.result, why: h.why }));
  }
}
