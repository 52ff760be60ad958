import { describe, expect, it } from 'vitest';
import { judgeAcrossFeeds, judgeFeedLabels, loadHeadlinePairs, scoreHeadlinePairs } from '../../../bench/dedupeCalibration';
import { SHARED_DATA, sharedDataPresent } from '../../../bench/dedupeLabels/realFeeds';

/**
 * Guards the duplicate check on labelled real data (../shared/data): the same
 * figures `npx tsx bench/dedupeCalibration.ts` prints. Without the shared data
 * each test says so and checks nothing; the fixture tests in
 * services/pipeline/src/dedupe/storyMatch.test.ts still run.
 */
const absent = (what: string) => console.log(`${what} not found under ${SHARED_DATA}: calibration check skipped.`);

describe('duplicate check calibrated on real data', () => {
  it('STS-B headline pairs: precision ≥ 0.95 and recall ≥ 0.85', () => {
    const pairs = loadHeadlinePairs();
    if (!pairs) return absent('STS-B headline pairs');
    const result = scoreHeadlinePairs(pairs);
    expect(result.pairs).toBeGreaterThan(900);
    expect(result.precision).toBeGreaterThanOrEqual(0.95);
    expect(result.recall).toBeGreaterThanOrEqual(0.85);
  });

  it('real feeds: every cross-post caught, no false duplicate among distinct same-publisher items', async () => {
    if (!sharedDataPresent()) return absent('feeds/ai_lab_blogs');
    const { crossPosts, distinct } = (await judgeFeedLabels())!;
    expect(crossPosts.length).toBeGreaterThan(400);
    expect(distinct.length).toBeGreaterThan(500);
    expect(crossPosts.filter((c) => !c.verdict.duplicate).map((c) => `${c.feed} ${c.ref} (${c.change}): ${c.verdict.reason}`)).toEqual([]);
    expect(distinct.filter((d) => d.verdict.duplicate).map((d) => `${d.feed} ${d.a} / ${d.b}`)).toEqual([]);
    // The lookalikes of the kinds are all represented.
    expect(new Set(distinct.map((d) => d.kind))).toEqual(new Set(['wording or name', 'number or version', 'same title', 'year']));
  });

  it('real feeds: no two items of different publishers judged one story (the feeds share none)', async () => {
    if (!sharedDataPresent()) return absent('feeds/ai_lab_blogs');
    const across = (await judgeAcrossFeeds())!;
    expect(across.items).toBeGreaterThan(1800);
    expect(across.compared).toBeGreaterThan(500);
    expect(across.falseDuplicates.map((f) => `${f.a.feed} ${f.a.ref} / ${f.b.feed} ${f.b.ref}: ${f.verdict.reason}`)).toEqual([]);
  });
});
