import { LRUCache } from 'lru-cache';
import { EVENTS_CALENDAR } from './calendars';
import { ContentReader, type ContentAnswer } from './contentReader';
import { z } from 'zod';
import {
  JOB_CLOSED_PAGE,
  NOT_FOUND_PAGE,
  STATIC_PAGES,
  aboutPageJsonLd,
  displayTag,
  eventJsonLd,
  eventSchema,
  jobPostingJsonLd,
  jobSchema,
  learningResourceJsonLd,
  newsArticleJsonLd,
  newsListResponseSchema,
  newsletterIssueJsonLd,
  organizationJsonLd,
  proseToText,
  screenApi,
  resourceSchema,
  singleArticleResponseSchema,
  softwareApplicationJsonLd,
  toolSchema,
  websiteJsonLd,
} from '@neuralbeat/common/contracts';

export interface PageMeta {
  status: number;
  title?: string;
  description: string;
  canonicalPath: string;
  image?: string | null;
  type: 'website' | 'article';
  noindex?: boolean;
  jsonLd: object[];
  rssPath?: string;
  /** The feed's title in the alternate link; "NeuralBeat news" when unset. */
  rssTitle?: string;
  /** The page's iCalendar feed and its name, offered as an alternate link (the Events page's /events.ics). */
  calendar?: { path: string; title: string };
}

/** The newsletter archive's feed (E2's /newsletter/rss.xml), offered on the archive and on each issue. */
const NEWSLETTER_FEED = { rssPath: '/newsletter/rss.xml', rssTitle: 'NeuralBeat newsletter' };

const DEFAULT_DESCRIPTION = STATIC_PAGES['/']!.description;
const notFound = (path: string): PageMeta => ({ status: 404, ...NOT_FOUND_PAGE, canonicalPath: path, type: 'website', jsonLd: [] });
/** A path segment decoded, or null when its percent-escapes are malformed (such a page does not exist). */
const decodeSegment = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};
const clip = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

interface Detail<S extends z.ZodType = z.ZodType> {
  pattern: RegExp;
  api: (id: string) => string;
  schema: S;
  build: (body: z.infer<S>, abs: (p: string) => string) => Omit<PageMeta, 'status'>;
  /** The page of a record that existed and is gone (the API answers 410). */
  gone?: (path: string) => PageMeta;
}
const detail = <S extends z.ZodType>(d: Detail<S>) => d as unknown as Detail;

/** What an archived issue's head tags need from GET /api/newsletter/issues/{slug}. */
const archivedIssueSchema = z.object({
  issue: z.object({
    slug: z.string(),
    number: z.number(),
    subject: z.string(),
    preheader: z.string(),
    intro: z.string(),
    sentAt: z.string(),
  }),
});

/** Detail pages whose head tags come from the record, read through the content service's public API. */
const DETAILS: Detail[] = [
  detail({
    pattern: /^\/news\/(?!tag\/|category\/)([^/]+)$/,
    api: (id) => `/api/news/${encodeURIComponent(id)}`,
    schema: singleArticleResponseSchema,
    build: ({ article: a }, abs) => {
      return {
        title: a.title,
        description: clip(a.excerpt),
        canonicalPath: `/news/${a.slug}`,
        image: a.imageUrl,
        type: 'article',
        jsonLd: [newsArticleJsonLd(a, abs)],
      };
    },
  }),
  detail({
    pattern: /^\/directory\/([^/]+)$/,
    api: (id) => `/api/tools/${encodeURIComponent(id)}`,
    schema: toolSchema,
    build: (t) => {
      return {
        title: `${t.name} — ${t.category}`,
        description: clip(t.shortDescription),
        canonicalPath: `/directory/${t.slug}`,
        image: t.logoUrl,
        type: 'website',
        jsonLd: [softwareApplicationJsonLd(t)],
      };
    },
  }),
  detail({
    pattern: /^\/learn\/([^/]+)$/,
    api: (id) => `/api/resources/${encodeURIComponent(id)}`,
    schema: resourceSchema,
    build: (r, abs) => {
      return {
        title: r.title,
        description: clip(r.summary),
        canonicalPath: `/learn/${r.slug}`,
        image: r.imageUrl,
        type: 'article',
        jsonLd: [learningResourceJsonLd(r, abs)],
      };
    },
  }),
  detail({
    pattern: /^\/events\/([^/]+)$/,
    api: (id) => `/api/events/${encodeURIComponent(id)}`,
    schema: eventSchema,
    build: (e, abs) => {
      return {
        title: e.name,
        description: clip(e.description),
        canonicalPath: `/events/${e.slug}`,
        image: e.imageUrl,
        type: 'website',
        jsonLd: [eventJsonLd(e, abs)].filter((ld) => ld !== null),
      };
    },
  }),
  detail({
    pattern: /^\/jobs\/([^/]+)$/,
    api: (id) => `/api/jobs/${encodeURIComponent(id)}`,
    schema: jobSchema,
    build: (j) => {
      return {
        title: `${j.title} at ${j.company}`,
        description: clip(proseToText(j.description)),
        canonicalPath: `/jobs/${j.id}`,
        type: 'website',
        jsonLd: [jobPostingJsonLd(j)],
      };
    },
    gone: (path) => ({
      status: 410,
      title: JOB_CLOSED_PAGE.title,
      description: JOB_CLOSED_PAGE.description,
      noindex: true,
      canonicalPath: path,
      type: 'website',
      jsonLd: [],
    }),
  }),
  detail({
    // /newsletter/archive, /confirm and /unsubscribe are fixed pages, answered before the details.
    pattern: /^\/newsletter\/([^/]+)$/,
    api: (slug) => `/api/newsletter/issues/${encodeURIComponent(slug)}`,
    schema: archivedIssueSchema,
    build: ({ issue }, abs) => {
      return {
        title: issue.subject,
        description: clip(issue.preheader || issue.intro),
        canonicalPath: `/newsletter/${issue.slug}`,
        type: 'article',
        jsonLd: [newsletterIssueJsonLd(issue, abs)],
        ...NEWSLETTER_FEED,
      };
    },
  }),
];

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * Pages not kept in the head-tag cache: a job's page turns 410 the moment the
 * job closes (the content reader still shares concurrent reads of its record).
 */
