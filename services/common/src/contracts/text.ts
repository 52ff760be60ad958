import { TAG_ACRONYMS } from './constants';

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

/** Slug helper: lower-case, whitespace runs become hyphens. */
export function slugifyWords(text: string): string {
  return text.toLowerCase().trim().replace(/\s+/g, '-');
}

/** Tool submission slug rule: lower-case, runs of non-alphanumerics become one hyphen, no leading/trailing hyphen. */
export function toolSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Canonical stored form of a tag: trimmed, lower-case, single spaces. */
export function canonicalTag(tag: string): string {
  return tag.trim().toLowerCase().replace(/\s+/g, ' ');
}
