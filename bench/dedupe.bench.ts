/**
 * Duplicate detection: time per article check with 10,000 and with 100,000
 * stored articles (goal: ≤ 1.3× growth), and precision/recall on the labelled
 * headline pairs (goal: precision ≥ 0.95, recall ≥ 0.85; bench/dedupeCalibration.ts prints the rest).
 */
import { DuplicateDetector } from '../services/pipeline/src/dedupe/duplicateDetector';
import { bandBuckets, signature } from '../services/pipeline/src/dedupe/minhash';
import { SHORT_THRESHOLD } from '../services/pipeline/src/dedupe/storyMatch';
import { benchDatabase } from './support';
import { loadHeadlinePairs, scoreHeadlinePairs } from './dedupeCalibration';

const CHECKS = 300;
const VOCABULARY = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}`);
let seed = 42;
const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
const text = (words: number) => Array.from({ length: words }, () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]).join(' ');

const database = await benchDatabase();
const db = database.db;
const detector = new DuplicateDetector(db);

/** Stores `count` indexed articles the fast way (signatures and bands in bulk). */
async function grow(to: number) {
  const { rows } = await db.raw<{ rows: { n: number }[] }>('SELECT count(*)::int AS n FROM articles');
  for (let start = rows[0]!.n; start < to; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, to - start) }, (_, i) => {
      const body = text(150);
      return {
        title: `Stored story ${start + i}`,
        author: 'Bench',
        publish_date: new Date(),
        category: 'Research',
        content: body,
        pipeline_stage: 'deduped',
        minhash_signature: signature(`Stored story ${start + i} ${body}`),
      };
    });
    const ids: { id: number; minhash_signature: number[] }[] = await db('articles').insert(batch).returning(['id', 'minhash_signature']);
    await db.batchInsert(
      'article_lsh_bands',
      ids.flatMap((r) => bandBuckets(r.minhash_signature).map((bucket, band) => ({ band, bucket, article_id: r.id }))),
      5000,
    );
  }
  await db.raw('ANALYZE articles; ANALYZE article_lsh_bands');
}

async function timeChecks(): Promise<number> {
  const probes = [];
  for (let i = 0; i < CHECKS; i++) {
    const [row] = await db('articles')
      .insert({ title: `Probe ${i} ${Math.random()}`, author: 'Bench', publish_date: new Date(), category: 'Research', content: text(150) })
      .returning('*');
    probes.push(row);
  }
  const started = performance.now();
  for (const p of probes) await detector.check(p);
  return (performance.now() - started) / CHECKS;
}

try {
  await grow(10_000);
  const at10k = await timeChecks();
  // The 10k probes stay stored; they are 0.3% of the larger set.
  await grow(100_000);
  const at100k = await timeChecks();
  console.log('\nDuplicate check time per article (MinHash + LSH lookup, one transaction each)');
  console.table([
    { stored: 10_000, 'ms per check': Number(at10k.toFixed(2)) },
    { stored: 100_000, 'ms per check': Number(at100k.toFixed(2)) },
  ]);
  const growth = at100k / at10k;
  console.log(`growth 10k → 100k: ${growth.toFixed(2)}× (goal ≤ 1.3×: ${growth <= 1.3 ? 'met' : 'not met'})`);

  const pairs = loadHeadlinePairs();
  if (!pairs) console.log('Labelled pairs (../shared/data) not present: precision/recall skipped.');
  else {
    const r = scoreHeadlinePairs(pairs);
    console.log(
      `labelled STS-B headline pairs (${r.pairs}): threshold ${SHORT_THRESHOLD} → precision ${r.precision.toFixed(3)} (goal ≥ 0.95), recall ${r.recall.toFixed(3)} (goal ≥ 0.85)`,
    );
  }
} finally {
  await database.drop();
}
