/**
 * The one tokenizer of the search service: queries, indexed text and the typo
 * dictionary all go through it, so they agree on what a word is. Words are runs
 * of letters and digits, lower-cased, accents removed ("Montréal" → "montreal").
 */
import { foldAccents } from '@neuralbeat/common/contracts';

const WORD = /[\p{L}\p{N}]+/gu;

/** A query uses at most this many words, each cut to this length: a pasted page costs no more than a sentence. */
export const MAX_QUERY_WORDS = 10;
const MAX_WORD_LENGTH = 40;
/** Words shorter than this are neither put in the typo dictionary nor corrected. */
export const MIN_DICTIONARY_WORD = 3;

export function words(text: string): string[] {
  return foldAccents(text).toLowerCase().match(WORD) ?? [];
}

/** Text as the full-text parser should see it: words only, so "GPT-4" and "gpt 4" index alike. */
export function searchableText(text: string): string {
  return words(text).join(' ');
}

/** The distinct words a query searches for, in order. */
export function queryWords(q: string): string[] {
  return [...new Set(words(q).map((w) => w.slice(0, MAX_WORD_LENGTH)))].slice(0, MAX_QUERY_WORDS);
}

/** Numbers are neither corrected nor a correction. */
export function isNumber(word: string): boolean {
  return /^\d+$/.test(word);
}

/** The distinct dictionary words of some fields (numbers left out: in "Summit 2041" they would make most of a dictionary that typos are searched in). */
export function dictionaryWords(...fields: string[]): string[] {
  const out = new Set<string>();
  for (const field of fields)
    for (const w of words(field)) if (w.length >= MIN_DICTIONARY_WORD && w.length <= MAX_WORD_LENGTH && !isNumber(w)) out.add(w);
  return [...out];
}
