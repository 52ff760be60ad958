import { stemmer } from 'stemmer';
import { NUMBER_WORDS, STOP_WORDS, isDesignator, tokensOf, type StoryText } from './storyText';

/**
 * When two stories are one. Calibrated and guarded by bench/dedupeCalibration.ts
 * (labelled STS-B headline pairs; cross-posts, same-publisher lookalikes and
 * cross-feed pairs of the real feeds in ../shared/data) and
 * tests/integration/pipeline/dedupeCalibration.test.ts.
 *
 * - Different sources: word similarity (soft Jaccard of content words) at or
 *   above SHORT_THRESHOLD for short texts or LONG_THRESHOLD for articles, or
 *   the same text re-published (same headline give or take the site's name,
 *   text contained in the other), or the same headline of four words or more
 *   printed the same day; and no blocking difference.
 * - The same source: two items with different identities are different stories
 *   unless nearly identical (SAME_SOURCE_THRESHOLD, headline included) with no
 *   number, version, amount, month or name differing at all, even on one side.
 * - Blocking differences: numbers, versions, amounts and months that conflict
 *   (each side has one the other lacks: "Grok 4.1" / "Grok 4", "$13B Series F" /
 *   "$65B Series H", "2025" / "2026"); a name swapped for another in otherwise
 *   matching titles or opening sentences ("Reed Hastings" / "Chris Liddell",
 *   "Series F" / "Series H", "Claude Sonnet 5" / "Claude Opus 5").
 * - Short texts (a headline, a line of summary) need stronger evidence than
 *   articles: a few shared words are easily chance, so besides the similarity
 *   they must share SHORT_MIN_SHARED_WORDS words other than numbers and dates
 *   and be published within SHORT_WINDOW_DAYS of each other. An article pair
 *   passing LONG_THRESHOLD shares dozens of words.
 */
export const SHORT_THRESHOLD = 0.35;
/**
 * The same for two full articles. No labelled full-article pairs exist to tune
 * it on, so it stays where the title-and-text check was calibrated before (0.40):
 * copies and close rewrites pass, independent write-ups on one topic do not.
 */
export const LONG_THRESHOLD = 0.4;
/** Two items of one source are one story only when nearly identical, headline included. */
export const SAME_SOURCE_THRESHOLD = 0.9;
export const SAME_SOURCE_TITLE_THRESHOLD = 0.75;
/** Fewer distinct content words than this on either side is a short text. */
export const SHORT_TEXT_WORDS = 30;
export const SHORT_MIN_SHARED_WORDS = 3;
export const SHORT_WINDOW_DAYS = 14;
/** Content words (numbers and dates aside) a headline needs for two sources printing it the same day to be one story. */
export const SAME_HEADLINE_MIN_WORDS = 4;

export interface ComparedStory {
  text: StoryText;
  sourceId: number | null;
  publishDate: Date | null;
}

export interface Blocker {
  kind: 'numbers' | 'names';
  /** What one side says that the other does not. */
  a: string[];
  b: string[];
}

export interface StoryComparison {
  duplicate: boolean;
  similarity: number;
  short: boolean;
  sameSource: boolean;
  blocker: Blocker | null;
  /** Why not, when not a duplicate. */
  reason: string;
}

/** Common prefix length. */
function prefix(a: string, b: string): number {
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return k;
}

function editDistanceAtMostOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  // Two neighbouring letters swapped ("Eygptian") is one slip, too.
  if (a.length === b.length) {
    const diff = [...a].flatMap((c, k) => (c === b[k] ? [] : [k]));
    if (diff.length === 2 && diff[1] === diff[0]! + 1 && a[diff[0]!] === b[diff[1]!] && a[diff[1]!] === b[diff[0]!]) return true;
  }
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

const asNumber = (w: string) => NUMBER_WORDS[w] ?? (/^\d+(st|nd|rd|th)$/.test(w) ? w.replace(/\D+$/, '') : w);
/** Endings that turn a name into its demonym or inflect it: "Syria"/"Syrian", "China"/"Chinese", "Mexico"/"Mexican". */
const VARIANT_ENDINGS = new Set([
  '',
  'a',
  'e',
  'i',
  'o',
  'n',
  's',
  'an',
  'ans',
  'en',
  'es',
  'ia',
  'ian',
  'ians',
  'ic',
  'ics',
  'ish',
  'ese',
  'ean',
  'ine',
]);

/**
 * Whether two words name the same thing, spelled differently: stems, number
 * words and digits ("eleven" / "11"), demonyms ("Syrian" / "Syria", "Chinese"
 * / "China"), one-letter slips in longer words ("Rowhani" / "Rohani",
 * "Eygptian" / "Egyptian"). Numbers and designators must match exactly, and
 * names that merely share a beginning ("OpenCode" / "OpenClaw") do not match.
 */
