import { transactionWithEvents, type EventBus, type Knex, type Logger } from '@neuralbeat/common';
import type { SourceKind } from '@neuralbeat/common/contracts';
import { fetchFeed } from '../collect/feedFetcher';
import { SourcesRepository, type NewsSourceRow } from '../repositories/sourcesRepository';
import { readGreenhouse, readJobFeed, readLever, type BoardRead } from './boards';
import { CollectedJobsRepository, jobRow, type CollectedJobRow } from './jobsRepository';

const DAY_MS = 86_400_000;
/** A whole board with descriptions is one answer: a large Greenhouse board (500+ jobs at ~15 kB each) is well over a news feed's 5 MB. */
const MAX_BOARD_BYTES = 64 * 1024 * 1024;

export interface JobCollectResult {
  sourceId: number;
  status: 'collected' | 'not-modified' | 'failed' | 'disabled' | 'missing';
  added: number[];
  updated: number[];
  /** Jobs closed: gone from the board, or past their age (any source's). */
  closed: number[];
  /** Postings on the board; those left out, with why. */
  seen?: number;
  skipped?: { externalId: string; reason: string }[];
  error?: string;
}

const READERS: Partial<Record<SourceKind, (text: string, contentType?: string) => BoardRead | Promise<BoardRead>>> = {
  greenhouse: readGreenhouse,
  lever: readLever,
  'job-feed': readJobFeed,
};

export interface JobCollectorOptions {
  timeoutMs: number;
  userAgent: string;
  maxAgeDays: number;
}

/**
 * Collects a job board (Greenhouse, Lever, a job feed) into `jobs`: each posting
 * is its source plus the board's id, so collecting again updates it; a job gone
 * from its board is closed, and every job closes `maxAgeDays` after it was posted.
 * Each job added, changed or closed is announced with `job.changed` from the
 * outbox in the same transaction, so search and the caches follow.
 */
export class JobCollector {
  private readonly db: Knex;
  private readonly bus: Pick<EventBus, 'publish'>;
  private readonly logger: Logger;
  private readonly options: JobCollectorOptions;
  private readonly sources: SourcesRepository;
  private readonly jobs = new CollectedJobsRepository();
  constructor(db: Knex, logger: Logger, bus: Pick<EventBus, 'publish'>, options: JobCollectorOptions) {
    this.db = db;
    this.logger = logger;
    this.bus = bus;
    this.options = options;
    this.sources = new SourcesRepository(db);
  }

