import { Router, type Response } from 'express';
import { STATIC_PAGES, escapeHtml, type NewsletterArchiveResponse, type NewsListResponse } from '@neuralbeat/common/contracts';
import { AppError, badGateway, notFound, serviceUnavailable } from '@neuralbeat/common';
import type { GatewayConfig } from './config';

const FEED_ITEMS = 50;
/** URLs in one sitemap file at most (sitemaps.org). */
export const SITEMAP_URLS = 50_000;
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

interface SitemapEntry {
  path: string;
  lastmod: string | null;
}

/**
 * A read from the content service. Its 4xx answers are about what the visitor
 * asked for (a tag that is too long, blank or unreadable) and pass through with
 * their message; a failing service is a 502, one that is unreachable or too
 * busy to answer within 5 s a 503 (worth asking again, unlike a 500).
 */
async function contentJson<T>(url: string): Promise<T> {
  const signal = AbortSignal.timeout(5000);
  const unavailable = () => serviceUnavailable('The content service did not answer in time; please try again shortly');
  const res = await fetch(url, { signal }).catch(() => {
    throw unavailable();
  });
  if (res.status >= 400 && res.status < 500) {
    const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string; field?: string } } | null;
    throw new AppError(res.status, body?.error?.code ?? 'bad_request', body?.error?.message ?? 'Bad request', body?.error?.field);
  }
  if (!res.ok) throw badGateway(`The content service answered ${res.status}`);
  return (await res.json().catch(() => {
    throw unavailable();
  })) as T;
}

/**
 * Requests for one document while it is being built share that build: a
 * sitemap reads every public URL, and crawlers (or a load) ask for it many at
 * once. The next request after it is done builds afresh, so nothing is kept.
 */
const building = new Map<string, Promise<string>>();
function sharedBuild(key: string, build: () => Promise<string>): Promise<string> {
  let pending = building.get(key);
  if (!pending) {
    pending = build().finally(() => building.delete(key));
    building.set(key, pending);
  }
  return pending;
}

