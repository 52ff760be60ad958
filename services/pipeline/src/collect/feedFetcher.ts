export interface FetchedFeed {
  status: 'fetched' | 'not-modified';
  text?: string;
  contentType?: string;
  etag?: string | null;
  lastModified?: string | null;
}

const MAX_FEED_BYTES = 5 * 1024 * 1024;

/** The charset from the Content-Type header, else from the XML declaration, else UTF-8. */
function charsetOf(contentType: string, head: Buffer): string {
  const fromHeader = contentType.match(/charset=["']?([\w-]+)/i)?.[1];
  if (fromHeader) return fromHeader.toLowerCase();
  const fromXml = head.toString('latin1', 0, Math.min(head.length, 200)).match(/<\?xml[^>]*encoding=["']([\w-]+)["']/i)?.[1];
  return (fromXml ?? 'utf-8').toLowerCase();
}

/** GETs a feed with If-None-Match / If-Modified-Since, a timeout and a size cap, decoding its charset. */
export async function fetchFeed(
  url: string,
  cache: { etag: string | null; lastModified: string | null },
  timeoutMs: number,
  userAgent: string,
  maxBytes = MAX_FEED_BYTES,
): Promise<FetchedFeed> {
  const headers: Record<string, string> = {
    'user-agent': userAgent,
    accept:
      'application/rss+xml, application/atom+xml, application/feed+json, application/json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
  };
  if (cache.etag) headers['if-none-match'] = cache.etag;
  if (cache.lastModified) headers['if-modified-since'] = cache.lastModified;
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  if (res.status === 304) return { status: 'not-modified' };
  if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText}`.trim());
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new Error(`Feed too large (${declared} bytes)`);
  const body = Buffer.from(await res.arrayBuffer());
  if (body.length > maxBytes) throw new Error(`Feed too large (${body.length} bytes)`);
  const contentType = res.headers.get('content-type') ?? '';
  let text: string;
  try {
    text = new TextDecoder(charsetOf(contentType, body)).decode(body);
  } catch {
    text = new TextDecoder('utf-8').decode(body);
  }
  return { status: 'fetched', text, contentType, etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified') };
}