export function sameWord(x: string, y: string): boolean {
  const a = asNumber(x.toLowerCase());
  const b = asNumber(y.toLowerCase());
  if (a === b) return true;
  if (/\d/.test(a) || /\d/.test(b) || a.length < 3 || b.length < 3) return false;
  if (stemmer(a) === stemmer(b)) return true;
  const k = prefix(a, b);
  if (k >= 4 && VARIANT_ENDINGS.has(a.slice(k)) && VARIANT_ENDINGS.has(b.slice(k))) return true;
  return Math.min(a.length, b.length) >= 5 && editDistanceAtMostOne(a, b);
}

/** Jaccard similarity where words that sameWord() pairs up count as shared; also returns how many were shared. */
export function softJaccard(a: Set<string>, b: Set<string>): { similarity: number; shared: number; sharedWords: number } {
  const unmatched = new Set(b);
  let shared = 0;
  let sharedWords = 0;
  const fuzzy: string[] = [];
  for (const w of a) {
    if (unmatched.delete(w)) {
      shared++;
      if (!isDetail(w)) sharedWords++;
    } else fuzzy.push(w);
  }
  for (const w of fuzzy) {
    for (const candidate of unmatched) {
      if (sameWord(w, candidate)) {
        unmatched.delete(candidate);
        shared++;
        if (!isDetail(w)) sharedWords++;
        break;
      }
    }
  }
  const union = a.size + b.size - shared;
  return { similarity: union ? shared / union : 0, shared, sharedWords };
}

const MONTH_STEMS = new Set(
  ['january', 'february', 'march', 'april', 'june', 'july', 'august', 'september', 'october', 'november', 'december'].map((m) =>
    stemmer(m),
  ),
);
/** Numbers, versions and months: shared by many unrelated posts ("August 2024 Product Update" / "Changelist: August 2024"), so no evidence of one story by themselves. */
const isDetail = (w: string) => /\d/.test(w) || MONTH_STEMS.has(w);

const appearsIn = (name: string, words: Set<string>) => {
  if (words.has(name)) return true;
  for (const w of words) if (sameWord(name, w)) return true;
  return false;
};

/** Numbers of one side's title and lead that the other's whole text lacks, both ways. */
function numberDifferences(a: StoryText, b: StoryText): Blocker {
  return { kind: 'numbers', a: [...a.numbers].filter((n) => !b.allNumbers.has(n)), b: [...b.numbers].filter((n) => !a.allNumbers.has(n)) };
}

/** Names of one side's title and lead that appear nowhere in the other's text, both ways. */
function nameDifferences(a: StoryText, b: StoryText): Blocker {
  return {
    kind: 'names',
    a: [...a.names].filter((n) => !appearsIn(n, b.allWords)),
    b: [...b.names].filter((n) => !appearsIn(n, a.allWords)),
  };
}

const capitalised = (w: string) => /^\p{Lu}/u.test(w);
const hasDigit = (w: string) => /\d/.test(w);
/** Acronyms, mixed case ("OpenAI", "xAI") and designator letters name something wherever they stand. */
const special = (w: string, position: number, next?: string) =>
  isDesignator(w, position, next) || (w.length > 1 && /\p{Lu}.*\p{Lu}/u.test(w)) || /^\p{Ll}+\p{Lu}/u.test(w);
/** Most longer words capitalised: capitals say nothing about names here. */
function titleCase(tokens: string[]): boolean {
  const long = tokens.filter((w) => w.length >= 4 && !STOP_WORDS.has(w.toLowerCase()) && !hasDigit(w));
  return long.length >= 3 && long.filter(capitalised).length / long.length >= 0.8;
}
/** "GE" for "General Electric", "BoE" for "Bank of England", "USGS" for "US Geological Survey" (an acronym among the words gives all its letters). */
function acronymOf(acronym: string, words: string[]): boolean {
  if (acronym.length < 2 || !/^\p{Lu}/u.test(acronym) || !/\p{Lu}$/u.test(acronym)) return false;
  const letters = acronym.toLowerCase();
  const initials = (ws: string[]) => ws.map((w) => (/^\p{Lu}+$/u.test(w) && w.length > 1 ? w : w[0]!).toLowerCase()).join('');
  return initials(words) === letters || initials(words.filter((w) => !STOP_WORDS.has(w.toLowerCase()))) === letters;
}

interface Hunk {
  a: string[];
  b: string[];
  /** Positions of the hunk's first word in each title, and whether a word with a digit stands in it or right next to it. */
  aStart: number;
  bStart: number;
  nearDigit: boolean;
}

