import Parser from 'rss-parser';
import { z } from 'zod';
import { escapeHtml } from '@neuralbeat/common/contracts';

/** One item of any supported feed, before it becomes an article. */
export interface FeedItem {
  title: string;
  link: string;
  guid: string | null;
  author: string | null;
  publishedAt: Date | null;
  contentHtml: string;
  summary: string | null;
  categories: string[];
  imageUrl: string | null;
}

export class FeedFormatError extends Error {}

const xmlParser = new Parser({
  // Atom entry categories are not read by default: take them as raw elements.
  customFields: {
    item: [
      ['content:encoded', 'contentEncoded'],
      ['media:content', 'mediaContent', { keepArray: false }],
      ['media:thumbnail', 'mediaThumbnail'],
      ['category', 'rawCategories', { keepArray: true }],
    ],
  },
});

const jsonFeedSchema = z.object({
  version: z.string().regex(/^https:\/\/jsonfeed\.org\/version\/1/),
  items: z.array(
    z.object({
      id: z.union([z.string(), z.number()]).transform(String),
      url: z.string().optional(),
      title: z.string().optional(),
      content_html: z.string().optional(),
      content_text: z.string().optional(),
      summary: z.string().optional(),
      image: z.string().optional(),
      date_published: z.string().optional(),
      authors: z.array(z.object({ name: z.string().optional() })).optional(),
      author: z.object({ name: z.string().optional() }).optional(),
      tags: z.array(z.string()).optional(),
    }),
  ),
});

const date = (value: string | undefined | null) => {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};
const firstImage = (html: string) => html.match(/<img[^>]+src=["']([^"']+)["']/i)?.[1] ?? null;

function parseJsonFeed(text: string): FeedItem[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FeedFormatError('Not valid JSON');
  }
  const feed = jsonFeedSchema.safeParse(json);
  if (!feed.success) throw new FeedFormatError(`Not a JSON Feed: ${feed.error.issues[0]?.path.join('.')} ${feed.error.issues[0]?.message}`);
  return feed.data.items
    .filter((i) => i.url && i.title)
    .map((i) => {
      const html = i.content_html ?? (i.content_text ? `<p>${escapeHtml(i.content_text)}</p>` : '');
      return {
        title: i.title!,
        link: i.url!,
        guid: i.id,
        author: i.authors?.[0]?.name ?? i.author?.name ?? null,
        publishedAt: date(i.date_published),
        contentHtml: html,
        summary: i.summary ?? null,
        categories: i.tags ?? [],
        imageUrl: i.image ?? firstImage(html),
      };
    });
}

type RawCategory = string | { _?: string; $?: { term?: string } };
type XmlItem = Parser.Item & {
  contentEncoded?: string;
  mediaContent?: { $?: { url?: string } };
  mediaThumbnail?: { $?: { url?: string } };
  author?: string;
  rawCategories?: RawCategory[];
};
const categoryName = (c: RawCategory) => (typeof c === 'string' ? c : (c._ ?? c.$?.term ?? ''));

async function parseXmlFeed(text: string): Promise<FeedItem[]> {
  if (/^\s*(<!doctype html|<html)/i.test(text)) throw new FeedFormatError('Got an HTML page, not a feed');
  let feed: Parser.Output<XmlItem>;
  try {
    feed = (await xmlParser.parseString(text)) as Parser.Output<XmlItem>;
  } catch (err) {
    throw new FeedFormatError(`Malformed feed: ${(err as Error).message.split('\n')[0]}`);
  }
  return (feed.items ?? [])
    .filter((i) => i.link && i.title)
    .map((i) => {
      const html = i.contentEncoded ?? i.content ?? (i.contentSnippet ? `<p>${escapeHtml(i.contentSnippet)}</p>` : '');
      return {
        title: i.title!.trim(),
        link: i.link!.trim(),
        guid: i.guid ?? (i as { id?: string }).id ?? null,
        author: i.creator ?? i.author ?? null,
        publishedAt: date(i.isoDate ?? i.pubDate),
        contentHtml: html,
        // The description is the summary when the body came separately; a snippet of the body would keep the text of its scripts and styles.
        summary: i.summary ?? (i.contentEncoded ? (i.content ?? null) : null),
        categories: [
          ...new Set(
            [...(i.categories ?? []), ...(i.rawCategories ?? [])].map((c) => categoryName(c as RawCategory).trim()).filter(Boolean),
          ),
        ],
        imageUrl: i.enclosure?.type?.startsWith('image/')
          ? i.enclosure.url
          : (i.mediaContent?.$?.url ?? i.mediaThumbnail?.$?.url ?? firstImage(html)),
      };
    });
}

/** Parses RSS 0.9x/2.0, RSS 1.0 (RDF), Atom or JSON Feed text into items. */
export async function parseFeed(text: string, contentType = ''): Promise<FeedItem[]> {
  const trimmed = text.trimStart();
  if (contentType.includes('json') || trimmed.startsWith('{')) return parseJsonFeed(trimmed);
  if (!trimmed.startsWith('<')) throw new FeedFormatError('Not a feed: content is neither XML nor JSON');
  return parseXmlFeed(trimmed);
}
