import { foldAccents } from '@neuralbeat/common/contracts/browser';

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-cased and accent-free, as the search service compares words. */
export function normalizeWord(word: string): string {
  return foldAccents(word).toLowerCase();
}

export interface TextPart {
  text: string;
  mark: boolean;
}

/**
 * Splits text into plain and marked parts: a word is marked when it is one of
 * the result's matching words (`why.terms`) or a query word. Only text comes
 * back, so nothing from the index is ever read as HTML.
 */
export function highlightParts(text: string, terms: readonly string[], queryWords: readonly string[] = []): TextPart[] {
  const wanted = new Set([...terms, ...queryWords].map(normalizeWord));
  if (!wanted.size || !text) return [{ text, mark: false }];
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(WORD)) {
    if (!wanted.has(normalizeWord(m[0]))) continue;
    if (m.index > last) parts.push({ text: text.slice(last, m.index), mark: false });
    parts.push({ text: m[0], mark: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), mark: false });
  return parts;
}

/** The words of a query, as the page highlights them. */
export function queryWordsOf(q: string): string[] {
  return (q.match(WORD) ?? []).map(normalizeWord);
}