/** Where two titles differ, lined up word by word (longest common subsequence under sameWord). */
function differences(a: string[], b: string[]): Hunk[] {
  const n = a.length;
  const m = b.length;
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] = sameWord(a[i]!, b[j]!) ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const hunks: Hunk[] = [];
  let i = 0;
  let j = 0;
  let current: Hunk | null = null;
  const close = () => {
    if (!current) return;
    const aEnd = current.aStart + current.a.length;
    const bEnd = current.bStart + current.b.length;
    current.nearDigit = [a[current.aStart - 1], a[aEnd], b[current.bStart - 1], b[bEnd], ...current.a, ...current.b].some(
      (w) => w !== undefined && hasDigit(w),
    );
    hunks.push(current);
    current = null;
  };
  const open = () => (current ??= { a: [], b: [], aStart: i, bStart: j, nearDigit: false });
  while (i < n || j < m) {
    if (i < n && j < m && sameWord(a[i]!, b[j]!)) {
      close();
      i++;
      j++;
    } else if (j >= m || (i < n && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) open().a.push(a[i++]!);
    else open().b.push(b[j++]!);
  }
  close();
  return hunks;
}

/**
 * A name swapped for another in otherwise matching titles: a difference where
 * each side has only capitalised words and at least one that is surely a name
 * (not just a sentence's first word, or an acronym, mixed case or designator).
 * When both titles capitalise every word, only a swap next to a number counts
 * ("Claude Sonnet 5" / "Claude Opus 5"): there, capitals tell verbs from names no more.
 */
export function nameSwap(a: string[], b: string[]): Blocker | null {
  const bothTitleCase = titleCase(a) && titleCase(b);
  // Numbers in a difference are the number check's business; the words around them are looked at here.
  const meaningful = (words: string[], start: number, title: string[]) =>
    words.filter(
      (w, k) => !/^\d[\d.,]*$/.test(w) && (isDesignator(w, start + k, title[start + k + 1]) || !STOP_WORDS.has(w.toLowerCase())),
    );
  const sure = (w: string, position: number, title: string[], hunk: Hunk) =>
    // A capitalised word next to a version number names a product, wherever it stands ("Quill 2" / "Helix 3").
    !hasDigit(w) && (special(w, position, title[position + 1]) || (capitalised(w) && (hunk.nearDigit || (position > 0 && !bothTitleCase))));
  const hunks = differences(a, b);
  // Texts that differ in one place only, around a long shared run of words: a template with another subject.
  const template = hunks.length === 1 && a.length - hunks[0]!.a.length >= 6;
  for (const hunk of hunks) {
    const xs = meaningful(hunk.a, hunk.aStart, a);
    const ys = meaningful(hunk.b, hunk.bStart, b);
    if (!xs.length || !ys.length || !xs.every(capitalised) || !ys.every(capitalised)) continue;
    // In a template, one capitalised word for another is a swap of subjects even where it opens the sentence ("Ledger is available today …" / "Vega is available today …").
    const oneForOne = template && xs.length === 1 && ys.length === 1 && !bothTitleCase;
    if (
      !oneForOne &&
      (!hunk.a.some((w, k) => sure(w, hunk.aStart + k, a, hunk)) || !hunk.b.some((w, k) => sure(w, hunk.bStart + k, b, hunk)))
    )
      continue;
    if ((xs.length === 1 && acronymOf(xs[0]!, hunk.b)) || (ys.length === 1 && acronymOf(ys[0]!, hunk.a))) continue;
    return { kind: 'names', a: xs, b: ys };
  }
  return null;
}

const DAY_MS = 86_400_000;
/** Share of the shorter text's words the longer must contain for a re-published copy. */
const REPUBLISHED_CONTAINMENT = 0.8;

/**
 * A re-published copy: the same title, give or take the site's name set off by
 * a separator ("Title | Site", "Site: Title"), and the shorter text nearly all
 * contained in the longer (a site may cut the summary or add a footer).
 * Catches copies of very short items that similarity alone cannot tell from chance.
 */
function isRepublished(a: StoryText, b: StoryText): boolean {
  if (!sameHeadline(a, b)) return false;
  const [small, large] = a.words.size <= b.words.size ? [a.words, b.words] : [b.words, a.words];
  return small.size > 0 && softJaccard(small, large).shared >= REPUBLISHED_CONTAINMENT * small.size;
}

/** The same title, give or take the site's name set off by a separator. */
function sameHeadline(a: StoryText, b: StoryText): boolean {
  return (
    sameTitle(a.titleTokens, b.titleTokens) ||
    sameTitle(withoutSiteName(a.titleTokens, a.title), b.titleTokens) ||
    sameTitle(a.titleTokens, withoutSiteName(b.titleTokens, b.title))
  );
}

