import type { Knex } from '@neuralbeat/common';
import type { SearchKind } from '@neuralbeat/common/contracts';
import { OPEN_JOB_SQL } from './openJobs';

/**
 * What a visitor can see of each kind, read by id for the search indexer. The
 * conditions mirror the public reads: every news-feed item, approved tools,
 * published resources and events, published open jobs (not past their validThrough).
 */
const VISIBLE: Record<SearchKind, { table: string; where?: Record<string, unknown>; whereSql?: string }> = {
  news: { table: 'news_feed' },
  tools: { table: 'tools', where: { approved: true } },
  resources: { table: 'resources', where: { published: true } },
  events: { table: 'events', where: { published: true } },
  jobs: { table: 'jobs', where: { published: true }, whereSql: OPEN_JOB_SQL },
};

export class SearchSourcesRepository {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  private visible(kind: SearchKind) {
    const { table, where, whereSql } = VISIBLE[kind];
    const q = this.db(table);
    if (where) q.where(where);
    if (whereSql) q.whereRaw(whereSql);
    return q;
  }

  findVisible<Row>(kind: SearchKind, id: number): Promise<Row | undefined> {
    return this.visible(kind).where('id', id).first();
  }

  /** Visible rows with id above `after`, in id order (keyset paging stays fast however deep the reindex goes). */
  pageVisible<Row>(kind: SearchKind, after: number, limit: number): Promise<Row[]> {
    return this.visible(kind).where('id', '>', after).orderBy('id', 'asc').limit(limit);
  }
}
