import fs from 'node:fs';
import path from 'node:path';
import { JOB_CLOSED_PAGE, escapeHtml, firstScreenOf } from '@neuralbeat/common/contracts';
import type { Logger } from '@neuralbeat/common';
import type { ContentReader } from './contentReader';

/** Answers bigger than this are left for the browser to fetch rather than swell the HTML. */
const MAX_EMBEDDED_BYTES = 512 * 1024;
const ROOT = '<div id="root"></div>';

/**
 * JSON text made safe inside a <script> element: no `</script>`, `<!--` or
 * markup can appear, and the line separators JavaScript once rejected are
 * escaped. Every replaced character can only occur inside JSON strings, where
 * the \u escape means the same character, so the text stays the same JSON.
 */
export function scriptSafeJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Which built files each page needs, from the Vite manifest of the web build (absent in development). */
export class RouteAssets {
  private readonly manifestPath: string;
  private manifest: Record<string, ManifestChunk> | null | undefined;
  constructor(webDist: string) {
    this.manifestPath = path.join(webDist, '.vite', 'manifest.json');
  }

  private load(): Record<string, ManifestChunk> | null {
    if (this.manifest === undefined) {
      try {
        this.manifest = JSON.parse(fs.readFileSync(this.manifestPath, 'utf8')) as Record<string, ManifestChunk>;
      } catch {
        this.manifest = null;
      }
    }
    return this.manifest;
  }

  /** The page chunk and its static imports, minus what index.html already loads, as /assets URLs. */
  preloadsFor(page: string): string[] {
    const manifest = this.load();
    const key = `src/pages/${page}.tsx`;
    if (!manifest?.[key]) return [];
    const closure = (k: string, into: Set<string>): Set<string> => {
      const chunk = manifest[k];
      if (!chunk || into.has(k)) return into;
      into.add(k);
      for (const dep of chunk.imports ?? []) closure(dep, into);
      return into;
    };
    const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
    const loaded = entry ? closure(entry, new Set()) : new Set<string>();
    return [...closure(key, new Set())].filter((k) => !loaded.has(k)).map((k) => `/${manifest[k]!.file}`);
  }
}

/**
 * Writes what the first screen of a route needs into its HTML: module preloads
 * for the page's chunks, and the API answers of its first screen as the
 * React Query cache entries the page reads (`#first-screen`), so the page
 * renders complete on its first paint without an API round trip.
 */
export class FirstScreenEmbedder {
  private readonly reader: ContentReader;
  private readonly assets: RouteAssets;
  private readonly logger?: Logger;
  constructor(reader: ContentReader, assets: RouteAssets, logger?: Logger) {
    this.reader = reader;
    this.assets = assets;
    this.logger = logger;
  }

  async render(html: string, pathname: string, query: URLSearchParams, requestId?: string): Promise<string> {
    const screen = firstScreenOf(pathname, query);
    if (!screen) return html;
    const entries = await Promise.all(
      screen.reads.map(async (read) => {
        try {
          const answer = await this.reader.get(read.api, requestId);
          if (answer.status !== 200 || !answer.contentType.includes('json') || answer.body.length > MAX_EMBEDDED_BYTES) return null;
          let data = answer.body;
          if (read.counted) {
            if (!answer.total || !/^\d+$/.test(answer.total)) return null;
            data = `{"items":${answer.body},"total":${answer.total}}`;
          }
          return `{"key":${JSON.stringify(read.key)},${read.infinite ? '"infinite":true,' : ''}"data":${data}}`;
        } catch (err) {
          // The browser fetches what is missing; the page is never held up beyond the read timeout.
          this.logger?.warn({ err, api: read.api, requestId }, 'first-screen read failed');
          return null;
        }
      }),
    );
    const queries = entries.filter((e): e is string => e !== null);
    const search = query.size ? `?${query}` : '';
    const preloads = this.assets
      .preloadsFor(screen.page)
      .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`);
    let out = html;
    if (preloads.length) out = out.replace('</head>', `  ${preloads.join('\n    ')}\n  </head>`);
    if (screen.page === 'news/NewsCategoryRedirectPage') out = redirectNotice(out, pathname);
    if (queries.length) {
      const payload = scriptSafeJson(`{"path":${JSON.stringify(pathname + search)},"queries":[${queries.join(',')}]}`);
      out = out.replace('</body>', `  <script type="application/json" id="first-screen">${payload}</script>\n  </body>`);
    }
    return out;
  }
}

/** A closed job's page (410) says so in the document itself, for crawlers and readers without JavaScript; the app renders the same notice. */
export function closedJobNotice(html: string): string {
  return html.replace(
    ROOT,
    `<div id="root"><main style="padding:4rem 1rem;text-align:center"><h1>${escapeHtml(JOB_CLOSED_PAGE.notice)}</h1><p><a href="/jobs">Browse open jobs</a></p></main></div>`,
  );
}

/**
 * /news/category/{name} is a full-page redirect that shows "Redirecting to tag
 * page...": the text is in the document from its first byte, the app
 * then redirects, and browsers without JavaScript follow the refresh.
 */
function redirectNotice(html: string, pathname: string): string {
  const name = decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop() ?? '');
  const target = `/news/tag/${encodeURIComponent(name.toLowerCase())}`;
  return html
    .replace('</head>', `  <noscript><meta http-equiv="refresh" content="0; url=${escapeHtml(target)}"></noscript>\n  </head>`)
    .replace(
      ROOT,
      `<div id="root"><p role="status" style="padding:4rem 1rem;text-align:center;color:#475569">Redirecting to tag page...</p></div>`,
    );
}
