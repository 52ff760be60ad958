import { stemmer } from 'stemmer';
import { distance } from 'fastest-levenshtein';
import type { SearchMatchField, SearchMatchType, SearchWhy } from '@neuralbeat/common/contracts';
import { words } from './text';

export interface ExplainFields {
  title: string;
  tags: string[];
  excerpt: string;
  /** Plain text; only needed when nothing else matched. */
  body?: string;
}

const RANK: Record<SearchMatchType, number> = { exact: 3, prefix: 2, typo: 1 };
const SNIPPET_RADIUS = 90;

/** Edits a word of this length may be away from the intended one and still count as a typo (as Meilisearch allows). */
function allowedTypos(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/** `typed` with two neighbouring letters swapped, each way ("stabel" → "tsabel", "satbel", …, "stable"). */
export function adjacentSwaps(typed: string): string[] {
  return [...typed].slice(1).map((_, i) => typed.slice(0, i) + typed[i + 1] + typed[i] + typed.slice(i + 2));
}

/**
 * Whether `word` is a near spelling of what was typed: within the typo budget in
 * Levenshtein edits, or one swap of neighbouring letters away (a swap is one typo
 * but two Levenshtein edits). Anything further is another word: "openai" is not "open".
 */
export function isTypoOf(typed: string, word: string): boolean {
  const budget = allowedTypos(typed.length);
  if (!budget || Math.abs(word.length - typed.length) > budget) return false;
  return distance(word, typed) <= budget || (word.length === typed.length && adjacentSwaps(typed).includes(word));
}

const stems = new Map<string, string>();
function stem(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    s = stemmer(word);
    if (stems.size > 50_000) stems.clear();
    stems.set(word, s);
  }
  return s;
}

export interface ExplainOptions {
  /** Query word → the dictionary word it was corrected to (the Postgres engine's typo path). */
  corrections?: ReadonlyMap<string, string>;
  /** The engine matches near spellings by itself (Meilisearch), so any close word counts as a typo match. */
  fuzzy?: boolean;
}

/** How a document word matches a query word, if it does. */
function matchType(docWord: string, queryWord: string, isLast: boolean, opts: ExplainOptions): SearchMatchType | null {
  if (docWord === queryWord || stem(docWord) === stem(queryWord)) return 'exact';
  if (isLast && docWord.startsWith(queryWord)) return 'prefix';
  const correction = opts.corrections?.get(queryWord);
  if (correction && (docWord === correction || stem(docWord) === stem(correction))) return 'typo';
  if (opts.fuzzy && isTypoOf(queryWord, docWord)) return 'typo';
  return null;
}

function matchesIn(text: string, query: string[], opts: ExplainOptions) {
  let best: SearchMatchType | null = null;
  const terms = new Set<string>();
  for (const docWord of new Set(words(text))) {
    query.forEach((q, i) => {
      const type = matchType(docWord, q, i === query.length - 1, opts);
      if (!type) return;
      terms.add(docWord);
      if (!best || RANK[type] > RANK[best]) best = type;
    });
  }
  return { best: best as SearchMatchType | null, terms };
}

/** A passage of the body around its first matching word, cut at word boundaries. */
function snippetAround(body: string, terms: Set<string>): string | undefined {
  const wordRe = /[\p{L}\p{N}]+/gu;
  for (let m = wordRe.exec(body); m; m = wordRe.exec(body)) {
    if (!terms.has(words(m[0])[0] ?? '')) continue;
    let start = Math.max(0, m.index - SNIPPET_RADIUS);
    let end = Math.min(body.length, m.index + m[0].length + SNIPPET_RADIUS);
    if (start > 0) start = body.indexOf(' ', start) + 1 || start;
    if (end < body.length) end = body.lastIndexOf(' ', end) > m.index ? body.lastIndexOf(' ', end) : end;
    return `${start > 0 ? '…' : ''}${body.slice(start, end).trim()}${end < body.length ? '…' : ''}`;
  }
  return undefined;
}

/**
 * Why a document matched a query: the field and way of its strongest match
 * (exact, including stemmed forms, above a prefix of the last word above a typo;
 * on a tie the higher field: title, tags, excerpt, then body), and the document's
 * matching words so the page can highlight them. Engine-independent, so both
 * engines explain alike.
 */
export function explainMatch(query: string[], fields: ExplainFields, opts: ExplainOptions = {}): SearchWhy {
  const order: [SearchMatchField, string][] = [
    ['title', fields.title],
    ['tags', fields.tags.join(' ')],
    ['excerpt', fields.excerpt],
  ];
  const terms = new Set<string>();
  let chosen: { field: SearchMatchField; match: SearchMatchType } | null = null;
  for (const [field, text] of order) {
    const found = matchesIn(text, query, opts);
    found.terms.forEach((t) => terms.add(t));
    if (found.best && (!chosen || RANK[found.best] > RANK[chosen.match])) chosen = { field, match: found.best };
  }
  if (chosen) return { ...chosen, terms: [...terms] };
  const body = fields.body ?? '';
  const found = matchesIn(body, query, opts);
  const snippet = snippetAround(body, found.terms);
  return { field: 'body', match: found.best ?? 'exact', terms: [...found.terms], ...(snippet ? { snippet } : {}) };
}
