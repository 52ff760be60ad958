import { SEARCH_TOTAL_HEADER, type SearchKind } from '@neuralbeat/common/contracts/browser';
import type { SearchResultOf } from '@neuralbeat/common/contracts';
import { ApiError } from '../../api/client';

export interface SearchAnswer<K extends SearchKind> {
  items: SearchResultOf<K>[];
  /** Matches in all; the list holds the best of them. */
  total: number;
}

/** `GET /api/{kind}/search?q=` (spec §7), with the number of matches from its X-Total-Count header. */
export async function fetchSearch<K extends SearchKind>(kind: K, q: string, signal?: AbortSignal): Promise<SearchAnswer<K>> {
  const res = await fetch(`/api/${kind}/search?q=${encodeURIComponent(q)}`, { credentials: 'include', signal });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  const items = (await res.json()) as SearchResultOf<K>[];
  const total = Number(res.headers.get(SEARCH_TOTAL_HEADER));
  return { items, total: Number.isFinite(total) && total >= items.length ? total : items.length };
}