/** /sitemap.xml, /robots.txt, /rss.xml, /news/tag/{tag}/rss.xml and /newsletter/rss.xml, built from the content service. */
export function crawlerDocuments(config: GatewayConfig): Router {
  const router = Router();
  const base = config.SITE_URL.replace(/\/$/, '');

  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').send(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${base}/sitemap.xml\n`);
  });

  // The fixed pages lead the first sitemap; the content service's entries follow, in its order.
  const fixed: SitemapEntry[] = Object.entries(STATIC_PAGES)
    .filter(([, meta]) => !meta.noindex)
    .map(([path]) => ({ path, lastmod: null }));
  const entries = (offset: number, limit: number) =>
    contentJson<{ total: number; entries: SitemapEntry[] }>(`${config.CONTENT_URL}/internal/sitemap?offset=${offset}&limit=${limit}`);
  const sendXml = (res: Response, body: string) =>
    res.type('application/xml').set('cache-control', 'public, max-age=300').send(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
  const urlset = (list: SitemapEntry[]) =>
    `<urlset xmlns="${SITEMAP_NS}">\n${list
      .map(
        (e) =>
          `  <url><loc>${escapeHtml(base + encodeURI(e.path))}</loc>${e.lastmod ? `<lastmod>${e.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`,
      )
      .join('\n')}\n</urlset>\n`;

  /**
   * One <urlset> while the site has at most 50,000 URLs (one file for crawlers to read, as
   * before); past that, a <sitemapindex> of /sitemap-N.xml files of 50,000 URLs each (at
   * sitemaps.org's 50 MB cap only with URLs of over 1,000 characters, which no slug comes near).
   */
  router.get('/sitemap.xml', async (_req, res) => {
    const body = await sharedBuild('sitemap', async () => {
      const { total } = await entries(0, 0);
      if (fixed.length + total <= SITEMAP_URLS) return urlset([...fixed, ...(await entries(0, total)).entries]);
      const files = Math.ceil((fixed.length + total) / SITEMAP_URLS);
      const list = Array.from({ length: files }, (_, i) => `  <sitemap><loc>${escapeHtml(`${base}/sitemap-${i + 1}.xml`)}</loc></sitemap>`);
      return `<sitemapindex xmlns="${SITEMAP_NS}">\n${list.join('\n')}\n</sitemapindex>\n`;
    });
    sendXml(res, body);
  });

  // One file of the index, read from the database alone: no more than its 50,000 entries are held.
  router.get(/^\/sitemap-(\d{1,6})\.xml$/, async (req, res) => {
    const n = Number(req.params[0]);
    const body = await sharedBuild(`sitemap-${n}`, async () => {
      const start = (n - 1) * SITEMAP_URLS;
      const end = start + SITEMAP_URLS;
      const from = Math.max(start, fixed.length);
      const page = n >= 1 ? await entries(from - fixed.length, end - from) : null;
      const list = [...fixed.slice(Math.max(start, 0), end), ...(page?.entries ?? [])];
      if (!list.length) throw notFound(`The sitemap has no file ${req.params[0]}`);
      return urlset(list);
    });
    sendXml(res, body);
  });

  const sendFeed = async (tag: string | null, res: Response) => {
    const api = tag ? `/api/news/tag/${encodeURIComponent(tag)}` : '/api/news';
    const list = await contentJson<NewsListResponse>(`${config.CONTENT_URL}${api}?limit=${FEED_ITEMS}&offset=0`);
    // As its page (pageMeta.ts): a tag no news carries has no feed.
    if (tag && !list.articles.length) throw notFound(`No news is tagged ${tag}`);
    const self = tag ? `${base}/news/tag/${encodeURIComponent(tag)}/rss.xml` : `${base}/rss.xml`;
    const items = list.articles
      .map((a) => {
        const link = `${base}/news/${encodeURIComponent(a.slug)}`;
        return [
          '    <item>',
          `      <title>${escapeHtml(a.title)}</title>`,
          `      <link>${escapeHtml(link)}</link>`,
          `      <guid isPermaLink="true">${escapeHtml(link)}</guid>`,
          `      <pubDate>${new Date(a.publishDate).toUTCString()}</pubDate>`,
          `      <description>${escapeHtml(a.excerpt)}</description>`,
          ...[a.category, ...a.tags].map((c) => `      <category>${escapeHtml(c)}</category>`),
          ...(a.sourceUrl ? [`      <source url="${escapeHtml(a.sourceUrl)}">${escapeHtml(a.sourceName ?? a.sourceUrl)}</source>`] : []),
          '    </item>',
        ].join('\n');
      })
      .join('\n');
    res
      .type('application/rss+xml')
      .set('cache-control', 'public, max-age=300')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">\n  <channel>\n` +
          `    <title>${escapeHtml(tag ? `NeuralBeat — ${tag}` : 'NeuralBeat — Latest AI News')}</title>\n` +
          `    <link>${escapeHtml(tag ? `${base}/news/tag/${encodeURIComponent(tag)}` : `${base}/news`)}</link>\n` +
          `    <description>${escapeHtml(STATIC_PAGES['/news']!.description)}</description>\n` +
          `    <language>en</language>\n` +
          `    <atom:link href="${escapeHtml(self)}" rel="self" type="application/rss+xml" />\n` +
          (list.articles[0] ? `    <lastBuildDate>${new Date(list.articles[0].publishDate).toUTCString()}</lastBuildDate>\n` : '') +
          `${items}\n  </channel>\n</rss>\n`,
      );
  };

  router.get('/rss.xml', async (_req, res) => sendFeed(null, res));
  // Registered before the SPA: GET /newsletter/{slug} is a page, this one path is the feed of sent issues.
  router.get('/newsletter/rss.xml', async (_req, res) => {
    const { issues } = await contentJson<NewsletterArchiveResponse>(`${config.CONTENT_URL}/api/newsletter/issues`);
    const self = `${base}/newsletter/rss.xml`;
    const items = issues
      .slice(0, FEED_ITEMS)
      .map((i) => {
        const link = `${base}/newsletter/${encodeURIComponent(i.slug)}`;
        return [
          '    <item>',
          `      <title>${escapeHtml(i.subject)}</title>`,
          `      <link>${escapeHtml(link)}</link>`,
          `      <guid isPermaLink="true">${escapeHtml(link)}</guid>`,
          `      <pubDate>${new Date(i.sentAt).toUTCString()}</pubDate>`,
          `      <description>${escapeHtml(i.preheader)}</description>`,
          '    </item>',
        ].join('\n');
      })
      .join('\n');
    res
      .type('application/rss+xml')
      .set('cache-control', 'public, max-age=300')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">\n  <channel>\n` +
          `    <title>NeuralBeat Weekly — newsletter archive</title>\n` +
          `    <link>${escapeHtml(`${base}/newsletter/archive`)}</link>\n` +
          `    <description>${escapeHtml(STATIC_PAGES['/newsletter/archive']!.description)}</description>\n` +
          `    <language>en</language>\n` +
          `    <atom:link href="${escapeHtml(self)}" rel="self" type="application/rss+xml" />\n` +
          (issues[0] ? `    <lastBuildDate>${new Date(issues[0].sentAt).toUTCString()}</lastBuildDate>\n` : '') +
          `${items}\n  </channel>\n</rss>\n`,
      );
  });
  router.get('/news/tag/:tag/rss.xml', async (req, res) => sendFeed(String(req.params.tag).toLowerCase().slice(0, 100), res));
  return router;
}
