import { stemmer } from 'stemmer';
import { foldAccents } from '@neuralbeat/common/contracts';

/**
 * What the duplicate check reads from a story: its content words, and the
 * details that tell two lookalike stories apart (numbers, versions, amounts,
 * names). Built once per story from its title and the plain text of its body.
 */
export interface StoryText {
  title: string;
  /** The title's words as written (case kept, "U.S." as "US"), for lining two titles up word by word. */
  titleTokens: string[];
  /** The body's first sentence, word by word, for the same. */
  leadTokens: string[];
  /** Stemmed content words of title and body. */
  words: Set<string>;
  /** Stemmed content words of the title alone. */
  titleWords: Set<string>;
  /** Numbers, versions and amounts of the title and lead, normalised ("$13B" and "$13 billion" agree). */
  numbers: Set<string>;
  /** Numbers of the whole text: a detail the other story only words differently is not a difference. */
  allNumbers: Set<string>;
  /** Names of the title and lead (people, products, places, designators such as the F of "Series F"), lower-cased. */
  names: Set<string>;
  /** Every word of the whole text, lower-cased and unstemmed. */
  allWords: Set<string>;
}

export const STOP_WORDS = new Set(
  (
    'a an the and or but nor of to in on for with at by from as is are was were be been being it its this that these those has have had do does did ' +
    'will would can could should may might must shall into onto over under after before about than then so not no yes says said say their his her ' +
    'they we you i he she them our your us me my him who whom which what when where why how all any both each few more most other some such own same ' +
    'too very just also up down out off again further once here there via per vs new now today'
  ).split(' '),
);

export const NUMBER_WORDS: Record<string, string> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
  twenty: '20',
  first: '1',
  second: '2',
  third: '3',
  fourth: '4',
  fifth: '5',
  sixth: '6',
  seventh: '7',
  eighth: '8',
  ninth: '9',
  tenth: '10',
};
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** Capitalised month names and abbreviations; "May" only next to a number or after "in", "of" or a colon (else it is the verb). */
const MONTH =
  /(?<![\p{L}\p{N}])(Jan(?:uary)?|Feb(?:ruary)?|March|Apr(?:il)?|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|(?<=(?:\d\s|[:]\s?|\b(?:in|of|since|until|from)\s))May|May(?=\s\d))(?![\p{L}])/gu;
const SCALE: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  t: 1e12,
  tn: 1e12,
  trillion: 1e12,
};

