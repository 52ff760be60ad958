import type { Knex } from '@neuralbeat/common';
import { htmlToText } from '@neuralbeat/common/html';
import { BANDS, bandBuckets, signatureOf, similarity as estimatedSimilarity } from './minhash';
import { compareStories, type StoryComparison } from './storyMatch';
import { storyText } from './storyText';

/**
 * Advisory lock keys. Check-then-index is serialised per LSH bucket (key pair
 * (DEDUPE_LOCK + band, bucket)) and per canonical URL (DEDUPE_LOCK + BANDS): two
 * copies processed at once share a bucket or a URL, so the second waits for the
 * first and then sees it, while unrelated articles are judged in parallel.
 * Cluster bookkeeping (rare: a match, or an article leaving its cluster) also
 * takes the single key DEDUPE_LOCK, after the others.
 */
const DEDUPE_LOCK = 0x6e624475;
/**
 * LSH candidates whose estimated similarity is below this are not worth
 * reading: the soft comparison can lift a pair a little above its exact
 * Jaccard, never from here to SHORT_THRESHOLD.
 */
const CANDIDATE_FLOOR = 0.15;
/** Statuses of a copy that is live or on its way to the news feed. */
const VISIBLE = ['processing', 'completed'];

export interface ArticleForDedupe {
  id: number;
  title: string;
  content: string | null;
  excerpt?: string | null;
  source_id?: number | null;
  source_url?: string | null;
  canonical_url?: string | null;
  publish_date: Date;
  published?: boolean;
  story_cluster_id?: number | null;
  pipeline_generation?: number;
  /** Set when the article was indexed before (it is being judged again). */
  minhash_signature?: number[] | null;
}

export type DuplicateVerdict =
  | { duplicate: false; clusterId: number | null; superseded?: true }
  | {
      duplicate: true;
      method: 'url' | 'minhash';
      similarity: number;
      matchedId: number;
      /** The copy published first (the cluster's origin); null when that is this article itself. */
      originalId: number | null;
      clusterId: number;
      /** This article was published before every copy already known: it becomes the story's origin. */
      origin: boolean;
    };

interface StoredCopy {
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

/** The article was edited while being judged: roll the verdict back. */
class Superseded extends Error {}

const bodyOf = (a: { content?: string | null; excerpt?: string | null }) => htmlToText(a.content) || (a.excerpt ?? '');
const fragmentOf = (url: string | null | undefined) => {
  try {
    return url ? new URL(url).hash : '';
  } catch {
    return '';
  }
};

/**
 * True duplicates only, grouped into story clusters. A story's copies are found
 * through MinHash/LSH buckets (cost independent of the number of stored
 * articles), then judged by storyMatch.ts, or by being the same page (same
 * canonical URL and fragment) from another source. A copy joins the best
 * match's cluster; the cluster's origin is the copy published first. A copy is
 * held as a duplicate only while another copy of the story is live or on its
 * way; an earlier-published copy that arrives late becomes the origin (credited
 * on the live item's page) without taking the live item down.
 */
export class DuplicateDetector {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  /**
   * Decides, records and indexes in one transaction; running it again gives the
   * same verdict. When the source edited the article meanwhile (a new generation)
   * nothing is written: its new pass will be judged instead.
   */
  async check(article: ArticleForDedupe): Promise<DuplicateVerdict> {
    try {
      return await this.judge(article);
    } catch (err) {
      if (err instanceof Superseded) return { duplicate: false, clusterId: null, superseded: true };
      throw err;
    }
  }

