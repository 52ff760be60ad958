import { describe, expect, it } from 'vitest';
import { BANDS, bandBuckets, shingles, signature, similarity } from './minhash';

const jaccard = (a: Set<string>, b: Set<string>) => {
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
};

describe('MinHash', () => {
  const a = 'The lab released an open weights language model that tops a reasoning benchmark after months of training on curated data';
  const b = 'An open weights language model from the lab tops a reasoning benchmark after months of training on curated data sets';
  const c = 'City council approves new bicycle lanes along the river after a long public consultation about traffic safety';

  it('is deterministic and estimates Jaccard similarity', () => {
    expect(signature(a)).toEqual(signature(a));
    const exact = jaccard(shingles(a), shingles(b));
    expect(Math.abs(similarity(signature(a), signature(b)) - exact)).toBeLessThan(0.15);
    expect(similarity(signature(a), signature(c))).toBeLessThan(0.1);
  });

  it('puts near-duplicates in a shared LSH bucket and unrelated texts in none', () => {
    const [ba, bb, bc] = [a, b, c].map((t) => bandBuckets(signature(t)));
    expect(ba).toHaveLength(BANDS);
    expect(ba.some((x, i) => x === bb![i])).toBe(true);
    expect(ba.some((x, i) => x === bc![i])).toBe(false);
  });
});
