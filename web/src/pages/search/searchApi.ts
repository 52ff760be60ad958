import type { SearchKind } from '@neuralbeat/common/contracts/browser';
import type { SearchResultOf } from '@neuralbeat/common/contracts';
import { apiGetPage, type ListPage } from '../../api/client';

/** The best results of a search, and how many match in all. */
export type SearchAnswer<K extends SearchKind> = ListPage<SearchResultOf<K>>;

/** `GET /api/{kind}/search?q=`, with the number of matches from its X-Total-Count header. */
export const fetchSearch = <K extends SearchKind>(kind: K, q: string, signal?: AbortSignal): Promise<SearchAnswer<K>> =>
  apiGetPage<SearchResultOf<K>>(`/api/${kind}/search?q=${encodeURIComponent(q)}`, signal);
