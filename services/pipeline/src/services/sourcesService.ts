import type { Queue } from 'bullmq';
import { validationFailed, notFound, type Knex } from '@neuralbeat/common';
import { SOURCE_INTERVAL_MAX_HOURS, SOURCE_KINDS, type SourceKind } from '@neuralbeat/common/contracts';
import { SourcesRepository, type NewsSourceRow } from '../repositories/sourcesRepository';
import { DEFAULT_SLOW_SOURCE_HOURS, collectEverySeconds, collectNow, scheduleSource, unscheduleSource } from '../collect/scheduler';

/**
 * What the URL of a job board must look like: the collector reads that API and
 * nothing else, so a board's page URL (or a typo) is refused when it is added.
 */
const BOARD_URL: Partial<Record<SourceKind, { pattern: RegExp; example: string }>> = {
  greenhouse: { pattern: /\/v1\/boards\/[^/]+\/jobs\/?$/, example: 'https://boards-api.greenhouse.io/v1/boards/{token}/jobs?content=true' },
  lever: { pattern: /\/v0\/postings\/[^/]+\/?$/, example: 'https://api.lever.co/v0/postings/{site}?mode=json' },
};

/** The kind named, or a 400 naming the field. */
export function parseSourceKind(raw: string): SourceKind {
  const kind = raw.trim().toLowerCase();
  if ((SOURCE_KINDS as readonly string[]).includes(kind)) return kind as SourceKind;
  throw validationFailed(`Unknown source kind "${raw}": use one of ${SOURCE_KINDS.join(', ')}`, 'kind');
}

/** A collection interval in hours, or a 400 naming the field: positive, at most a week. */
export function parseIntervalHours(raw: string | number): number {
  const hours = typeof raw === 'number' ? raw : Number(raw.trim() || Number.NaN);
  if (!Number.isFinite(hours) || hours <= 0 || hours > SOURCE_INTERVAL_MAX_HOURS)
    throw validationFailed(
      `intervalHours must be a number of hours above 0 and at most ${SOURCE_INTERVAL_MAX_HOURS} (a week), not "${raw}"`,
      'intervalHours',
    );
  return hours;
}

/**
 * Everything an operator does to sources of every kind, for the `sources` CLI and the
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

  /**
   * Adds (or renames) a source and schedules it when enabled; it is collected right away.
   * Without an interval a news feed follows COLLECT_INTERVAL_SECONDS and any other kind is
   * given a day, stored so the list shows it.
   */
  async add(name: string, feedUrl: string, kind: SourceKind = 'news', intervalHours?: number): Promise<NewsSourceRow> {
    if (intervalHours !== undefined) parseIntervalHours(intervalHours);
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
    const board = BOARD_URL[kind];
    if (board && !board.pattern.test(url.pathname))
      throw validationFailed(`A ${kind} source reads the board's API: ${board.example}`, 'feedUrl');
    // A Greenhouse board without content=true has no descriptions, and a Lever site answers HTML without mode=json.
    if (kind === 'greenhouse') url.searchParams.set('content', 'true');
    if (kind === 'lever') url.searchParams.set('mode', 'json');
    const existing = await this.repository.findByUrl(url.toString());
    if (existing && existing.kind !== kind)
      throw validationFailed(`${url} is already source ${existing.id}, of kind ${existing.kind}`, 'kind');
    const interval = intervalHours ?? (existing || kind === 'news' ? undefined : DEFAULT_SLOW_SOURCE_HOURS);
    const row = await this.repository.upsert(trimmed, url.toString(), kind, interval);
    if (row.enabled) await scheduleSource(this.collectQueue, row.id, collectEverySeconds(row, this.intervalSeconds));
    return row;
  }

  /** Sets how often a source is collected; an enabled source's schedule follows at once. */
  async setInterval(id: number, intervalHours: number): Promise<NewsSourceRow> {
    const row = await this.repository.setInterval(id, parseIntervalHours(intervalHours));
    if (!row) throw notFound(`No source with id ${id}`);
    if (row.enabled) await scheduleSource(this.collectQueue, id, collectEverySeconds(row, this.intervalSeconds));
    return row;
  }

  /** Enables (scheduled, collected at once) or disables (unscheduled) a source. */
  async setEnabled(id: number, enabled: boolean): Promise<NewsSourceRow> {
    const row = await this.repository.setEnabled(id, enabled);
    if (!row) throw notFound(`No source with id ${id}`);
    if (enabled) await scheduleSource(this.collectQueue, id, collectEverySeconds(row, this.intervalSeconds));
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
