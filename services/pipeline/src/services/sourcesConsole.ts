import type { Queue } from 'bullmq';
import { recordAudit, type Knex, type SessionUser } from '@neuralbeat/common';
import type { AdminSource, AuditAction } from '@neuralbeat/common/contracts';
import type { NewsSourceRow } from '../repositories/sourcesRepository';
import { schedulerId } from '../collect/scheduler';
import { SourcesService } from './sourcesService';

const KNOWN_COLUMNS = new Set([
  'id',
  'kind',
  'name',
  'feed_url',
  'enabled',
  'check_interval_hours',
  'etag',
  'last_modified',
  'last_fetched_at',
  'last_success_at',
  'last_error',
  'consecutive_failures',
  'created_at',
  'updated_at',
]);
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/**
 * The console's News Sources page: SourcesService (the same code as the
 * `sources` CLI) plus each source's schedule from its BullMQ job scheduler, and
 * an audit record of every change.
 */
export class SourcesConsole {
  private readonly db: Knex;
  private readonly collectQueue: Queue;
  readonly sources: SourcesService;
  constructor(db: Knex, collectQueue: Queue, intervalSeconds: number) {
    this.db = db;
    this.collectQueue = collectQueue;
    this.sources = new SourcesService(db, collectQueue, intervalSeconds);
  }

  async list(): Promise<AdminSource[]> {
    const [rows, schedulers] = await Promise.all([this.sources.list(), this.collectQueue.getJobSchedulers()]);
    const byKey = new Map(schedulers.map((s) => [s.key, s]));
    return rows.map((row) => presentSource(row, byKey.get(schedulerId(row.id))));
  }

  async present(row: NewsSourceRow): Promise<AdminSource> {
    return presentSource(
      row,
      (await this.collectQueue.getJobSchedulers()).find((s) => s.key === schedulerId(row.id)),
    );
  }

  audit(actor: SessionUser, action: AuditAction, row: NewsSourceRow, requestId?: string): Promise<void> {
    return recordAudit(this.db, {
      actor,
      action,
      params: { source: row.name, kind: row.kind, feedUrl: row.feed_url, intervalHours: row.check_interval_hours },
      affectedIds: [row.id],
      requestId,
    });
  }
}

/** Known columns by name; any other numeric column (counters such as items seen/added/folded) passes through under `counters`. */
function presentSource(row: NewsSourceRow, scheduler: { every?: number; next?: number } | undefined): AdminSource {
  const counters: Record<string, number> = {};
  for (const [key, value] of Object.entries(row)) {
    if (KNOWN_COLUMNS.has(key)) continue;
    const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof n === 'number' && Number.isFinite(n)) counters[key] = n;
  }
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    feedUrl: row.feed_url,
    enabled: row.enabled,
    intervalHours: row.check_interval_hours == null ? null : Number(row.check_interval_hours),
    schedule: scheduler?.every
      ? { everySeconds: Math.round(scheduler.every / 1000), nextRunAt: scheduler.next ? new Date(scheduler.next).toISOString() : null }
      : null,
    lastFetchedAt: iso(row.last_fetched_at),
    lastSuccessAt: iso(row.last_success_at),
    lastError: row.last_error,
    consecutiveFailures: row.consecutive_failures,
    counters,
  };
}
