/**
 * MinHash signatures with LSH banding for near-duplicate detection.
 *
 * Text → its content words (storyText.ts: stop words dropped, Porter stems)
 * → NUM_HASHES minimum hash values (word pairs were tried: on the labelled
 * headline pairs they cut recall far more than they raised precision). Two texts'
 * signatures agree in a share of positions that estimates the Jaccard
 * similarity of their shingle sets. The signature is cut into BANDS bands of
 * ROWS values; texts sharing any band bucket become candidates, so a lookup
 * touches only the matching buckets, however many articles are stored.
 * With 64 bands × 2 rows a pair at similarity s becomes a candidate with
 * probability 1 − (1 − s²)⁶⁴: 0.92 at s = 0.2, 0.998 at s = 0.3, so the
 * comparison of the candidates' texts (storyMatch.ts), not the banding, decides.
 */
import { contentWords } from './storyText';

export const NUM_HASHES = 128;
export const BANDS = 64;
export const ROWS = NUM_HASHES / BANDS;

/** The set of content words a signature is taken over (stop words dropped, number words as digits, stemmed). */
export function shingles(text: string): Set<string> {
  return new Set(contentWords(text));
}

/** 32-bit FNV-1a. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A strong 32-bit finaliser (murmur3 fmix32): hash i of x is mix(x ^ seed_i). */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const SEEDS = Array.from({ length: NUM_HASHES }, (_, i) => mix(0x9e3779b9 ^ Math.imul(i + 1, 0x27d4eb2d)));

/** The MinHash signature of a text (signed 32-bit values, as Postgres integers store them). */
export function signature(text: string): number[] {
  return signatureOf(shingles(text));
}

/** The MinHash signature of a set of words. */
export function signatureOf(words: Iterable<string>): number[] {
  const mins = new Array<number>(NUM_HASHES).fill(0xffffffff);
  for (const shingle of words) {
    const base = fnv1a(shingle);
    for (let i = 0; i < NUM_HASHES; i++) {
      const h = mix(base ^ SEEDS[i]!);
      if (h < mins[i]!) mins[i] = h;
    }
  }
  return mins.map((v) => v | 0);
}

/** Share of positions on which two signatures agree: the estimated Jaccard similarity. */
export function similarity(a: number[], b: number[]): number {
  let same = 0;
  for (let i = 0; i < NUM_HASHES; i++) if (a[i] === b[i]) same++;
  return same / NUM_HASHES;
}

/** The bucket of each band: a hash of its ROWS values. */
export function bandBuckets(sig: number[]): number[] {
  const buckets: number[] = [];
  for (let b = 0; b < BANDS; b++) {
    let h = 0x811c9dc5 ^ b;
    for (let r = 0; r < ROWS; r++) h = Math.imul(h ^ sig[b * ROWS + r]!, 0x01000193);
    buckets.push(mix(h) | 0);
  }
  return buckets;
}
