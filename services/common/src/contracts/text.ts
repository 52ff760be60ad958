import { decodeHTML } from 'entities';
// Package paths, not relative ones: migrations load this file through Node's own loader (see html.ts).
import { TAG_ACRONYMS } from '@neuralbeat/common/contracts/constants';

/*
 * The one text module: plain functions the browser may run too (no sanitiser, no
 * zod). HTML to text needs the sanitiser and so lives beside it, server only:
 * htmlToText and plainText in ../html.ts.
 */

const ACRONYMS = new Set<string>(TAG_ACRONYMS);

/** Display form of a tag: known acronyms upper-cased, other hyphen-separated words title-cased. */
export function displayTag(tag: string): string {
  return tag
    .split(/\s+/)
    .map((word) =>
      word
        .split('-')
        .map((part) => {
          const lower = part.toLowerCase();
          if (ACRONYMS.has(lower)) return lower.toUpperCase();
          return lower.charAt(0).toUpperCase() + lower.slice(1);
        })
        .join('-'),
    )
    .join(' ');
}

/** HTML character references decoded ("&amp;" → "&", "&#8217;" → "’", "&copy;" → "©"); unknown ones are left as written. */
export function decodeEntities(text: string): string {
  return decodeHTML(text);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The one escaper: text made literal in HTML or XML. `& < > " '` are escaped, so
 * the result is safe as element text, inside a quoted attribute of either kind,
 * and in RSS and sitemaps. `'` is `&#39;`: older mail clients do not know `&apos;`.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

const WORD = /[\p{L}\p{N}'’-]+/gu;

/** Words of plain text: runs of letters, digits, apostrophes and hyphens, so "don’t" and "GPT-4" are one word each. */
export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

/** A location that names no place yet: blank, "To be announced" (NO_LOCATION), "TBA", "TBD", "TBC", "to be determined". */
export function placeUnknown(location: string): boolean {
  return /^\s*(to be (announced|determined|confirmed)|tb[adc])?\s*$/i.test(location);
}

const MARKS = /\p{M}+/gu;

/** Accents removed by canonical decomposition: "Montréal" → "Montreal", "ﬁ" → "fi". */
export function foldAccents(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '');
}

// Latin letters that do not decompose into a base letter and a mark.
const LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' };
const UNDECOMPOSED = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

/**
 * The one slug rule (tools, articles): accents folded ("Café Überblick" →
 * "cafe-uberblick", "Straße" → "strasse"), lower-cased, runs of other characters
 * one hyphen, no leading or trailing hyphen. Letters outside Latin leave no trace.
 */
export function slugify(text: string): string {
  return foldAccents(text)
    .toLowerCase()
    .replace(UNDECOMPOSED, (letter) => LETTERS[letter]!)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Canonical stored form of a tag: trimmed, lower-case, single spaces. */
export function canonicalTag(tag: string): string {
  return tag.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** The prose format's words without its markers ("## ", "- "), one line: for a page's meta description. */
export function proseToText(text: string): string {
  return text
    .replace(/^\s*(?:#{2,3}|[-*]) /gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The site's prose format (what `Prose` renders on a page: blank-line separated
 * paragraphs, "## " / "### " headings, "- " or "* " bullet lists) as simple HTML,
 * for readers that want markup, such as JobPosting's description. All text is escaped.
 */
export function proseToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean)
    .map((block) => {
      if (block.startsWith('### ')) return `<h3>${escapeHtml(block.slice(4))}</h3>`;
      if (block.startsWith('## ')) return `<h2>${escapeHtml(block.slice(3))}</h2>`;
      const lines = block.split('\n').map((l) => l.trim());
      if (lines.every((l) => /^[-*] /.test(l))) return `<ul>${lines.map((l) => `<li>${escapeHtml(l.slice(2))}</li>`).join('')}</ul>`;
      return `<p>${lines.map(escapeHtml).join('<br>')}</p>`;
    })
    .join('');
}
