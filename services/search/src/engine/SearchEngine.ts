import type { SearchKind, SearchWhy } from '@neuralbeat/common/contracts';

export { SEARCH_KINDS, type SearchKind } from '@neuralbeat/common/contracts';

/**
 * A document as indexed: four weighted fields (title above tags above excerpt
 * above body) plus the result shape returned to clients (contracts/search.ts).
 */
export interface SearchDocument {
  kind: SearchKind;
  refId: number;
  title: string;
  /** Tags and other short labels (category, company, location...). */
  tags: string[];
  excerpt: string;
  /** Plain text. */
  body: string;
  publishedAt: string | null;
  /** Searches leave the document out from this instant (ISO): a job past its validThrough, before the sweep closes it. */
  validThrough?: string | null;
  result: Record<string, unknown>;
}

export interface SearchHit {
  result: Record<string, unknown>;
  why: SearchWhy;
}

/** The best `limit` hits, best first, and how many documents match in all. */
export interface SearchPage {
  hits: SearchHit[];
  total: number;
  /** The earliest validThrough of the hits (ms), when one has any: the page is wrong from then. */
  validUntil?: number;
}

/** What every engine (Postgres full-text, Meilisearch) provides; both pass the one engine suite. */
export interface SearchEngine {
  /** Names the engine in the stored index state: switching engines means a reindex. */
  readonly name: string;
  upsert(doc: SearchDocument): Promise<void>;
  /** Bulk upsert for a reindex. */
  upsertMany(docs: SearchDocument[]): Promise<void>;
  remove(kind: SearchKind, refId: number): Promise<void>;
  /** Removes documents of a kind that no upsert has touched since `since`: what a reindex did not find any more. */
  removeStale(kind: SearchKind, since: Date): Promise<void>;
  /** After a reindex of a kind: rebuilds its typo dictionary from its documents and readies its indexes for searching. */
  finishReindex(kind: SearchKind): Promise<void>;
  /** Documents in the index, all kinds. */
  count(): Promise<number>;
  /** `words` come from `queryWords()`: non-empty, lower-cased, accent-free. */
  search(kind: SearchKind, words: string[], limit: number): Promise<SearchPage>;
}
