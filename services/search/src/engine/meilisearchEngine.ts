import { Meilisearch } from 'meilisearch';
import type { SearchDocument, SearchEngine, SearchKind } from './SearchEngine';

type MeiliDocument = Omit<SearchDocument, 'kind'>;

/** The settings of every index; applied by the engine when its key may, otherwise by meiliSetup with the master key. */
export const MEILI_INDEX_SETTINGS = { searchableAttributes: ['title', 'tags', 'body'], sortableAttributes: ['publishedAt'] };

/** Meilisearch answers 403 with this code when the key lacks the action (the search service's key has no settings rights). */
const notPermitted = (err: unknown) => (err as { cause?: { code?: string } }).cause?.code === 'invalid_api_key';

/** Meilisearch engine, used when MEILI_HOST is set: one index per kind, title ranked above tags above body. */
export class MeilisearchEngine implements SearchEngine {
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

  private async index(kind: SearchKind) {
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
    const index = await this.index(doc.kind);
    await index
      .addDocuments([{ refId: doc.refId, title: doc.title, body: doc.body, tags: doc.tags, publishedAt: doc.publishedAt, result: doc.result }], {
        primaryKey: 'refId',
      })
      .waitTask();
  }

  async remove(kind: SearchKind, refId: number): Promise<void> {
    await (await this.index(kind)).deleteDocument(refId).waitTask();
  }

  async search(kind: SearchKind, q: string, limit: number): Promise<Record<string, unknown>[]> {
    const res = await (await this.index(kind)).search(q, { limit, attributesToRetrieve: ['result'] });
    return res.hits.map((h) => h.result);
  }
}
