import type { MemberState } from '../repositories/dedupeRepository';
import { similarity as estimatedSimilarity } from './minhash';
import { compareStories, type StoryComparison } from './storyMatch';
import type { StoryText } from './storyText';

/**
 * The duplicate check's decisions, free of the database: which stored copy a
 * new article repeats, which story cluster it may join, and what follows for
 * the article. duplicateDetector.ts reads the inputs and writes the outcome.
 */

/**
 * LSH candidates whose estimated similarity is below this are not worth
 * reading: the soft comparison can lift a pair a little above its exact
 * Jaccard, never from here to SHORT_THRESHOLD.
 */
export const CANDIDATE_FLOOR = 0.15;
/** Statuses of a copy that is live or on its way to the news feed. */
const VISIBLE = ['processing', 'completed'];

/** What the check knows of a story: its text and where and when it was published. */
export interface StoryFeatures {
  id: number;
  text: StoryText;
  sourceId: number | null;
  sourceUrl: string | null;
  canonicalUrl: string | null;
  publishDate: Date;
}

/** A stored copy and the cluster it belongs to. */
export interface Candidate extends StoryFeatures {
  clusterId: number | null;
}

export type Match =
  { copy: Candidate; method: 'url'; comparison: null } | { copy: Candidate; method: 'minhash'; comparison: StoryComparison };

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

const fragmentOf = (url: string | null) => {
  try {
    return url ? new URL(url).hash : '';
  } catch {
    return '';
  }
};

const compared = (s: StoryFeatures) => ({ text: s.text, sourceId: s.sourceId, publishDate: s.publishDate });

/** LSH bucket mates worth comparing: their estimated similarity reaches CANDIDATE_FLOOR. */
export function likelyCopies(sig: number[], mates: { id: number; minhash_signature: number[] | null }[]): number[] {
  return mates.filter((c) => c.minhash_signature && estimatedSimilarity(sig, c.minhash_signature) >= CANDIDATE_FLOOR).map((c) => c.id);
}

/**
 * The stored copies the article repeats, best first: the same page (canonical
 * URL and fragment, from another source: `pageCopies` hold the URL's copies)
 * before everything, then copies storyMatch calls the same story, most similar first.
 */
export function matchesOf(article: StoryFeatures, pageCopies: Candidate[], textCopies: Candidate[]): Match[] {
  const page = pageCopies.find((c) => fragmentOf(c.sourceUrl) === fragmentOf(article.sourceUrl));
  const text = textCopies
    .map((copy) => ({ copy, method: 'minhash' as const, comparison: compareStories(compared(article), compared(copy)) }))
    .filter((m) => m.comparison.duplicate)
    .sort((x, y) => y.comparison.similarity - x.comparison.similarity);
  return [...(page ? [{ copy: page, method: 'url' as const, comparison: null }] : []), ...text];
}

/**
 * Whether the article may join the cluster of the copy it matched: against
 * every other member, the same-source rule (one source's two items are one
 * story only when nearly identical) and the blocking differences (numbers,
 * versions, names) must hold too. Matching one member is not enough: a
 * roundup from another feed must not chain two releases of one changelog.
 */
export function admits(article: StoryFeatures, match: Match, members: StoryFeatures[]): boolean {
  return members.every((member) => {
    if (member.id === article.id || member.id === match.copy.id) return true;
    const c = compareStories(compared(article), compared(member));
    return c.sameSource ? c.duplicate : c.blocker === null;
  });
}

/** The first match whose cluster (members by cluster id; none yet: the copy alone) admits the article. */
export function chooseMatch(article: StoryFeatures, matches: Match[], members: Map<number, StoryFeatures[]>): Match | null {
  return matches.find((m) => m.copy.clusterId === null || admits(article, m, members.get(m.copy.clusterId) ?? [])) ?? null;
}

/** The copy published first (the lower id on a tie). */
export function originOf<T extends { id: number; publish_date: Date }>(members: T[]): T {
  return members.reduce((first, m) =>
    m.publish_date < first.publish_date || (+m.publish_date === +first.publish_date && m.id < first.id) ? m : first,
  );
}

/**
 * The verdict once the article has joined `clusterId`: a duplicate (pointing at
 * the origin) while another copy is live or on its way; when every other copy
 * is held (too thin) or failed, this one may carry the story.
 */
export function clusterVerdict(articleId: number, match: Match, clusterId: number, members: MemberState[]): DuplicateVerdict {
  const visible = members.some((m) => m.id !== articleId && (m.published || VISIBLE.includes(m.processing_status)));
  if (!visible) return { duplicate: false, clusterId };
  const origin = originOf(members);
  const isOrigin = origin.id === articleId;
  return {
    duplicate: true,
    method: match.method,
    similarity: Number(match.comparison?.similarity.toFixed(3) ?? 1),
    matchedId: match.copy.id,
    originalId: isOrigin ? null : origin.id,
    clusterId,
    origin: isOrigin,
  };
}
