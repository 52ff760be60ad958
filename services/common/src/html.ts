import sanitize from 'sanitize-html';
// A package path, not a relative one: migrations load this file through Node's own loader, which needs full paths.
import { decodeEntities } from '@neuralbeat/common/contracts/text';

/**
 * The one allow-list sanitiser for every HTML or text field that is stored and
 * later reaches a page: feed content, provider output, submissions. Only text
 * structure and plain links survive; nothing that runs, loads, styles or embeds.
 */

/** Elements whose whole content is dropped, not kept as text: code, styles, embeds, foreign markup. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'object',
  'embed',
  'applet',
  'frameset',
  'frame',
  'svg',
  'math',
  'textarea',
  'select',
  'option',
  'title',
  'xmp',
  'plaintext',
  'head',
];

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'figure',
  'figcaption',
  'strong',
  'em',
  'b',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'abbr',
  'code',
  'pre',
  'a',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

const LINK_SCHEMES = ['http:', 'https:', 'mailto:'];
// Control characters other than tab and line breaks: Postgres refuses NUL in text, and none of them is prose.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** An absolute http(s) or mailto link, resolved against `baseUrl` when relative; null when it is anything else. */
function safeHref(href: string | undefined, baseUrl: string | null | undefined): string | null {
  if (!href) return null;
  let url: URL;
  try {
    url = baseUrl ? new URL(href, baseUrl) : new URL(href);
  } catch {
    return null;
  }
  return LINK_SCHEMES.includes(url.protocol) ? url.href : null;
}

export interface SanitizeOptions {
  /** The page the HTML came from: relative links are resolved against it (without it they lose their target). */
  baseUrl?: string | null;
}

/**
 * Safe article HTML: paragraphs, headings (h1 becomes h2, the page has its own
 * h1), lists, quotes, emphasis, code, tables and links. Links keep only http(s)
 * and mailto targets, absolute, and open in a new tab without referrer or
 * opener. No attributes besides those; no images, media, forms, styles or scripts.
 */
export function sanitizeArticleHtml(html: string, options: SanitizeOptions = {}): string {
  return sanitize(html.replace(CONTROL_CHARS, ''), {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      abbr: ['title'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan', 'scope'],
      ol: ['start'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    nonTextTags: DROPPED_WITH_CONTENT,
    disallowedTagsMode: 'discard',
    transformTags: {
      h1: 'h2',
      h5: 'h4',
      h6: 'h4',
      a: (_tag, attribs) => {
        const href = safeHref(attribs.href, options.baseUrl);
        return {
          tagName: 'a',
          attribs: href
            ? { href, ...(attribs.title ? { title: attribs.title } : {}), rel: 'noopener noreferrer nofollow ugc', target: '_blank' }
            : {},
        };
      },
    },
    // Links that lost their target and empty formatting wrappers carry nothing.
    exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
  }).trim();
}

/** The sanitiser's text mode: every tag removed (dropped elements with their content), entities decoded. */
function stripTags(html: string): string {
  // The sanitiser decodes references while parsing and escapes & < > " again on output: decoding once gives the text back.
  return decodeEntities(
    sanitize(html.replace(CONTROL_CHARS, ''), { allowedTags: [], allowedAttributes: {}, nonTextTags: DROPPED_WITH_CONTENT }),
  );
}

const BLOCK_BOUNDARY =
  /<\/?(?:p|div|br|hr|li|dt|dd|h[1-6]|tr|td|th|blockquote|pre|section|article|header|footer|figure|figcaption|ul|ol|dl|table)\b[^>]*>/gi;

/**
 * One line of plain text from HTML (titles, excerpts, bodies to count, index or
 * compare): tags gone, scripts and styles with their content, references decoded,
 * blocks separated by a space. Nothing (null) is the empty string.
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  return stripTags(html.replace(BLOCK_BOUNDARY, ' $&')).replace(/\s+/g, ' ').trim();
}

/**
 * Plain text typed by a visitor (a tool submission's fields): any markup is
 * removed rather than stored, line breaks are kept, control characters dropped.
 */
export function plainText(text: string): string {
  return stripTags(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\r]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** True for an absolute http: or https: URL (what every stored link or image address must be). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}
