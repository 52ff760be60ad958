import { countWords } from '@neuralbeat/common/contracts';
import { htmlToText } from '@neuralbeat/common/html';

/** Fewer words of body text than this is a headline or a summary, not an article. */
export const FULL_ARTICLE_MIN_WORDS = 150;
/** A feed text cut short ("…", "Read more") is an excerpt unless it is already this long. */
const EXCERPT_MAX_WORDS = 400;
const TRUNCATED = /(\u2026|\.\.\.|\[\s*(\u2026|\.\.\.)\s*\]|\b(read more|continue reading|read the full (story|article|post))\W*)$/i;

/** True when a feed item's body is less than a real article: a headline, a line of summary, or a cut-off excerpt. */
export function isThin(contentHtml: string | null | undefined): boolean {
  const text = htmlToText(contentHtml);
  const words = countWords(text);
  return words < FULL_ARTICLE_MIN_WORDS || (words < EXCERPT_MAX_WORDS && TRUNCATED.test(text));
}
