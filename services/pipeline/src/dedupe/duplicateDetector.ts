import type { Knex } from '@neuralbeat/common';
import { bandBuckets, signature, similarity } from './minhash';

/**
 * Estimated Jaccard similarity at or above which two articles are the same
 * story. Chosen on the labelled STS-B headline pairs (bench/dedupeCalibration.ts):
 * 0.40 gives precision 0.96, recall 0.78; 0.30 gives 0.90 / 0.90. A false
 * duplicate hides real news, so precision wins.
 */
export const DUPLICATE_THRESHOLD = 0.4;
/** Serialises check-then-index so two copies processed at once still meet. */
const DEDUPE_LOCK = 0x6e624475;

export interface ArticleForDedupe {
  id: number;
  title: string;
  content: string | null;
  normalized_title: string | null;
  publish_date: Date;
}

export type DuplicateVerdict =
  | { duplicate: false }
  | { duplicate: true; method: 'title' | 'minhash'; similarity: number; matchedId: number; originalId: number };

const plainText = (html: string | null) => (html ?? '').replace(/<[^>]+>/g, ' ');

/** Near-duplicate detection by normalised title, then MinHash/LSH over title and text. */
export class DuplicateDetector {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  /** The earliest article of the chain `id` belongs to. */
  private async originalOf(trx: Knex.Transaction, id: number): Promise<number> {
    let current = id;
    for (let hops = 0; hops < 20; hops++) {
      const row = await trx('articles').where({ id: current }).first('duplicate_of');
      if (!row?.duplicate_of) return current;
      current = row.duplicate_of;
    }
    return current;
  }

  /**
   * Decides whether `article` repeats a known article; if not, indexes it so
   * later copies find it. Running it twice gives the same verdict and indexes once.
   */
  async check(article: ArticleForDedupe): Promise<DuplicateVerdict> {
    return this.db.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(?)', [DEDUPE_LOCK]);
      if (article.normalized_title) {
        const same = await trx('articles')
          .where({ normalized_title: article.normalized_title })
          .whereNot({ id: article.id })
          .whereNot({ processing_status: 'duplicate' })
          // Only articles that already passed this check: a copy that arrives first waits its turn, it is not the original's duplicate.
          .whereNot({ pipeline_stage: 'collected' })
          .orderBy([{ column: 'publish_date' }, { column: 'id' }])
          .first('id');
        if (same) return { duplicate: true, method: 'title', similarity: 1, matchedId: same.id, originalId: await this.originalOf(trx, same.id) };
      }

      const sig = signature(`${article.title} ${plainText(article.content)}`);
      const buckets = bandBuckets(sig);
      const candidates: { id: number; minhash_signature: number[] }[] = await trx('articles')
        .select('id', 'minhash_signature')
        .whereIn(
          'id',
          trx('article_lsh_bands')
            .distinct('article_id')
            .whereIn(
              ['band', 'bucket'],
              buckets.map((bucket, band) => [band, bucket]),
            )
            .whereNot('article_id', article.id),
        );
      let best: { id: number; similarity: number } | null = null;
      for (const c of candidates) {
        const s = similarity(sig, c.minhash_signature);
        if (s >= DUPLICATE_THRESHOLD && (!best || s > best.similarity)) best = { id: c.id, similarity: s };
      }
      if (best) return { duplicate: true, method: 'minhash', similarity: best.similarity, matchedId: best.id, originalId: await this.originalOf(trx, best.id) };

      await trx('articles').where({ id: article.id }).update({ minhash_signature: sig });
      await trx('article_lsh_bands')
        .insert(buckets.map((bucket, band) => ({ band, bucket, article_id: article.id })))
        .onConflict(['band', 'bucket', 'article_id'])
        .ignore();
      return { duplicate: false };
    });
  }
}
