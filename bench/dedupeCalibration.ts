/**
 * Precision and recall of the near-duplicate rule on the labelled STS-B news
 * headline pairs (score ≥ 4: same story; ≤ 1: different), per threshold.
 * Reads ../shared/data when present; prints nothing else and copies no text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { bandBuckets, signature, similarity } from '../services/pipeline/src/dedupe/minhash';

export const LABELLED_PAIRS = path.resolve('../shared/data/near_duplicates/stsb_headlines/sts-train.headlines.tsv');

export function loadPairs(): { a: string; b: string; duplicate: boolean }[] | null {
  if (!fs.existsSync(LABELLED_PAIRS)) return null;
  return fs
    .readFileSync(LABELLED_PAIRS, 'utf8')
    .split('\n')
    .map((line) => line.split('\t'))
    .filter((cols) => cols.length >= 7)
    .map((cols) => ({ score: Number(cols[4]), a: cols[5]!, b: cols[6]! }))
    .filter((p) => p.score >= 4 || p.score <= 1)
    .map((p) => ({ a: p.a, b: p.b, duplicate: p.score >= 4 }));
}

/** Detector verdict for a pair: an LSH candidate whose estimated similarity reaches the threshold. */
export function judge(a: string, b: string, threshold: number): boolean {
  const sa = signature(a);
  const sb = signature(b);
  const ba = bandBuckets(sa);
  const bb = bandBuckets(sb);
  const candidate = ba.some((bucket, i) => bucket === bb[i]);
  return candidate && similarity(sa, sb) >= threshold;
}

export function score(pairs: NonNullable<ReturnType<typeof loadPairs>>, threshold: number) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const p of pairs) {
    const said = judge(p.a, p.b, threshold);
    if (said && p.duplicate) tp++;
    else if (said) fp++;
    else if (p.duplicate) fn++;
  }
  return { threshold, precision: tp / Math.max(1, tp + fp), recall: tp / Math.max(1, tp + fn), pairs: pairs.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('bench/dedupeCalibration.ts')) {
  const pairs = loadPairs();
  if (!pairs) {
    console.log('Labelled pairs not found; calibration skipped.');
  } else {
    console.table([0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7].map((t) => score(pairs, t)));
  }
}
