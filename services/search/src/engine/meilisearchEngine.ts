import { Meilisearch, type Index } from 'meilisearch';
import { stemmer } from 'stemmer';
import type { SearchDocument, SearchEngine, SearchKind, SearchPage } from './SearchEngine';
import { SEARCH_KINDS } from './SearchEngine';
import { explainMatch } from './explain';
import { words } from './text';

interface MeiliDocument {
  refId: number;
  title: string;
  tags: string[];
  excerpt: string;
  body: string;
  /** The same fields as English stems, so "generate" finds "generative" as it does in Postgres. */
  title_stems: string;
  tags_stems: string;
  excerpt_stems: string;
  body_stems: string;
  /** Milliseconds, for the recency tie-break and for finding stale documents after a reindex. */
  publishedAt: number;
  indexedAt: number;
  /** Milliseconds; searches leave the document out from then. Absent when it has none. */
  validThrough?: number;
  result: Record<string, unknown>;
}

const stems = (text: string) =>
  words(text)
    .map((w) => stemmer(w))
    .join(' ');

function toMeili(doc: SearchDocument, indexedAt: number): MeiliDocument {
  const tags = doc.tags.join(' ');
  return {
    refId: doc.refId,
    title: doc.title,
    tags: doc.tags,
    excerpt: doc.excerpt,
    body: doc.body,
    title_stems: stems(doc.title),
    tags_stems: stems(tags),
    excerpt_stems: stems(doc.excerpt),
    body_stems: stems(doc.body),
    publishedAt: doc.publishedAt ? Date.parse(doc.publishedAt) : 0,
    indexedAt,
    ...(doc.validThrough ? { validThrough: Date.parse(doc.validThrough) } : {}),
    result: doc.result,
  };
}

/** The settings of every index; applied by the engine when its key may, otherwise by meiliSetup with the master key. */
export const MEILI_INDEX_SETTINGS = {
  searchableAttributes: ['title', 'title_stems', 'tags', 'tags_stems', 'excerpt', 'excerpt_stems', 'body', 'body_stems'],
  filterableAttributes: ['indexedAt', 'validThrough'],
  rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness', 'publishedAt:desc'],
};

/** Meilisearch answers 403 with this code when the key lacks the action (the search service's key has no settings rights). */
const notPermitted = (err: unknown) => (err as { cause?: { code?: string } }).cause?.code === 'invalid_api_key';

/**
 * Meilisearch engine, used when MEILI_HOST is set: one index per kind. The
 * attribute order makes title outrank tags, excerpt and body; every query word
 * must match (as in Postgres); Meilisearch's own typo tolerance and last-word
 * prefix search apply; stems are indexed beside the text so stemming matches too.
 */
export class MeilisearchEngine implements SearchEngine {
  readonly name = 'meilisearch';
  private readonly client: Meilisearch;
  private readonly prefix: string;
  private readonly ready = new Map<SearchKind, Promise<void>>();
  constructor(host: string, apiKey: string | undefined, prefix: string) {
    this.client = new Meilisearch({ host, apiKey });
    this.prefix = prefix;
  }

  private indexName(kind: SearchKind) {
    return `${this.prefix}_${kind}`;
  }

  private async index(kind: SearchKind): Promise<Index<MeiliDocument>> {
    let ready = this.ready.get(kind);
    if (!ready) {
      ready = this.client
        .index(this.indexName(kind))
        .updateSettings(MEILI_INDEX_SETTINGS)
        .waitTask()
        .then(
          () => undefined,
          (err) => {
            // A key limited to search and documents: the setup step applied the settings.
            if (notPermitted(err)) return;
            // Meilisearch unreachable: try again on the next call rather than failing for good.
            this.ready.delete(kind);
            throw err;
          },
        );
      this.ready.set(kind, ready);
    }
    await ready;
    return this.client.index<MeiliDocument>(this.indexName(kind));
  }

  async upsert(doc: SearchDocument): Promise<void> {
    await this.upsertMany([doc]);
  }

  async upsertMany(docs: SearchDocument[]): Promise<void> {
    const now = Date.now();
    for (const kind of SEARCH_KINDS) {
      const ofKind = docs.filter((d) => d.kind === kind).map((d) => toMeili(d, now));
      if (ofKind.length) await (await this.index(kind)).addDocuments(ofKind, { primaryKey: 'refId' }).waitTask();
    }
  }

  async remove(kind: SearchKind, refId: number): Promise<void> {
    await (await this.index(kind)).deleteDocument(refId).waitTask();
  }

  async removeStale(kind: SearchKind, since: Date): Promise<void> {
    await (await this.index(kind)).deleteDocuments({ filter: `indexedAt < ${since.getTime()}` }).waitTask();
  }

  /** Meilisearch corrects typos itself; there is no dictionary to rebuild. */
  async finishReindex(): Promise<void> {}

  async count(): Promise<number> {
    let total = 0;
    for (const kind of SEARCH_KINDS) total += (await (await this.index(kind)).getStats()).numberOfDocuments;
    return total;
  }

  async search(kind: SearchKind, query: string[], limit: number): Promise<SearchPage> {
    const res = await (
      await this.index(kind)
    ).search(query.map((w) => stemmer(w)).join(' '), {
      page: 1,
      hitsPerPage: limit,
      matchingStrategy: 'all',
      // As in Postgres: a job past its validThrough is not found, though indexed until the sweep closes it.
      filter: `validThrough NOT EXISTS OR validThrough > ${Date.now()}`,
      // The body is read for the "why" snippet of body-only matches; _formatted crops are not given for unretrieved fields.
      attributesToRetrieve: ['result', 'title', 'tags', 'excerpt', 'body', 'validThrough'],
    });
    const validUntil = Math.min(...res.hits.map((h) => h.validThrough ?? Infinity));
    return {
      total: res.totalHits,
      ...(validUntil === Infinity ? {} : { validUntil }),
      hits: res.hits.map((h) => ({
        result: h.result,
        why: explainMatch(query, { title: h.title, tags: h.tags, excerpt: h.excerpt, body: h.body }, { fuzzy: true }),
      })),
    };
  }
}
