import { escapeHtml } from '@neuralbeat/common/contracts';
import type { GatewayConfig } from './config';
import type { PageMeta } from './pageMeta';

const SITE_NAME = 'NeuralBeat';
const SITE_TITLE = 'NeuralBeat | AI News and Directory';
const THEME_COLOR = '#4f46e5';
const HEAD_START = '<!--app-head-->';
const HEAD_END = '<!--/app-head-->';

/** JSON inside <script>: `<` escaped so no value can close the element. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Writes the page's head tags (marked data-ssr; the SPA replaces them) and the runtime site config into the shell. */
export function renderShell(template: string, meta: PageMeta, config: GatewayConfig): string {
  const base = config.SITE_URL.replace(/\/$/, '');
  const title = meta.title ? `${meta.title} | ${SITE_NAME}` : SITE_TITLE;
  const canonical = `${base}${meta.canonicalPath.toLowerCase()}`;
  const image = meta.image && /^https?:\/\//.test(meta.image) ? meta.image : `${base}${meta.image ?? '/images/og-image.png'}`;
  const tag = (name: string, attrs: Record<string, string>) =>
    `<${name} data-ssr ${Object.entries(attrs)
      .map(([k, v]) => `${k}="${escapeHtml(v)}"`)
      .join(' ')} />`;
  const head = [
    `<title data-ssr>${escapeHtml(title)}</title>`,
    tag('meta', { name: 'description', content: meta.description }),
    tag('meta', { name: 'robots', content: meta.noindex || meta.status === 404 ? 'noindex, nofollow' : 'index, follow' }),
    tag('link', { rel: 'canonical', href: canonical }),
    tag('meta', { name: 'theme-color', content: THEME_COLOR }),
    tag('meta', { property: 'og:title', content: title }),
    tag('meta', { property: 'og:description', content: meta.description }),
    tag('meta', { property: 'og:type', content: meta.type }),
    tag('meta', { property: 'og:url', content: canonical }),
    tag('meta', { property: 'og:image', content: image }),
    tag('meta', { property: 'og:site_name', content: SITE_NAME }),
    tag('meta', { name: 'twitter:card', content: 'summary_large_image' }),
    tag('meta', { name: 'twitter:title', content: title }),
    tag('meta', { name: 'twitter:description', content: meta.description }),
    tag('meta', { name: 'twitter:image', content: image }),
    ...(meta.rssPath
      ? [
          tag('link', {
            rel: 'alternate',
            type: 'application/rss+xml',
            title: meta.rssTitle ?? 'NeuralBeat news',
            href: `${base}${meta.rssPath}`,
          }),
        ]
      : []),
    ...(meta.calendar
      ? [tag('link', { rel: 'alternate', type: 'text/calendar', title: meta.calendar.title, href: `${base}${meta.calendar.path}` })]
      : []),
    ...meta.jsonLd.map((ld) => `<script data-ssr type="application/ld+json">${safeJson(ld)}</script>`),
    `<script type="application/json" id="site-config">${safeJson({
      siteUrl: base,
      contactEmail: config.SITE_CONTACT_EMAIL,
      social: {
        facebook: config.SOCIAL_FACEBOOK_URL,
        x: config.SOCIAL_X_URL,
        instagram: config.SOCIAL_INSTAGRAM_URL,
        linkedin: config.SOCIAL_LINKEDIN_URL,
      },
    })}</script>`,
  ].join('\n    ');
  const start = template.indexOf(HEAD_START);
  const end = template.indexOf(HEAD_END);
  if (start === -1 || end === -1) return template.replace('</head>', `${head}\n  </head>`);
  return `${template.slice(0, start)}${head}${template.slice(end + HEAD_END.length)}`;
}
