import { DEFAULT_DESCRIPTION, DEFAULT_OG_IMAGE, SITE_NAME, SITE_TITLE, THEME_COLOR, siteConfig } from '../app/siteConfig';

interface SeoProps {
  /** Page title without the suffix; omitted on the home page. */
  title?: string;
  description?: string;
  /** Path of the canonical URL (lower-cased); defaults to the current path. */
  path?: string;
  image?: string | null;
  type?: 'website' | 'article';
  noindex?: boolean;
  /** JSON-LD objects describing the page. */
  jsonLd?: object | object[];
}

export function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE_NAME}` : SITE_TITLE;
}

export function absoluteUrl(pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${siteConfig.siteUrl.replace(/\/$/, '')}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** Per-page head tags; React 19 hoists title, meta and link elements into <head>. */
export function Seo({ title, description = DEFAULT_DESCRIPTION, path, image, type = 'website', noindex, jsonLd }: SeoProps) {
  const fullTitle = pageTitle(title);
  const canonical = absoluteUrl((path ?? (typeof window !== 'undefined' ? window.location.pathname : '/')).toLowerCase());
  const ogImage = absoluteUrl(image || DEFAULT_OG_IMAGE);
  const ld = jsonLd ? (Array.isArray(jsonLd) ? jsonLd : [jsonLd]) : [];
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta name="robots" content={noindex ? 'noindex, nofollow' : 'index, follow'} />
      <link rel="canonical" href={canonical} />
      <meta name="theme-color" content={THEME_COLOR} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={ogImage} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={ogImage} />
      {ld.map((obj, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(obj).replace(/</g, '\\u003c') }} />
      ))}
    </>
  );
}