  /** Never throws for a bad board: the problem is recorded on the source and reported. */
  async collect(sourceId: number, requestId?: string): Promise<JobCollectResult> {
    const none = { added: [], updated: [], closed: [] };
    const source = await this.sources.find(sourceId);
    if (!source) return { sourceId, status: 'missing', ...none };
    if (!source.enabled) return { sourceId, status: 'disabled', ...none };
    const read = READERS[source.kind];
    if (!read) return { sourceId, status: 'failed', ...none, error: `${source.kind} is not a job source` };
    try {
      const fetched = await fetchFeed(
        source.feed_url,
        { etag: source.etag, lastModified: source.last_modified },
        this.options.timeoutMs,
        this.options.userAgent,
        MAX_BOARD_BYTES,
      );
      if (fetched.status === 'not-modified') {
        const closed = await transactionWithEvents(this.db, this.bus, (trx, emit) => this.closeExpired(trx, emit, requestId));
        await this.sources.recordSuccess(source.id, {}, 'not-modified');
        return { sourceId, status: 'not-modified', ...none, closed };
      }
      const board = await read(fetched.text!, fetched.contentType);
      const { rows, skipped } = await this.rows(source, board);
      const result = await transactionWithEvents(this.db, this.bus, async (trx, emit) => {
        const stored = await this.jobs.store(trx, rows);
        // Listed but not taken (too old, no description) closes too: no page can be shown for it.
        const gone = await this.jobs.closeMissing(
          trx,
          source.id,
          rows.map((r) => r.external_id),
        );
        const expired = await this.closeExpired(trx, emit, requestId);
        for (const id of [...stored.added, ...stored.updated, ...gone]) emit('job.changed', { jobId: id }, requestId);
        return { ...stored, closed: [...gone, ...expired] };
      });
      await this.sources.recordSuccess(source.id, { etag: fetched.etag ?? null, lastModified: fetched.lastModified ?? null }, 'collected', {
        seen: board.jobs.length + board.skipped.length,
        folded: 0,
        unidentified: skipped.length,
        added: result.added.length,
        updated: result.updated.length,
        closed: result.closed.length,
      });
      this.logger.info(
        {
          sourceId,
          requestId,
          kind: source.kind,
          added: result.added.length,
          updated: result.updated.length,
          closed: result.closed.length,
          skipped: skipped.length,
        },
        'job source collected',
      );
      return { sourceId, status: 'collected', ...result, seen: board.jobs.length + board.skipped.length, skipped };
    } catch (err) {
      const message =
        err instanceof Error ? (err.name === 'TimeoutError' ? `Timed out after ${this.options.timeoutMs} ms` : err.message) : String(err);
      await this.sources.recordFailure(source.id, message);
      this.logger.warn({ sourceId, requestId, err: message }, 'job source failed');
      return { sourceId, status: 'failed', ...none, error: message };
    }
  }

  /** Closes every job past its validThrough or its age, announcing each; for the sweep, so jobs close with no board collected. */
  async closeExpiredJobs(requestId?: string): Promise<number[]> {
    return transactionWithEvents(this.db, this.bus, (trx, emit) => this.closeExpired(trx, emit, requestId));
  }

  private async closeExpired(
    trx: Knex.Transaction,
    emit: (name: 'job.changed', payload: { jobId: number }, requestId?: string) => void,
    requestId?: string,
  ) {
    const expired = await this.jobs.closeExpired(trx, this.options.maxAgeDays);
    for (const id of expired) emit('job.changed', { jobId: id }, requestId);
    return expired;
  }

  /**
   * Rows for the board's jobs, once per board id. A posting with no date keeps
   * the date it was first seen; one posted over `maxAgeDays` ago is not taken
   * (a stored one is closed with the expired).
   */
  private async rows(source: NewsSourceRow, board: BoardRead): Promise<{ rows: CollectedJobRow[]; skipped: BoardRead['skipped'] }> {
    const known = new Map<string, Date>(
      (await this.db('jobs').where({ source_id: source.id }).select('external_id', 'created_at')).map(
        (r: { external_id: string; created_at: Date }) => [r.external_id, r.created_at],
      ),
    );
    const now = Date.now();
    const maxAgeMs = this.options.maxAgeDays * DAY_MS;
    const skipped = [...board.skipped];
    const rows = new Map<string, CollectedJobRow>();
    for (const job of board.jobs) {
      if (rows.has(job.externalId)) {
        skipped.push({ externalId: job.externalId, reason: 'listed twice' });
        continue;
      }
      if (!job.title || !job.description) {
        skipped.push({ externalId: job.externalId, reason: 'no title or description' });
        continue;
      }
      const postedAt = job.postedAt && job.postedAt.getTime() <= now ? job.postedAt : (known.get(job.externalId) ?? new Date(now));
      const expires = new Date(Math.min(postedAt.getTime() + maxAgeMs, job.deadline?.getTime() ?? Infinity));
      if (expires.getTime() <= now) {
        skipped.push({
          externalId: job.externalId,
          reason: `closed: posted over ${this.options.maxAgeDays} days ago or past its deadline`,
        });
        continue;
      }
      rows.set(job.externalId, jobRow(job, source, postedAt, expires));
    }
    return { rows: [...rows.values()], skipped };
  }
}
