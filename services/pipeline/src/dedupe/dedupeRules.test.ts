import { describe, expect, it } from 'vitest';
import { admits, chooseMatch, clusterVerdict, likelyCopies, matchesOf, originOf, type Candidate } from './dedupeRules';
import { signatureOf } from './minhash';
import { storyText } from './storyText';

// Releases, roundups and posts written for these tests.
const at = new Date('2026-11-20T08:00:00Z');
const HOUR = 3_600_000;
let nextId = 1;
const copy = (
  title: string,
  body: string,
  sourceId: number,
  extra: Partial<Pick<Candidate, 'clusterId' | 'sourceUrl' | 'canonicalUrl' | 'publishDate'>> = {},
): Candidate => ({
  id: nextId++,
  text: storyText(title, body),
  sourceId,
  sourceUrl: null,
  canonicalUrl: null,
  publishDate: at,
  clusterId: null,
  ...extra,
});
const notes = 'fixes the sync bug in the editor plugin and speeds up indexing of large workspaces on slow disks.';
const release = (version: string, sourceId: number, extra = {}) =>
  copy(`Quillkit ${version}`, `Quillkit ${version} ${notes}`, sourceId, extra);
const roundup = (sourceId: number, extra = {}) => copy('Quillkit release fixes the editor sync bug', `Quillkit ${notes}`, sourceId, extra);

describe('which stored copy an article repeats', () => {
  it('the same page from another source comes first, then text matches, most similar first', () => {
    const article = copy('Lab ships a planner for robot arms', 'The planner moves arms around obstacles in real time.', 1, {
      sourceUrl: 'https://lab.example/post#planner',
      canonicalUrl: 'https://lab.example/post',
    });
    const otherSection = copy('Lab blog, week 47', 'Notes from the lab.', 2, { sourceUrl: 'https://lab.example/post#week' });
    const samePage = copy('Lab blog, week 47', 'Notes from the lab.', 3, { sourceUrl: 'https://lab.example/post#planner' });
    const close = copy('Lab ships a planner for robot arms', 'The planner steers arms past obstacles, the lab says.', 4);
    const closer = copy('Lab ships a planner for robot arms', 'The planner moves arms around obstacles in real time.', 5);
    const unrelated = copy('Chip maker opens a plant in Ohio', 'The plant will employ 900 people by 2028.', 6);
    const matches = matchesOf(article, [otherSection, samePage], [close, unrelated, closer]);
    expect(matches.map((m) => [m.copy.id, m.method])).toEqual([
      [samePage.id, 'url'],
      [closer.id, 'minhash'],
      [close.id, 'minhash'],
    ]);
  });

  it('only bucket mates whose estimated similarity is worth a comparison are read', () => {
    const words = storyText('Quillkit 2.0.67', `Quillkit 2.0.67 ${notes}`).words;
    const sig = signatureOf(words);
    const mates = [
      { id: 1, minhash_signature: sig },
      { id: 2, minhash_signature: signatureOf(storyText('Chip maker opens a plant in Ohio', 'Nine hundred jobs by 2028.').words) },
      { id: 3, minhash_signature: null },
    ];
    expect(likelyCopies(sig, mates)).toEqual([1]);
  });
});

describe('which cluster an article may join', () => {
  it('a release matching a roundup does not join it when the roundup is clustered with another release of the same changelog', () => {
    const newer = release('2.0.67', 1, { clusterId: 7 });
    const news = roundup(2, { clusterId: 7 });
    const older = release('2.0.63', 1);
    const matches = matchesOf(older, [], [news, newer]);
    // The roundup matches each release on its own; the two releases never match each other.
    expect(matches.map((m) => m.copy.id)).toEqual([news.id]);
    expect(admits(older, matches[0]!, [newer, news])).toBe(false);
    expect(chooseMatch(older, matches, new Map([[7, [newer, news]]]))).toBeNull();
  });

  it('a member from a third source with a conflicting version blocks as well', () => {
    const news = roundup(2, { clusterId: 8 });
    const mirror = release('2.0.67', 3, { clusterId: 8 });
    const older = release('2.0.63', 1);
    const [match] = matchesOf(older, [], [news]);
    expect(match).toBeDefined();
    expect(admits(older, match!, [news, mirror])).toBe(false);
  });

  it('the next best match is taken when the best one is refused, and a copy with no cluster yet admits', () => {
    const news = roundup(2, { clusterId: 9 });
    const newer = release('2.0.67', 1, { clusterId: 9 });
    const mirror = release('2.0.63', 3);
    const older = release('2.0.63', 1);
    const matches = matchesOf(older, [], [news, mirror]);
    expect(matches.map((m) => m.copy.id)).toEqual([mirror.id, news.id]);
    expect(chooseMatch(older, matches.toReversed(), new Map([[9, [news, newer]]]))?.copy.id).toBe(mirror.id);
  });

  it('a copy joins a cluster whose every member agrees with it', () => {
    const first = roundup(2, { clusterId: 10 });
    const second = roundup(3, { clusterId: 10 });
    const third = release('2.0.67', 4);
    const matches = matchesOf(third, [], [first]);
    expect(chooseMatch(third, matches, new Map([[10, [first, second]]]))?.copy.id).toBe(first.id);
  });
});

describe('the verdict once in a cluster', () => {
  const member = (id: number, hoursAfter: number, published: boolean, processing_status: string) => ({
    id,
    publish_date: new Date(+at + hoursAfter * HOUR),
    published,
    processing_status,
  });
  const match = matchesOf(release('2.0.67', 1), [], [roundup(2)])[0]!;

  it('held as a duplicate of the copy published first while another copy is live', () => {
    const members = [member(1, 0, true, 'completed'), member(2, 3, false, 'processing')];
    expect(originOf(members).id).toBe(1);
    expect(clusterVerdict(2, match, 5, members)).toMatchObject({ duplicate: true, originalId: 1, origin: false, clusterId: 5 });
  });

  it('published before every known copy: the origin, still held while the live copy stands', () => {
    const members = [member(1, 0, true, 'completed'), member(2, -3, false, 'processing')];
    expect(clusterVerdict(2, match, 5, members)).toMatchObject({ duplicate: true, originalId: null, origin: true });
  });

  it('every other copy held or failed: this one carries the story', () => {
    const members = [member(1, 0, false, 'duplicate'), member(3, 1, false, 'failed'), member(2, 3, false, 'processing')];
    expect(clusterVerdict(2, match, 5, members)).toEqual({ duplicate: false, clusterId: 5 });
  });
});
