/**
 * The one tokenizer of the search service: queries, indexed text and the typo
 * dictionary all go through it, so they agree on what a word is. Words are runs
 * of letters and digits, lower-cased, accents removed ("Montréal" → "montreal").
 */
const WORD = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}+/gu;

/** A query uses at most this many words, each cut to this length: a pasted page costs no more than a sentence. */
export const MAX_QUERY_WORDS = 10;
const MAX_WORD_LENGTH = 40;
/** Words shorter than this are neither put in the typo dictionary nor corrected. */
export const MIN_DICTIONARY_WORD = 3;

export function words(text: string): string[] {
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase().match(WORD) ?? [];
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

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of the sanitised HTML that news content is stored as. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (m, code: string) => {
      if (code[0] === '#') {
        const n = code[1]?.toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
        return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : ' ';
      }
      return ENTITIES[code.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}
