export const SEARCH_KINDS = ['news', 'tools', 'resources', 'events', 'jobs'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** A document as indexed: searchable text plus the result shape returned to clients. */
export interface SearchDocument {
  kind: SearchKind;
  refId: number;
  title: string;
  body: string;
  tags: string[];
  publishedAt: string | null;
  result: Record<string, unknown>;
}

/** What every engine (Postgres full-text, Meilisearch) provides. */
export interface SearchEngine {
  upsert(doc: SearchDocument): Promise<void>;
  remove(kind: SearchKind, refId: number): Promise<void>;
  search(kind: SearchKind, q: string, limit: number): Promise<Record<string, unknown>[]>;
}