/** Accents off, typographic quotes and dashes plain, "U.S." as "US", possessive 's dropped. */
export function plainForm(text: string): string {
  return foldAccents(text)
    .replace(/[‘’ʼ]/g, "'")
    .replace(/[‐-―]/g, '-')
    .replace(/(?<![\p{L}\p{N}])(\p{Lu})\.(\p{Lu})\.(?:(\p{Lu})\.)?/gu, '$1$2$3')
    .replace(/'s\b/g, '');
}

/**
 * A single capital letter after the first word ("Series F", "Plan B") names
 * something; "I" does not, nor an "A" that starts a capitalised phrase ("Questions A Dismissive …").
 */
export const isDesignator = (word: string, position: number, next?: string) =>
  position > 0 && /^\p{Lu}$/u.test(word) && word !== 'I' && !(word === 'A' && next !== undefined && /^\p{Lu}\p{Ll}/u.test(next));

/** Lower-cased words without stop words, number words as digits, ordinals as their number, Porter-stemmed. */
export function contentWords(text: string): string[] {
  const out: string[] = [];
  for (const raw of plainForm(text)
    .toLowerCase()
    .match(/[\p{L}\p{N}]+(?:[.,]\p{N}+)*/gu) ?? []) {
    if (STOP_WORDS.has(raw)) continue;
    const w = NUMBER_WORDS[raw] ?? raw;
    if (/^\d[\d,]*(\.\d+)?$/.test(w)) out.push(w.replace(/,/g, ''));
    else if (/^\d+(st|nd|rd|th)$/.test(w)) out.push(w.replace(/\D+$/, ''));
    else out.push(/\d/.test(w) ? w : stemmer(w));
  }
  return out;
}

/** A number as one canonical string: thousands separators gone, scale words applied, currency kept. */
function numberValue(digits: string, scaleWord: string | undefined, currency: string): string {
  const value = Number(digits.replace(/,/g, ''));
  const scaled = scaleWord ? value * (SCALE[scaleWord.toLowerCase()] ?? 1) : value;
  return `${currency}${Number(scaled.toPrecision(12))}`;
}

/**
 * Numbers, versions and amounts: "$13B" → "$13000000000", "US$38b" → "$38000000000",
 * "7,500" → "7500", "GPT-5.4" → "5.4", "86th" → "86", "two" → "2", "o3-mini" → "o3".
 */
export function storyNumbers(text: string): Set<string> {
  const found = new Set<string>();
  const plain = plainForm(text);
  const numeric =
    /(?:(?<=\p{Lu})|(?<![\p{L}\p{N}.,]))([$€£¥])?\s?(?<![\p{L}\p{N}.,])(\d[\d,]*(?:\.\d+)?)(?:[\s-]?(k|m|mn|b|bn|t|tn|thousand|million|billion|trillion)(?!\p{L}))?(?:st|nd|rd|th)?(?![\p{L}\p{N}])/giu;
  for (const m of plain.matchAll(numeric)) found.add(numberValue(m[2]!.replace(/[.,]$/, ''), m[3], m[1] ?? ''));
  // A release number of three parts or more ("2.0.67") is one version, kept whole: the pattern above reads only its first part.
  for (const m of plain.matchAll(/(?<![\p{L}\p{N}.])\d+(?:\.\d+){2,}(?![\p{L}\p{N}])/gu)) found.add(m[0]);
  // A word mixing letters and digits ("o3", "4o", "H100") is a designator, kept whole.
  for (const m of plain.matchAll(/(?<![\p{L}\p{N}])[\p{L}\p{N}]*(?:\p{L}\p{N}|\p{N}\p{L})[\p{L}\p{N}]*/gu)) {
    const word = m[0].toLowerCase();
    if (/^\d+(st|nd|rd|th|k|m|mn|b|bn|t|tn|s)$/.test(word)) continue;
    found.add(word);
  }
  for (const w of plain.toLowerCase().match(/\p{L}+/gu) ?? []) if (NUMBER_WORDS[w]) found.add(NUMBER_WORDS[w]);
  // Months are numbers too: "Changelist: May 2024" and "Changelist: June 2024" are two posts.
  for (const m of plain.matchAll(MONTH)) found.add(`month ${MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()) + 1}`);
  return found;
}

/** Where a capitalised word only starts a sentence (or a title segment after a colon or dash). */
const SENTENCE_START = /(^|[.!?:;"“([]\s*|\s[-–—|]\s)$/;

/**
 * Names: capitalised words that do not merely start a sentence, acronyms,
 * mixed-case words ("OpenAI", "xAI") and designator letters ("Series F").
 * Lower-cased.
 */
export function storyNames(text: string): Set<string> {
  const names = new Set<string>();
  const plain = plainForm(text);
  const matches = [...plain.matchAll(/(?<![\p{L}\p{N}])\p{L}[\p{L}\p{N}'-]*/gu)];
  for (const [position, m] of matches.entries()) {
    const word = m[0].replace(/'$/, '');
    const atStart = SENTENCE_START.test(plain.slice(Math.max(0, m.index - 3), m.index));
    const designator = !atStart && isDesignator(word, position, matches[position + 1]?.[0]);
    if (!/\p{Lu}/u.test(word)) continue;
    const lower = word.toLowerCase();
    if (!designator && (STOP_WORDS.has(lower) || NUMBER_WORDS[lower])) continue;
    const special = designator || (word.length > 1 && /\p{Lu}.*\p{Lu}/u.test(word)) || /^\p{Ll}+\p{Lu}/u.test(word);
    if (atStart && !special) continue;
    for (const part of lower.split('-')) if (/\p{L}/u.test(part) && (designator || !STOP_WORDS.has(part))) names.add(part);
  }
  return names;
}

/** The opening of a text (about a sentence): where lookalike stories state what sets them apart. */
export function leadOf(text: string, maxChars = 300): string {
  const trimmed = text.trim();
  if (trimmed.length <= maxChars) return trimmed;
  const cut = trimmed.slice(0, maxChars);
  const end = cut.search(/[.!?]\s[^.!?]*$/);
  return end > 40 ? cut.slice(0, end + 1) : cut;
}

const firstSentence = (text: string) =>
  text
    .trim()
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“])/u)[0]
    ?.slice(0, 300) ?? '';

/** Words as written, for lining titles up. */
export const tokensOf = (text: string) => plainForm(text).match(/[\p{L}\p{N}]+(?:[.,]\p{N}+)*/gu) ?? [];

export function storyText(title: string, body: string): StoryText {
  const titleWords = new Set(contentWords(title));
  const words = new Set([...titleWords, ...contentWords(body)]);
  const lead = `${title}. ${leadOf(body)}`;
  const whole = `${title}. ${body}`;
  return {
    title,
    titleTokens: tokensOf(title),
    leadTokens: tokensOf(firstSentence(body)),
    words,
    titleWords,
    numbers: storyNumbers(lead),
    allNumbers: storyNumbers(whole),
    names: storyNames(lead),
    allWords: new Set(
      plainForm(whole)
        .toLowerCase()
        .match(/\p{L}[\p{L}\p{N}]*/gu) ?? [],
    ),
  };
}
