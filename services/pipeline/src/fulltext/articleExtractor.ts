import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { countWords } from '@neuralbeat/common/contracts';
import { htmlToText, sanitizeArticleHtml } from '@neuralbeat/common/html';

export interface ExtractedArticle {
  /** The article's main text as sanitised HTML (text structure and links only). */
  contentHtml: string;
  wordCount: number;
  imageUrl: string | null;
  author: string | null;
  excerpt: string | null;
}

const absolute = (href: string | null | undefined, base: string) => {
  if (!href) return null;
  try {
    const url = new URL(href, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
};

const meta = (doc: Document, ...selectors: string[]) => {
  for (const selector of selectors) {
    const value = doc.querySelector(selector)?.getAttribute('content')?.trim();
    if (value) return value;
  }
  return null;
};

/** The author named by the page's schema.org data, if any. */
function jsonLdAuthor(doc: Document): string | null {
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      const data = JSON.parse(script.textContent ?? '') as unknown;
      for (const node of (Array.isArray(data) ? data : [data]) as { author?: unknown; '@graph'?: unknown[] }[]) {
        for (const candidate of [node, ...((node?.['@graph'] as (typeof node)[]) ?? [])]) {
          const author = candidate?.author;
          const first = Array.isArray(author) ? author[0] : author;
          const name = typeof first === 'string' ? first : (first as { name?: unknown } | undefined)?.name;
          if (typeof name === 'string' && name.trim()) return name.trim();
        }
      }
    } catch {
      // Malformed JSON-LD says nothing about the author.
    }
  }
  return null;
}

/** "By Jane Doe | May 2" → "Jane Doe". */
const cleanByline = (byline: string | null | undefined) => {
  const name = byline
    ?.replace(/^\s*(by|written by)\s+/i, '')
    .split(/\s[|·•—–]\s|\n/)[0]
    ?.trim();
  return name && name.length <= 120 && !/^https?:/i.test(name) ? name : null;
};

/**
 * The main article of a page (Mozilla Readability over linkedom): its text as
 * sanitised HTML, the lead image (Open Graph / Twitter card, else the first
 * image of the article) and the author (byline, meta or schema.org data).
 * Null when the page has no article to speak of.
 */
export function extractArticle(html: string, pageUrl: string): ExtractedArticle | null {
  const { document } = parseHTML(html);
  const image = absolute(
    meta(document, 'meta[property="og:image"]', 'meta[name="og:image"]', 'meta[name="twitter:image"]', 'meta[property="twitter:image"]'),
    pageUrl,
  );
  const metaAuthor = meta(document, 'meta[name="author"]', 'meta[property="article:author"]');
  const ldAuthor = jsonLdAuthor(document);
  const parsed = new Readability(document as unknown as Document, { charThreshold: 200 }).parse();
  if (!parsed?.content) return null;
  // Links in the page are relative to it.
  const contentHtml = sanitizeArticleHtml(parsed.content, { baseUrl: pageUrl });
  const firstImage = absolute(parsed.content.match(/<img[^>]+src=["']([^"']+)["']/i)?.[1], pageUrl);
  return {
    contentHtml,
    wordCount: countWords(htmlToText(contentHtml)),
    imageUrl: image ?? firstImage,
    author: cleanByline(parsed.byline) ?? cleanByline(metaAuthor) ?? cleanByline(ldAuthor),
    excerpt: parsed.excerpt?.trim() || null,
  };
}
