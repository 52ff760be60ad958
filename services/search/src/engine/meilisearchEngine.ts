import { Meilisearch } from 'meilisearch';
import type { SearchDocument, SearchEngine, SearchKind } from './SearchEngine';

type MeiliDocument = Omit<SearchDocument, 'kind'>;

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
        .updateSettings({ searchableAttributes: ['title', 'tags', 'body'], sortableAttributes: ['publishedAt'] })
        .waitTask()
        .then(() => undefined);
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
