import type { QueryClient } from '@tanstack/react-query';

interface EmbeddedQuery {
  key: unknown[];
  /** Page 0 of an infinite list: stored in React Query's pages shape. */
  infinite?: boolean;
  data: unknown;
}

/**
 * Puts the API answers the gateway embedded in the page (`#first-screen`) into
 * the query cache under the keys the page reads, so its first render needs no
 * API round trip. Answers written for another URL (a restored or stale
 * document) are ignored.
 */
export function seedFirstScreen(client: QueryClient, doc: Document = document): void {
  const el = doc.getElementById('first-screen');
  if (!el?.textContent) return;
  el.remove();
  let payload: { path?: string; queries?: EmbeddedQuery[] };
  try {
    payload = JSON.parse(el.textContent) as typeof payload;
  } catch {
    return;
  }
  // The gateway writes the query as URLSearchParams spells it (a space as +); the address bar may spell it %20.
  const query = new URLSearchParams(doc.location.search);
  const here = doc.location.pathname + (query.size ? `?${query}` : '');
  if (payload.path !== here || !Array.isArray(payload.queries)) return;
  for (const q of payload.queries) {
    client.setQueryData(q.key, q.infinite ? { pages: [q.data], pageParams: [0] } : q.data);
  }
}