  private judge(article: ArticleForDedupe): Promise<DuplicateVerdict> {
    const text = storyText(article.title, bodyOf(article));
    const sig = signatureOf(text.words);
    return this.db.transaction(async (trx) => {
      await this.lockStory(trx, article, sig);
      if (article.minhash_signature) await trx('article_lsh_bands').where({ article_id: article.id }).delete();
      // A live article run again after an edit keeps its place: only its index entry is renewed.
      if (article.published) {
        await this.index(trx, article, sig);
        return { duplicate: false, clusterId: article.story_cluster_id ?? null };
      }
      let clustersLocked = false;
      const lockClusters = async () => {
        if (!clustersLocked) await trx.raw('SELECT pg_advisory_xact_lock(?)', [DEDUPE_LOCK]);
        clustersLocked = true;
      };
      if (article.story_cluster_id) {
        await lockClusters();
        await this.leaveCluster(trx, article.id, article.story_cluster_id);
      }

      const match = (await this.samePage(trx, article)) ?? (await this.bestTextMatch(trx, article, text, sig));
      if (!match) {
        await this.index(trx, article, sig);
        return { duplicate: false, clusterId: null };
      }
      await lockClusters();
      // Read again under the lock: another copy of the story may have just given the match its cluster.
      const { story_cluster_id: matchCluster } = await trx('articles').where({ id: match.copy.id }).first('story_cluster_id');
      const clusterId: number = matchCluster ?? (await this.newCluster(trx, match.copy.id));
      await trx('articles').where({ id: article.id }).update({ story_cluster_id: clusterId });
      const members: { id: number; publish_date: Date; published: boolean; processing_status: string }[] = await trx('articles')
        .where({ story_cluster_id: clusterId })
        .select('id', 'publish_date', 'published', 'processing_status');
      const origin = members.reduce((first, m) =>
        m.publish_date < first.publish_date || (+m.publish_date === +first.publish_date && m.id < first.id) ? m : first,
      );
      await trx('story_clusters').where({ id: clusterId }).update({ origin_article_id: origin.id, updated_at: trx.fn.now() });
      const visible = members.some((m) => m.id !== article.id && (m.published || VISIBLE.includes(m.processing_status)));
      if (!visible) {
        // Every other copy is held (too thin) or failed: this one may carry the story.
        await this.index(trx, article, sig);
        return { duplicate: false, clusterId };
      }
      const isOrigin = origin.id === article.id;
      const verdict: DuplicateVerdict = {
        duplicate: true,
        method: match.method,
        similarity: Number(match.comparison?.similarity.toFixed(3) ?? 1),
        matchedId: match.copy.id,
        originalId: isOrigin ? null : origin.id,
        clusterId,
        origin: isOrigin,
      };
      await this.writeOwn(trx, article, {
        is_duplicate: true,
        duplicate_of: verdict.originalId,
        duplicate_detection_data: {
          method: verdict.method,
          similarity: verdict.similarity,
          matchedId: verdict.matchedId,
          clusterId,
          origin: isOrigin,
          ...(match.comparison ? { reason: match.comparison.reason } : {}),
        },
        processing_status: 'duplicate',
        pipeline_stage: 'deduped',
        updated_at: trx.fn.now(),
      });
      // Held copies point at the origin, which may just have changed.
      await trx('articles')
        .where({ story_cluster_id: clusterId, is_duplicate: true })
        .whereNot({ id: origin.id })
        .update({ duplicate_of: origin.id });
      return verdict;
    });
  }

  /**
   * Takes the article's bucket locks (its new buckets and, judged again, its old
   * ones) and its canonical URL's, in one global order (key pair ascending) so
   * that two checks never wait for each other in a cycle.
   */
  private async lockStory(trx: Knex.Transaction, article: ArticleForDedupe, sig: number[]): Promise<void> {
    const bands: number[] = [];
    const buckets: number[] = [];
    for (const s of article.minhash_signature ? [sig, article.minhash_signature] : [sig]) {
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
      [bands, buckets, DEDUPE_LOCK + BANDS, article.canonical_url ?? null, article.canonical_url ?? null],
    );
  }

  /** The same page (canonical URL and fragment) already collected from another source. */
  private async samePage(
    trx: Knex.Transaction,
    article: ArticleForDedupe,
  ): Promise<{ copy: StoredCopy; method: 'url'; comparison: null } | null> {
    if (!article.canonical_url) return null;
    const copies: StoredCopy[] = await this.indexedCopies(trx)
      .where('articles.canonical_url', article.canonical_url)
      .whereNot('articles.id', article.id)
      .modify((q) => {
        if (article.source_id) q.whereNot('articles.source_id', article.source_id);
      });
    const copy = copies.find((c) => fragmentOf(c.source_url) === fragmentOf(article.source_url));
    return copy ? { copy, method: 'url', comparison: null } : null;
  }

