import type { Queue } from 'bullmq';
import { validationFailed, notFound, type Knex } from '@neuralbeat/common';
import { SourcesRepository, type NewsSourceRow } from '../repositories/sourcesRepository';
import { collectNow, scheduleSource, unscheduleSource } from '../collect/scheduler';

/**
 * Everything an operator does to news sources, for the `sources` CLI and the
 * admin API alike. Schedules live in Redis (BullMQ job schedulers), so a change
 * made here takes effect in the running pipeline at once, whichever process makes it.
 */
export class SourcesService {
  private readonly repository: SourcesRepository;
  private readonly collectQueue: Queue;
  private readonly intervalSeconds: number;
  constructor(db: Knex, collectQueue: Queue, intervalSeconds: number) {
    this.repository = new SourcesRepository(db);
    this.collectQueue = collectQueue;
    this.intervalSeconds = intervalSeconds;
  }

  list(): Promise<NewsSourceRow[]> {
    return this.repository.list();
  }

  /** Adds (or renames) a source and schedules it when enabled; it is collected right away. */
  async add(name: string, feedUrl: string): Promise<NewsSourceRow> {
    const trimmed = name.trim();
    if (!trimmed) throw validationFailed('name is required', 'name');
    let url: URL;
    try {
      url = new URL(feedUrl.trim());
    } catch {
      throw validationFailed(`"${feedUrl}" is not a valid URL`, 'feedUrl');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw validationFailed('The feed URL must start with http:// or https://', 'feedUrl');
    const row = await this.repository.upsert(trimmed, url.toString());
    if (row.enabled) await scheduleSource(this.collectQueue, row.id, this.intervalSeconds);
    return row;
  }

  /** Enables (scheduled, collected at once) or disables (unscheduled) a source. */
  async setEnabled(id: number, enabled: boolean): Promise<NewsSourceRow> {
    const row = await this.repository.setEnabled(id, enabled);
    if (!row) throw notFound(`No source with id ${id}`);
    if (enabled) await scheduleSource(this.collectQueue, id, this.intervalSeconds);
    else await unscheduleSource(this.collectQueue, id);
    return row;
  }

  /** Queues a collection of the source now, outside its schedule. */
  async collectNow(id: number, requestId?: string): Promise<NewsSourceRow> {
    const row = await this.repository.find(id);
    if (!row) throw notFound(`No source with id ${id}`);
    await collectNow(this.collectQueue, id, requestId);
    return row;
  }
}
