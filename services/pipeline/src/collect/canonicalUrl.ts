/** Query parameters that only track where a click came from. */
const TRACKING_PARAMS = /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|ref|ref_src|igshid|_hsenc|_hsmi|yclid|spm)$/i;

/**
 * The form of a URL used to recognise the same article: lower-case scheme and
 * host without "www.", no default port, no tracking parameters, remaining
 * parameters sorted, no trailing slash, and no fragment unless `keepFragment`
 * (a guid's fragment can be all that tells two changelog entries apart).
 * Null when it is not an http(s) URL.
 */
export function canonicalUrl(raw: string | undefined | null, { keepFragment = false } = {}): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const params = [...url.searchParams.entries()].filter(([k]) => !TRACKING_PARAMS.test(k)).sort(([a], [b]) => a.localeCompare(b));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  const path = url.pathname.replace(/\/+$/, '') || '';
  const port = url.port && !['80', '443'].includes(url.port) ? `:${url.port}` : '';
  const fragment = keepFragment && url.hash.length > 1 ? url.hash : '';
  return `${url.protocol}//${host}${port}${path}${query}${fragment}`;
}

/**
 * Who an item is, within its source: its guid when the feed gives one (a URL
 * guid is canonicalised but keeps its fragment), else its canonical URL.
 * Null when the item has neither.
 */
export function itemKey(item: { guid: string | null; link: string }): string | null {
  const guid = item.guid?.trim();
  if (guid) return `guid:${canonicalUrl(guid, { keepFragment: true }) ?? guid}`;
  const url = canonicalUrl(item.link);
  return url ? `url:${url}` : null;
}
