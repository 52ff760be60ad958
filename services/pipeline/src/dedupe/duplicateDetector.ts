import type { Knex } from '@neuralbeat/common';
import { htmlToText } from '@neuralbeat/common/html';
import { ArticlesRepository } from '../repositories/articlesRepository';
import { DedupeRepository, type StoredCopy } from '../repositories/dedupeRepository';
import { chooseMatch, clusterVerdict, likelyCopies, matchesOf, originOf, type Candidate, type DuplicateVerdict } from './dedupeRules';
import { signatureOf } from './minhash';
import { storyText } from './storyText';

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

/** The article was edited while being judged: roll the verdict back. */
class Superseded extends Error {}

const bodyOf = (a: { content?: string | null; excerpt?: string | null }) => htmlToText(a.content) || (a.excerpt ?? '');

const featuresOf = (copy: StoredCopy): Candidate => ({
  id: copy.id,
  text: storyText(copy.title, bodyOf(copy)),
  sourceId: copy.source_id,
  sourceUrl: copy.source_url,
  canonicalUrl: copy.canonical_url,
  publishDate: copy.publish_date,
  clusterId: copy.story_cluster_id,
});

/**
 * True duplicates only, grouped into story clusters. A story's copies are found
 * through MinHash/LSH buckets (cost independent of the number of stored
 * articles) or by being the same page from another source, and judged by
 * dedupeRules.ts. A copy joins the best match's cluster that admits it; the
 * cluster's origin is the copy published first. A copy is held as a duplicate
 * only while another copy of the story is live or on its way; an
 * earlier-published copy that arrives late becomes the origin (credited on the
 * live item's page) without taking the live item down.
 */
export class DuplicateDetector {
  private readonly db: Knex;
  private readonly articles: ArticlesRepository;
  private readonly dedupe: DedupeRepository;
  constructor(db: Knex) {
    this.db = db;
    this.articles = new ArticlesRepository(db);
    this.dedupe = new DedupeRepository(db);
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
    const own: Candidate = {
      id: article.id,
      text,
      sourceId: article.source_id ?? null,
      sourceUrl: article.source_url ?? null,
      canonicalUrl: article.canonical_url ?? null,
      publishDate: article.publish_date,
      clusterId: null,
    };
    const { dedupe } = this;
    return this.db.transaction(async (trx) => {
      const index = async (): Promise<void> => {
        if (!(await dedupe.index(trx, article.id, article.pipeline_generation, sig))) throw new Superseded();
      };
      await dedupe.lockStory(trx, article.minhash_signature ? [sig, article.minhash_signature] : [sig], own.canonicalUrl);
      if (article.minhash_signature) await dedupe.dropIndex(trx, article.id);
      // A live article run again after an edit keeps its place: only its index entry is renewed.
      if (article.published) {
        await index();
        return { duplicate: false, clusterId: article.story_cluster_id ?? null };
      }
      let clustersLocked = false;
      const lockClusters = async () => {
        if (!clustersLocked) await dedupe.lockClusters(trx);
        clustersLocked = true;
      };
      if (article.story_cluster_id) {
        await lockClusters();
        await dedupe.leaveCluster(trx, article.id, article.story_cluster_id);
      }

      const pageCopies = own.canonicalUrl ? await dedupe.samePageCopies(trx, own.canonicalUrl, article.id, own.sourceId) : [];
      const likely = likelyCopies(sig, await dedupe.bucketMates(trx, sig, article.id));
      const textCopies = likely.length ? await dedupe.copies(trx, likely) : [];
      const matches = matchesOf(own, pageCopies.map(featuresOf), textCopies.map(featuresOf));
      if (!matches.length) {
        await index();
        return { duplicate: false, clusterId: null };
      }
      await lockClusters();
      // Read again under the lock: another copy of the story may have just given a match its cluster.
      const clusters = await dedupe.clustersOf(
        trx,
        matches.map((m) => m.copy.id),
      );
      for (const m of matches) m.copy.clusterId = clusters.get(m.copy.id) ?? null;
      const clusterIds = [...new Set(matches.flatMap((m) => (m.copy.clusterId === null ? [] : [m.copy.clusterId])))];
      const members = new Map<number, Candidate[]>();
      for (const member of clusterIds.length ? await dedupe.members(trx, clusterIds) : []) {
        const features = featuresOf(member);
        members.set(features.clusterId!, [...(members.get(features.clusterId!) ?? []), features]);
      }
      const match = chooseMatch(own, matches, members);
      if (!match) {
        // Every cluster it matched holds a copy it must stay apart from: a story of its own.
        await index();
        return { duplicate: false, clusterId: null };
      }
      const clusterId = match.copy.clusterId ?? (await dedupe.newCluster(trx, match.copy.id));
      await dedupe.join(trx, article.id, clusterId);
      const states = await dedupe.memberStates(trx, clusterId);
      await dedupe.setOrigin(trx, clusterId, originOf(states).id);
      const verdict = clusterVerdict(article.id, match, clusterId, states);
      if (!verdict.duplicate) {
        await index();
        return verdict;
      }
      const recorded = await this.articles.updatePass(
        article.id,
        article.pipeline_generation,
        {
          is_duplicate: true,
          duplicate_of: verdict.originalId,
          duplicate_detection_data: {
            method: verdict.method,
            similarity: verdict.similarity,
            matchedId: verdict.matchedId,
            clusterId,
            origin: verdict.origin,
            ...(match.comparison ? { reason: match.comparison.reason } : {}),
          },
          processing_status: 'duplicate',
          pipeline_stage: 'deduped',
        },
        trx,
      );
      if (!recorded) throw new Superseded();
      // Held copies point at the origin, which may just have changed.
      await dedupe.pointHeldCopiesAt(trx, clusterId, verdict.originalId ?? article.id);
      return verdict;
    });
  }
}
