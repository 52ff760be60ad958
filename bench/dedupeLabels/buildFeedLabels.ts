/**
 * Builds feedLabels.json from the real feeds in ../shared/data (run: npx tsx bench/dedupeLabels/buildFeedLabels.ts).
 * Stores references only (feed file, guid or link, label), never text.
 *
 * - distinct: pairs of items of one feed with different identities whose titles
 *   or texts look alike by plain word overlap (titles sharing half their words,
 *   or title + summary sharing 40%): "Windsurf Wave 6" / "Windsurf Wave 7",
 *   "Series A" / "Series B", "Changelist: May 2024" / "Changelist: June 2024".
 *   One publisher's two posts are two stories.
 * - crossPosts: the feeds hold no copy of one another's items, so cross-posts are
 *   made the way syndication makes them: a real item re-published by another
 *   feed with one of the changes in CROSS_POST_CHANGES (dedupeCalibration.ts).
 *   Every fourth item of every feed, the change taking turns.
 * The selection uses no part of the duplicate detector.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CROSS_POST_CHANGES } from '../dedupeCalibration';
import { itemBody, loadRealItems, type RealItem } from './realFeeds';

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
const jaccard = (a: Set<string>, b: Set<string>) => {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared || 1);
};

/** What sets two lookalike titles apart, for the report. */
function kind(a: string, b: string): string {
  if (a.trim().toLowerCase() === b.trim().toLowerCase()) return 'same title';
  const digits = (s: string) => (s.match(/\d[\d.,]*/g) ?? []).join(' ');
  if (/[$€£]/.test(a + b) && digits(a) !== digits(b)) return 'money';
  if (/\b(19|20)\d\d\b/.test(a + b) && digits(a) !== digits(b)) return 'year';
  if (digits(a) !== digits(b)) return 'number or version';
  return 'wording or name';
}

const items = await loadRealItems();
if (!items) {
  console.log('../shared/data/feeds/ai_lab_blogs not present: nothing to build.');
  process.exit(0);
}
const byFeed = new Map<string, RealItem[]>();
for (const item of items) byFeed.set(item.feed, [...(byFeed.get(item.feed) ?? []), item]);

const distinct: { feed: string; a: string; b: string; kind: string }[] = [];
const crossPosts: { feed: string; ref: string; change: string }[] = [];
for (const [feed, feedItems] of byFeed) {
  const unique = [...new Map(feedItems.map((i) => [i.key, i])).values()];
  const prepared = unique.map((i) => ({ item: i, title: words(i.title), text: words(`${i.title} ${itemBody(i)}`) }));
  for (let x = 0; x < prepared.length; x++) {
    for (let y = x + 1; y < prepared.length; y++) {
      const a = prepared[x]!;
      const b = prepared[y]!;
      if (jaccard(a.title, b.title) >= 0.5 || jaccard(a.text, b.text) >= 0.4)
        distinct.push({ feed, a: a.item.ref, b: b.item.ref, kind: kind(a.item.title, b.item.title) });
    }
  }
  unique.forEach((item, n) => {
    if (n % 4 === 0) crossPosts.push({ feed, ref: item.ref, change: CROSS_POST_CHANGES[(n / 4) % CROSS_POST_CHANGES.length]! });
  });
}
const out = path.join(import.meta.dirname, 'feedLabels.json');
fs.writeFileSync(out, `${JSON.stringify({ source: 'feeds/ai_lab_blogs (../shared/data)', distinct, crossPosts }, null, 1)}\n`);
console.log(`${out}: ${distinct.length} distinct same-publisher pairs, ${crossPosts.length} cross-posts`);
