/**
 * Search constants shared by the search service and the web app (zod-free, so
 * the browser bundle may import them): the five kinds, preview counts
 * and tag-chip caps, and the limits of a search request.
 */
export const SEARCH_KINDS = ['news', 'tools', 'resources', 'events', 'jobs'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Results each kind shows in the All tab of /search. */
export const SEARCH_PREVIEW_COUNTS: Record<SearchKind, number> = { news: 3, tools: 3, resources: 2, events: 2, jobs: 2 };
/** Tag chips per result: 3 in an All-tab preview, 5 in a kind's own tab. */
export const SEARCH_TAGS_IN_PREVIEW = 3;
export const SEARCH_TAGS_IN_TAB = 5;

/** Results a search call returns unless it asks for a `limit` (at most SEARCH_MAX_LIMIT). */
export const SEARCH_DEFAULT_LIMIT = 50;
export const SEARCH_MAX_LIMIT = 100;
/** Longer queries are refused with a 400; within it only the first words count (see the search service). */
export const SEARCH_QUERY_MAX_LENGTH = 1000;

/** Which field of a result matched the query, and how: the "why" hint of each result. */
export const SEARCH_MATCH_FIELDS = ['title', 'tags', 'excerpt', 'body'] as const;
export type SearchMatchField = (typeof SEARCH_MATCH_FIELDS)[number];
export const SEARCH_MATCH_TYPES = ['exact', 'prefix', 'typo'] as const;
export type SearchMatchType = (typeof SEARCH_MATCH_TYPES)[number];
