import type { Knex } from '@neuralbeat/common';
import type { SearchKind, SearchSourcePage } from '@neuralbeat/common/contracts';
import { SearchSourcesRepository } from '../repositories/searchSourcesRepository';
import { presentNewsArticle, type NewsFeedRow } from '../presenters/newsPresenter';
import { presentTool, type ToolRow } from '../presenters/toolPresenter';
import { presentEvent, presentJob, presentResource, type EventRow, type JobRow, type ResourceRow } from '../presenters/listingPresenters';

// Each kind is presented exactly as its public detail call presents it.
const PRESENT: Record<SearchKind, (row: never) => unknown> = {
  news: (row: NewsFeedRow) => presentNewsArticle(row),
  tools: (row: ToolRow) => presentTool(row),
  resources: (row: ResourceRow) => presentResource(row),
  events: (row: EventRow) => presentEvent(row),
  jobs: (row: JobRow) => presentJob(row),
};

/** The visible state of records, handed to the search indexer over the internal API. */
export class SearchSourceService {
  private readonly sources: SearchSourcesRepository;
  constructor(db: Knex) {
    this.sources = new SearchSourcesRepository(db);
  }

  /** The record as a visitor would see it, or null when it is gone or hidden. */
  async one(kind: SearchKind, id: number): Promise<unknown | null> {
    const row = await this.sources.findVisible<never>(kind, id);
    return row ? PRESENT[kind](row) : null;
  }

  async page(kind: SearchKind, after: number, limit: number): Promise<SearchSourcePage> {
    const rows = await this.sources.pageVisible<never>(kind, after, limit);
    const last = rows.at(-1) as { id: number } | undefined;
    return { items: rows.map((row) => PRESENT[kind](row)), next: rows.length === limit && last ? last.id : null };
  }
}
