import type { Knex } from '@neuralbeat/common';
import { BANDS, bandBuckets } from '../dedupe/minhash';
import { ArticlesRepository } from './articlesRepository';

/**
 * Advisory lock keys. Check-then-index is serialised per LSH bucket (key pair
 * (DEDUPE_LOCK + band, bucket)) and per canonical URL (DEDUPE_LOCK + BANDS): two
 * copies processed at once share a bucket or a URL, so the second waits for the
 * first and then sees it, while unrelated articles are judged in parallel.
 * Cluster bookkeeping (rare: a match, or an article leaving its cluster) also
 * takes the single key DEDUPE_LOCK, after the others.
 */
const DEDUPE_LOCK = 0x6e624475;

/** An indexed article as the duplicate check compares it. */
export interface StoredCopy {
  id: number;
  title: string;
  content: string | null;
  excerpt: string | null;
  source_id: number | null;
  source_url: string | null;
  canonical_url: string | null;
  publish_date: Date;
  story_cluster_id: number | null;
}

/** A cluster member's state: whether it is live or on its way decides if a new copy is held. */
export interface MemberState {
  id: number;
  publish_date: Date;
  published: boolean;
  processing_status: string;
}

const COPY_COLUMNS = ['id', 'title', 'content', 'excerpt', 'source_id', 'source_url', 'canonical_url', 'publish_date', 'story_cluster_id'];

/** Knex access for the duplicate check: the LSH index (`article_lsh_bands`), story clusters and the candidates they give. */
export class DedupeRepository {
  private readonly articles: ArticlesRepository;
  constructor(db: Knex) {
    this.articles = new ArticlesRepository(db);
  }

  /**
   * Takes the bucket locks of `signatures` (an article's new signature and, judged
   * again, its old one) and its canonical URL's, in one global order (key pair
   * ascending) so that two checks never wait for each other in a cycle.
   */
  async lockStory(trx: Knex.Transaction, signatures: number[][], canonicalUrl: string | null): Promise<void> {
    const bands: number[] = [];
    const buckets: number[] = [];
    for (const s of signatures) {
      bandBuckets(s).forEach((bucket, band) => {
        bands.push(DEDUPE_LOCK + band);
        buckets.push(bucket);
      });
    }
    await trx.raw(
      `SELECT count(pg_advisory_xact_lock(k1, k2)) FROM (
         SELECT DISTINCT k1, k2 FROM (SELECT * FROM unnest(?::int[], ?::int[]) AS b(k1, k2) UNION ALL SELECT ?::int, hashtext(?) WHERE ?::text IS NOT NULL) AS k
         ORDER BY k1, k2
       ) AS ordered`,
      [bands, buckets, DEDUPE_LOCK + BANDS, canonicalUrl, canonicalUrl],
    );
  }