  /** The indexed article this one repeats most closely, if storyMatch says it does. */
  private async bestTextMatch(
    trx: Knex.Transaction,
    article: ArticleForDedupe,
    text: ReturnType<typeof storyText>,
    sig: number[],
  ): Promise<{ copy: StoredCopy; method: 'minhash'; comparison: StoryComparison } | null> {
    const buckets = bandBuckets(sig);
    // A join with the buckets as arrays: planning 64 OR'ed (band, bucket) pairs cost more than running the lookup.
    const candidates: { id: number; minhash_signature: number[] }[] = await trx('articles')
      .select('id', 'minhash_signature')
      .whereIn(
        'id',
        trx('article_lsh_bands as b')
          .select('b.article_id')
          .join(trx.raw('unnest(?::int[], ?::int[]) AS q(band, bucket)', [buckets.map((_, band) => band), buckets]), (on) =>
            on.on('b.band', 'q.band').andOn('b.bucket', 'q.bucket'),
          )
          .whereNot('b.article_id', article.id),
      );
    const likely = candidates
      .filter((c) => c.minhash_signature && estimatedSimilarity(sig, c.minhash_signature) >= CANDIDATE_FLOOR)
      .map((c) => c.id);
    if (!likely.length) return null;
    const copies: StoredCopy[] = await this.indexedCopies(trx).whereIn('articles.id', likely);
    let best: { copy: StoredCopy; method: 'minhash'; comparison: StoryComparison } | null = null;
    for (const copy of copies) {
      const comparison = compareStories(
        { text, sourceId: article.source_id ?? null, publishDate: article.publish_date },
        { text: storyText(copy.title, bodyOf(copy)), sourceId: copy.source_id, publishDate: copy.publish_date },
      );
      if (comparison.duplicate && (!best || comparison.similarity > best.comparison.similarity))
        best = { copy, method: 'minhash', comparison };
    }
    return best;
  }

  /** Articles that passed this check as a story of their own (held copies are not matched against). */
  private indexedCopies(trx: Knex.Transaction) {
    return trx('articles')
      .select('id', 'title', 'content', 'excerpt', 'source_id', 'source_url', 'canonical_url', 'publish_date', 'story_cluster_id')
      .whereNotIn('pipeline_stage', ['collected', 'extracted'])
      .whereNot('processing_status', 'duplicate');
  }

  private async newCluster(trx: Knex.Transaction, firstId: number): Promise<number> {
    const [row] = await trx('story_clusters').insert({ origin_article_id: firstId }).returning('id');
    await trx('articles').where({ id: firstId }).update({ story_cluster_id: row.id });
    return row.id as number;
  }

  /** An article judged again (its text was edited) leaves its cluster first; the cluster's origin is recomputed. */
  private async leaveCluster(trx: Knex.Transaction, articleId: number, clusterId: number): Promise<void> {
    await trx('articles').where({ id: articleId }).update({ story_cluster_id: null });
    const first = await trx('articles')
      .where({ story_cluster_id: clusterId })
      .orderBy([{ column: 'publish_date' }, { column: 'id' }])
      .first('id');
    await trx('story_clusters')
      .where({ id: clusterId })
      .update({ origin_article_id: first?.id ?? null, updated_at: trx.fn.now() });
    if (first)
      await trx('articles')
        .where({ story_cluster_id: clusterId, is_duplicate: true })
        .whereNot({ id: first.id })
        .update({ duplicate_of: first.id });
  }

  /** Writes the verdict on the article itself, if it is still the generation being judged (else the transaction rolls back). */
  private async writeOwn(trx: Knex.Transaction, article: ArticleForDedupe, fields: Record<string, unknown>): Promise<void> {
    const own = trx('articles').where({ id: article.id });
    if (article.pipeline_generation !== undefined) own.where({ pipeline_generation: article.pipeline_generation });
    if (!(await own.update(fields))) throw new Superseded();
  }

  /** Indexes the article as a story of its own and moves it on, in the verdict's transaction. */
  private async index(trx: Knex.Transaction, article: ArticleForDedupe, sig: number[]): Promise<void> {
    const own = trx('articles').where({ id: article.id });
    if (article.pipeline_generation !== undefined) own.where({ pipeline_generation: article.pipeline_generation });
    own.update(
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
    // The verdict and the index entries in one statement; no entries when the article moved on to a new generation.
    const { rows } = await trx.raw(
      `WITH own AS (?), indexed AS (
         INSERT INTO article_lsh_bands (band, bucket, article_id)
         SELECT q.band, q.bucket, own.id FROM own CROSS JOIN unnest(?::int[], ?::int[]) AS q(band, bucket)
         ON CONFLICT (band, bucket, article_id) DO NOTHING
       )
       SELECT count(*)::int AS n FROM own`,
      [own, buckets.map((_, band) => band), buckets],
    );
    if (!rows[0].n) throw new Superseded();
  }
}