/**
 * The same headline from two sources on the same day: one story, whatever
 * each wrote beneath it (two blogs each summing up one paper in a paragraph of
 * their own share too few words to pass on similarity). Short headlines
 * ("Weekly update") are shared by chance and need more. "The same day" is
 * within 24 hours: two publishers' calendar days differ by their time zones.
 */
function sameHeadlineSameDay(a: ComparedStory, b: ComparedStory): boolean {
  if (!a.publishDate || !b.publishDate || Math.abs(a.publishDate.getTime() - b.publishDate.getTime()) > DAY_MS) return false;
  if (meaningfulWords(a.text.titleTokens).filter((w) => !hasDigit(w)).length < SAME_HEADLINE_MIN_WORDS) return false;
  return sameHeadline(a.text, b.text);
}

const meaningfulWords = (tokens: string[]) => tokens.filter((w) => !STOP_WORDS.has(w.toLowerCase()));
function sameTitle(a: string[], b: string[]): boolean {
  const x = meaningfulWords(a);
  const y = meaningfulWords(b);
  return x.length > 0 && x.length === y.length && x.every((w, k) => sameWord(w, y[k]!));
}

/** The title without a leading "Site: " or trailing " | Site" / " - Site" segment. */
function withoutSiteName(tokens: string[], title: string): string[] {
  const parts = title.split(/\s[|–—-]\s|:\s/);
  if (parts.length < 2) return tokens;
  const first = tokensOf(parts[0]!).length;
  const last = tokensOf(parts.at(-1)!).length;
  // Drop the shorter outer segment: a site's name is shorter than the headline.
  return first <= last ? tokens.slice(first) : tokens.slice(0, tokens.length - last);
}

/** Whether `b` repeats the story of `a` (the check is symmetric), and why or why not. `thresholds` lets calibration try others. */
export function compareStories(a: ComparedStory, b: ComparedStory, thresholds: { short?: number; long?: number } = {}): StoryComparison {
  const { similarity, sharedWords } = softJaccard(a.text.words, b.text.words);
  const sameSource = a.sourceId !== null && a.sourceId === b.sourceId;
  const short = Math.min(a.text.words.size, b.text.words.size) < SHORT_TEXT_WORDS;
  const base = { similarity, short, sameSource };
  const no = (reason: string, blocker: Blocker | null = null): StoryComparison => ({ ...base, duplicate: false, blocker, reason });

  const numbers = numberDifferences(a.text, b.text);
  if (sameSource) {
    // One source telling two items apart: any differing detail, on either side, makes them two stories.
    if (numbers.a.length || numbers.b.length) return no('same source, numbers differ', numbers);
    const names = nameDifferences(a.text, b.text);
    if (names.a.length || names.b.length) return no('same source, names differ', names);
    // A re-post keeps its headline.
    const titles = softJaccard(a.text.titleWords, b.text.titleWords).similarity;
    if (titles < SAME_SOURCE_TITLE_THRESHOLD) return no(`same source, headlines differ (${titles.toFixed(2)})`);
  } else if (numbers.a.length && numbers.b.length) return no('numbers differ', numbers);
  const swap =
    nameSwap(a.text.titleTokens, b.text.titleTokens) ??
    (a.text.leadTokens.length && b.text.leadTokens.length ? nameSwap(a.text.leadTokens, b.text.leadTokens) : null);
  if (swap) return no(sameSource ? 'same source, names differ' : 'names differ', swap);
  if (short && a.publishDate && b.publishDate && Math.abs(a.publishDate.getTime() - b.publishDate.getTime()) > SHORT_WINDOW_DAYS * DAY_MS) {
    return no(`published more than ${SHORT_WINDOW_DAYS} days apart`);
  }
  if (!sameSource && isRepublished(a.text, b.text)) return { ...base, duplicate: true, blocker: null, reason: 'same text re-published' };
  if (!sameSource && sameHeadlineSameDay(a, b)) return { ...base, duplicate: true, blocker: null, reason: 'same headline the same day' };
  const threshold = sameSource
    ? SAME_SOURCE_THRESHOLD
    : short
      ? (thresholds.short ?? SHORT_THRESHOLD)
      : (thresholds.long ?? LONG_THRESHOLD);
  if (similarity < threshold) return no(`similarity ${similarity.toFixed(2)} below ${threshold}`);
  if (short && sharedWords < SHORT_MIN_SHARED_WORDS) return no(`only ${sharedWords} shared words besides numbers and dates`);
  return {
    ...base,
    duplicate: true,
    blocker: null,
    reason: sameSource ? 'nearly identical' : short ? 'same short text' : 'same article text',
  };
}
