import type { Knex } from '@neuralbeat/common';
import type { EventRow, JobRow, ResourceRow } from '../presenters/listingPresenters';
import { OPEN_JOB_SQL } from './openJobs';

/** Knex access to the editorial listings: learning resources, events and jobs. */
export class ListingsRepository {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  resources(filter: { category?: string; limit?: number }): Promise<ResourceRow[]> {
    const q = this.db<ResourceRow>('resources')
      .where('published', true)
      .orderBy([
        { column: 'published_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
    if (filter.category) q.where({ category: filter.category });
    if (filter.limit) q.limit(filter.limit);
    return q;
  }

  resourceBySlug(slug: string): Promise<ResourceRow | undefined> {
    return this.db<ResourceRow>('resources').where({ slug }).where('published', true).first();
  }

  /** Published events by start date; `fromDay` keeps those ending (or, without an end, starting) on or after that day. */
  events(fromDay?: string): Promise<EventRow[]> {
    const q = this.db<EventRow>('events')
      .where('published', true)
      .orderBy([
        { column: 'start_date', order: 'asc' },
        { column: 'id', order: 'asc' },
      ]);
    if (fromDay) q.whereRaw('COALESCE(end_date, start_date) >= ?::date', [fromDay]);
    return q;
  }

  eventBySlug(slug: string): Promise<EventRow | undefined> {
    return this.db<EventRow>('events').where('published', true).where('slug', slug).first();
  }

  /** Open jobs, newest first (a closed job, or one past its validThrough, leaves the lists at once). */
  jobs(limit?: number): Promise<JobRow[]> {
    // `published` written, not bound: a prepared statement's generic plan then still matches the open-jobs index.
    const q = this.db<JobRow>('jobs')
      .whereRaw(`published AND ${OPEN_JOB_SQL}`)
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
    if (limit) q.limit(limit);
    return q;
  }

  /** A job open or closed (`open` as the lists read it): a closed job's page says it is no longer open. */
  jobById(id: number): Promise<(JobRow & { open: boolean }) | undefined> {
    return this.db<JobRow>('jobs')
      .where({ id })
      .where('published', true)
      .first('*', this.db.raw(`${OPEN_JOB_SQL} AS open`));
  }
}