const KEPT_FRESH = /^\/jobs\/[^/]+$/;

const siteJsonLd = (abs: (p: string) => string): object[] => [websiteJsonLd(abs), organizationJsonLd(abs)];

/**
 * Works out the head tags and HTTP status of a page for crawlers, which do not
 * run the SPA. Detail records are cached briefly so bursts don't reach the database.
 */
export class PageMetaResolver {
  private readonly cache = new LRUCache<string, PageMeta>({ max: 2000, ttl: 10_000 });
  private readonly abs: (p: string) => string;
  private readonly reader: ContentReader;
  /** Pass the gateway's reader so a page's record is read once for its head tags and its first-screen data. */
  constructor(contentUrl: string, siteUrl: string, reader = new ContentReader(contentUrl)) {
    this.reader = reader;
    const base = siteUrl.replace(/\/$/, '');
    this.abs = (p) => `${base}${p}`;
  }

  async resolve(rawPath: string): Promise<PageMeta> {
    const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
    const cached = this.cache.get(path);
    if (cached) return cached;
    const meta = await this.compute(path);
    if (!KEPT_FRESH.test(path)) this.cache.set(path, meta);
    return meta;
  }

  private async compute(path: string): Promise<PageMeta> {
    const fixed = STATIC_PAGES[path];
    if (fixed) {
      return {
        status: 200,
        ...fixed,
        canonicalPath: path,
        type: 'website',
        jsonLd: path === '/' ? siteJsonLd(this.abs) : path === '/about' ? [...siteJsonLd(this.abs), aboutPageJsonLd(this.abs)] : [],
        ...(path === '/' || path === '/news' ? { rssPath: '/rss.xml' } : {}),
        ...(path === '/newsletter/archive' ? NEWSLETTER_FEED : {}),
        ...(path === '/events' ? { calendar: EVENTS_CALENDAR } : {}),
      };
    }
    const tag = path.match(/^\/news\/tag\/([^/]+)$/);
    if (tag) {
      const name = decodeSegment(tag[1]!)?.toLowerCase();
      if (!name) return notFound(path);
      const page: PageMeta = {
        status: 200,
        title: `${displayTag(name)} News`,
        description: `The latest AI news tagged ${displayTag(name)}.`,
        canonicalPath: `/news/tag/${encodeURIComponent(name)}`,
        type: 'website',
        jsonLd: [],
        rssPath: `/news/tag/${encodeURIComponent(name)}/rss.xml`,
      };
      // The page's first screen, read once for both (firstScreen.ts asks for the same path).
      let res: ContentAnswer;
      try {
        res = await this.reader.get(screenApi.newsFeedPage(screenApi.newsFeed(name), 0));
      } catch {
        return page;
      }
      const list = res.status === 200 ? newsListResponseSchema.safeParse(parseJson(res.body)) : null;
      // A tag no news carries (or no tag at all: blank, too long) is no page: the SPA shows its empty state, crawlers a 404.
      if (res.status === 400 || res.status === 404 || (list?.success && list.data.articles.length === 0)) {
        return { ...page, status: 404, noindex: true, rssPath: undefined };
      }
      return page;
    }
    if (/^\/news\/category\/[^/]+$/.test(path)) {
      return {
        status: 200,
        title: 'Redirecting',
        description: DEFAULT_DESCRIPTION,
        canonicalPath: path,
        type: 'website',
        noindex: true,
        jsonLd: [],
      };
    }
    if (/^\/admin(\/|$)/.test(path)) {
      return {
        status: 200,
        title: 'Admin',
        description: DEFAULT_DESCRIPTION,
        canonicalPath: path,
        type: 'website',
        noindex: true,
        jsonLd: [],
      };
    }
    for (const detail of DETAILS) {
      const match = path.match(detail.pattern);
      if (!match) continue;
      const id = decodeSegment(match[1]!);
      if (!id) return notFound(path);
      let res: ContentAnswer;
      try {
        res = await this.reader.get(detail.api(id));
      } catch {
        // Content unreachable: serve the plain shell rather than fail the page.
        return { status: 200, description: DEFAULT_DESCRIPTION, canonicalPath: path, type: 'website', jsonLd: [] };
      }
      if (res.status === 404 || res.status === 400) return notFound(path);
      if (res.status === 410 && detail.gone) return detail.gone(path);
      const body = res.status === 200 ? detail.schema.safeParse(parseJson(res.body)) : null;
      if (!body?.success) return { status: 200, description: DEFAULT_DESCRIPTION, canonicalPath: path, type: 'website', jsonLd: [] };
      return { status: 200, ...detail.build(body.data, this.abs) };
    }
    return notFound(path);
  }
}
