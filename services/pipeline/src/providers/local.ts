import { countWords, escapeHtml } from '@neuralbeat/common/contracts';
import { htmlToText, sanitizeArticleHtml } from '@neuralbeat/common/html';
import type { RewriteInput, RewriteProvider, RewriteResult } from './types';

const EXCERPT_MAX = 250;
const META_MAX = 155;

/** Paragraph texts of the source HTML, tags stripped (after the sanitiser has dropped scripts, styles and embeds with their content). */
export function sourceParagraphs(html: string): string[] {
  return sanitizeArticleHtml(html)
    .split(/<\/(?:p|h[1-6]|li|blockquote)>|<br\s*\/?>/i)
    .map(htmlToText)
    .filter(Boolean);
}

/** Sentences of a text, split after ., ! or ? followed by a space and a capital or digit. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Leading whole sentences that fit in `max` characters (at least the first, cut at a word if it alone is too long). */
function lead(text: string, max: number): string {
  let out = '';
  for (const s of sentences(text)) {
    if (out && out.length + 1 + s.length > max) break;
    out = out ? `${out} ${s}` : s;
  }
  if (out.length <= max) return out;
  return `${out.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/**
 * The offline provider: deterministic and extractive. It cleans the source into
 * paragraphs of its own sentences and takes the excerpt and meta description
 * from its opening; it never writes a sentence the source does not contain.
 */
export class LocalRewriteProvider implements RewriteProvider {
  readonly id = 'local' as const;

  async rewrite(input: RewriteInput): Promise<RewriteResult> {
    const paragraphs = sourceParagraphs(input.contentHtml);
    const body = paragraphs.length ? paragraphs : [input.excerpt ?? input.title];
    const content = body.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
    const opening = body.join(' ');
    const excerpt = input.excerpt && input.excerpt.length <= EXCERPT_MAX ? input.excerpt : lead(opening, EXCERPT_MAX);
    return {
      title: input.title.trim(),
      content,
      excerpt,
      metaDescription: lead(excerpt, META_MAX),
      wordCount: countWords(opening),
      cost: 0,
    };
  }
}