  /** Serialises cluster bookkeeping; taken after the story's locks. */
  async lockClusters(trx: Knex.Transaction): Promise<void> {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [DEDUPE_LOCK]);
  }

  async dropIndex(trx: Knex.Transaction, articleId: number): Promise<void> {
    await trx('article_lsh_bands').where({ article_id: articleId }).delete();
  }

  /**
   * Records the article as a story of its own (verdict and LSH index entries in
   * one statement) if it is still at `generation`; false when it moved on to a
   * new generation, and then no entries are written.
   */
  async index(trx: Knex.Transaction, articleId: number, generation: number | undefined, sig: number[]): Promise<boolean> {
    const own = this.articles.pass(articleId, generation, trx).update(
      {
        minhash_signature: sig,
        is_duplicate: false,
        duplicate_of: null,
        duplicate_detection_data: null,
        processing_status: 'processing',
        pipeline_stage: 'deduped',
        updated_at: trx.fn.now(),
      },
      ['id'],
    );
    const buckets = bandBuckets(sig);
    const { rows } = await trx.raw(
      `WITH own AS (?), indexed AS (
         INSERT INTO article_lsh_bands (band, bucket, article_id)
         SELECT q.band, q.bucket, own.id FROM own CROSS JOIN unnest(?::int[], ?::int[]) AS q(band, bucket)
         ON CONFLICT (band, bucket, article_id) DO NOTHING
       )
       SELECT count(*)::int AS n FROM own`,
      [own, buckets.map((_, band) => band), buckets],
    );
    return rows[0].n > 0;
  }

  /** Articles sharing an LSH bucket with `sig`, other than the article itself, with their signatures. */
  bucketMates(trx: Knex.Transaction, sig: number[], articleId: number): Promise<{ id: number; minhash_signature: number[] | null }[]> {
    const buckets = bandBuckets(sig);
    // A join with the buckets as arrays: planning 64 OR'ed (band, bucket) pairs cost more than running the lookup.
    return trx('articles')
      .select('id', 'minhash_signature')
      .whereIn(
        'id',
        trx('article_lsh_bands as b')
          .select('b.article_id')
          .join(trx.raw('unnest(?::int[], ?::int[]) AS q(band, bucket)', [buckets.map((_, band) => band), buckets]), (on) =>
            on.on('b.band', 'q.band').andOn('b.bucket', 'q.bucket'),
          )
          .whereNot('b.article_id', articleId),
      );
  }

  /** Indexed articles of another source (when the source is known) with this canonical URL. */
  samePageCopies(trx: Knex.Transaction, canonicalUrl: string, articleId: number, sourceId: number | null): Promise<StoredCopy[]> {
    return this.indexedCopies(trx)
      .where('articles.canonical_url', canonicalUrl)
      .whereNot('articles.id', articleId)
      .modify((q) => {
        if (sourceId) q.whereNot('articles.source_id', sourceId);
      });
  }

  copies(trx: Knex.Transaction, ids: number[]): Promise<StoredCopy[]> {
    return this.indexedCopies(trx).whereIn('articles.id', ids);
  }

  /** Articles that passed the check as a story of their own (held copies are not matched against). */
  private indexedCopies(trx: Knex.Transaction) {
    return trx('articles')
      .select(COPY_COLUMNS)
      .whereNotIn('pipeline_stage', ['collected', 'extracted'])
      .whereNot('processing_status', 'duplicate');
  }

  /** The clusters of `ids` as they are now (read under the cluster lock). */
  async clustersOf(trx: Knex.Transaction, ids: number[]): Promise<Map<number, number | null>> {
    const rows: { id: number; story_cluster_id: number | null }[] = await trx('articles')
      .whereIn('id', ids)
      .select('id', 'story_cluster_id');
    return new Map(rows.map((r) => [r.id, r.story_cluster_id]));
  }

  /** Every copy in the clusters, held ones included. */
  members(trx: Knex.Transaction, clusterIds: number[]): Promise<StoredCopy[]> {
    return trx('articles').select(COPY_COLUMNS).whereIn('story_cluster_id', clusterIds);
  }

  /** A cluster for the story of `firstId`, with it as the first member. */
  async newCluster(trx: Knex.Transaction, firstId: number): Promise<number> {
    const [row] = await trx('story_clusters').insert({ origin_article_id: firstId }).returning('id');
    await this.join(trx, firstId, row.id);
    return row.id as number;
  }

  async join(trx: Knex.Transaction, articleId: number, clusterId: number): Promise<void> {
    await trx('articles').where({ id: articleId }).update({ story_cluster_id: clusterId });
  }

  memberStates(trx: Knex.Transaction, clusterId: number): Promise<MemberState[]> {
    return trx('articles').where({ story_cluster_id: clusterId }).select('id', 'publish_date', 'published', 'processing_status');
  }

  async setOrigin(trx: Knex.Transaction, clusterId: number, originId: number | null): Promise<void> {
    await trx('story_clusters').where({ id: clusterId }).update({ origin_article_id: originId, updated_at: trx.fn.now() });
  }

  /** The cluster's held copies point at its origin. */
  async pointHeldCopiesAt(trx: Knex.Transaction, clusterId: number, originId: number): Promise<void> {
    await trx('articles')
      .where({ story_cluster_id: clusterId, is_duplicate: true })
      .whereNot({ id: originId })
      .update({ duplicate_of: originId });
  }

  /** An article judged again (its text was edited) leaves its cluster; the copy published first becomes the origin. */
  async leaveCluster(trx: Knex.Transaction, articleId: number, clusterId: number): Promise<void> {
    await trx('articles').where({ id: articleId }).update({ story_cluster_id: null });
    const first = await trx('articles')
      .where({ story_cluster_id: clusterId })
      .orderBy([{ column: 'publish_date' }, { column: 'id' }])
      .first('id');
    await this.setOrigin(trx, clusterId, first?.id ?? null);
    if (first) await this.pointHeldCopiesAt(trx, clusterId, first.id);
  }
}
