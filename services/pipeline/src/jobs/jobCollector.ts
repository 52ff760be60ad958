import { transactionWithEvents, type EventBus, type Knex, type Logger } from '@neuralbeat/common';
import type { SourceKind } from '@neuralbeat/common/contracts';
import { collectSource, type CollectionRun } from '../collect/sourceCollection';
import { SourcesRepository, type NewsSourceRow } from '../repositories/sourcesRepository';
import { readGreenhouse, readJobFeed, readLever, type BoardRead } from './boards';
import { CollectedJobsRepository, jobRow, type CollectedJobRow } from '../repositories/collectedJobsRepository';

const DAY_MS = 86_400_000;
/** A whole board with descriptions is one answer: a large Greenhouse board (500+ jobs at ~15 kB each) is well over a news feed's 5 MB. */
const MAX_BOARD_BYTES = 64 * 1024 * 1024;

interface JobLists {
  added: number[];
  updated: number[];
  /** Jobs closed: gone from the board, or past their age (any source's). */
  closed: number[];
  /** Postings on the board; those left out, with why. */
  seen?: number;
  skipped?: { externalId: string; reason: string }[];
}
export type JobCollectResult = CollectionRun<JobLists>;

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
  collect(sourceId: number, requestId?: string): Promise<JobCollectResult> {
    const { timeoutMs, userAgent } = this.options;
    return collectSource<JobLists>(
      { sources: this.sources, logger: this.logger, timeoutMs, userAgent },
      {
        noun: 'job source',
        none: { added: [], updated: [], closed: [] },
        conditional: true,
        maxBytes: MAX_BOARD_BYTES,
        refuse: (source) => (READERS[source.kind] ? undefined : `${source.kind} is not a job source`),
        // An unchanged board still has jobs that reach their age.
        unchanged: async () => ({ closed: await this.closeExpiredJobs(requestId) }),
        store: async (source, fetched) => {
          const board = await READERS[source.kind]!(fetched.text, fetched.contentType);
          const { rows, skipped } = await this.rows(source, board);
          const stored = await transactionWithEvents(this.db, this.bus, async (trx, emit) => {
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
          const seen = board.jobs.length + board.skipped.length;
          const counts = { added: stored.added.length, updated: stored.updated.length, closed: stored.closed.length };
          return {
            result: { ...stored, seen, skipped },
            tally: { seen, folded: 0, unidentified: skipped.length, ...counts },
            logged: { kind: source.kind, ...counts, skipped: skipped.length },
          };
        },
      },
      sourceId,
      requestId,
    );
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
   * (a stored one is closed with the expired), nor one whose job an operator deleted.
   */
  private async rows(source: NewsSourceRow, board: BoardRead): Promise<{ rows: CollectedJobRow[]; skipped: BoardRead['skipped'] }> {
    const known = await this.jobs.knownJobs(this.db, source.id);
    // Postings whose job an operator deleted: the deletion lasts.
    const dismissed = await this.jobs.dismissedPostings(this.db, source.id);
    const now = Date.now();
    const maxAgeMs = this.options.maxAgeDays * DAY_MS;
    const skipped = [...board.skipped];
    const rows = new Map<string, CollectedJobRow>();
    for (const job of board.jobs) {
      if (rows.has(job.externalId)) {
        skipped.push({ externalId: job.externalId, reason: 'listed twice' });
        continue;
      }
      if (dismissed.has(job.externalId)) {
        skipped.push({ externalId: job.externalId, reason: 'deleted by an operator' });
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
