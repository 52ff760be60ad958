import { createHash } from 'node:crypto';
import type { Knex } from '@neuralbeat/common';
import { JOB_LOCATION_UNSTATED } from '@neuralbeat/common/contracts';
import type { BoardJob } from '../jobs/boards';

/** A board's job as stored: our job columns plus where it came from and until when it is open. */
export interface CollectedJobRow {
  title: string;
  company: string;
  location: string;
  job_type: string;
  description: string;
  requirements: string;
  apply_url: string;
  salary_range: string | null;
  remote: boolean;
  created_at: Date;
  source_id: number;
  external_id: string;
  source_url: string;
  valid_through: Date;
  country: string | null;
  salary_currency: string | null;
  salary_min: number | null;
  salary_max: number | null;
  salary_unit: string | null;
  content_hash: string;
}

const UNIT_WORD: Record<string, string> = { HOUR: 'an hour', DAY: 'a day', WEEK: 'a week', MONTH: 'a month', YEAR: 'a year' };

/** "$150,000 – $180,000 a year" from structured pay. */
export function salaryText(salary: NonNullable<BoardJob['salary']>): string {
  let money: (n: number) => string;
  try {
    const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: salary.currency, maximumFractionDigits: 0 });
    money = (n) => format.format(n);
  } catch {
    money = (n) => `${n.toLocaleString('en-US')} ${salary.currency}`;
  }
  const range = salary.min === salary.max ? money(salary.min) : `${money(salary.min)} – ${money(salary.max)}`;
  return salary.unit ? `${range} ${UNIT_WORD[salary.unit]}` : range;
}

/** The row a board job becomes; `content_hash` changes exactly when what a visitor sees does. */
export function jobRow(job: BoardJob, source: { id: number; name: string }, postedAt: Date, validThrough: Date): CollectedJobRow {
  const row = {
    title: job.title.slice(0, 300),
    company: source.name,
    location: job.location.slice(0, 300) || JOB_LOCATION_UNSTATED,
    job_type: job.jobType,
    description: job.description,
    requirements: job.requirements,
    apply_url: job.applyUrl,
    salary_range: job.salary ? salaryText(job.salary) : null,
    remote: job.remote,
    created_at: postedAt,
    source_id: source.id,
    external_id: job.externalId,
    source_url: job.sourceUrl,
    valid_through: validThrough,
    country: job.country,
    salary_currency: job.salary?.currency ?? null,
    salary_min: job.salary?.min ?? null,
    salary_max: job.salary?.max ?? null,
    salary_unit: job.salary?.unit ?? null,
  };
  const { source_id: _s, external_id: _e, ...shown } = row;
  return {
    ...row,
    content_hash: createHash('sha1')
      .update(JSON.stringify({ ...shown, valid_through: validThrough.toISOString() }))
      .digest('hex'),
  };
}

/** Knex access to the `jobs` a source collected. */
export class CollectedJobsRepository {
  /**
   * Inserts new jobs and updates changed ones, by (source, board id), leaving the columns
   * an operator edited; a closed job back on its board is open again. Returns the ids added and updated.
   */
  async store(trx: Knex.Transaction, rows: CollectedJobRow[]): Promise<{ added: number[]; updated: number[] }> {
    const added: number[] = [];
    const updated: number[] = [];
    if (!rows.length) return { added, updated };
    const result = await trx.raw<{ rows: { id: number; inserted: boolean }[] }>(
      `INSERT INTO jobs AS j (${COLUMNS.join(', ')})
       SELECT ${COLUMNS.map((c) => `r.${c}`).join(', ')} FROM json_populate_recordset(NULL::jobs, ?::json) r
       ON CONFLICT (source_id, external_id) DO UPDATE SET
         ${COLUMNS.filter((c) => c !== 'source_id' && c !== 'external_id')
           // The operator's corrections stand: the columns they edited keep their values.
           .map((c) => `${c} = CASE WHEN '${c}' = ANY(j.operator_edited_fields) THEN j.${c} ELSE EXCLUDED.${c} END`)
           .join(', ')},
         closed_at = NULL, updated_at = now()
       WHERE j.content_hash IS DISTINCT FROM EXCLUDED.content_hash OR j.closed_at IS NOT NULL
       RETURNING j.id, (xmax = 0) AS inserted`,
      [JSON.stringify(rows)],
    );
    for (const r of result.rows) (r.inserted ? added : updated).push(r.id);
    return { added, updated };
  }

  /** Closes the source's open jobs that its board no longer lists. */
  async closeMissing(trx: Knex.Transaction, sourceId: number, listed: string[]): Promise<number[]> {
    const rows = await trx('jobs')
      .where({ source_id: sourceId })
      .whereNull('closed_at')
      .whereNot((q) => q.whereIn('external_id', listed))
      .update({ closed_at: trx.fn.now(), updated_at: trx.fn.now() })
      .returning('id');
    return rows.map((r: { id: number }) => r.id);
  }

  /**
   * Closes every open job, collected or not, past its validThrough, or with none
   * posted more than `maxAgeDays` ago. A validThrough an operator set ahead keeps an old job open.
   */
  async closeExpired(trx: Knex.Transaction, maxAgeDays: number): Promise<number[]> {
    const rows = await trx('jobs')
      .whereNull('closed_at')
      .where((q) =>
        q
          .where('valid_through', '<=', trx.fn.now())
          .orWhereRaw(`valid_through IS NULL AND created_at <= now() - make_interval(days => ?)`, [maxAgeDays]),
      )
      .update({ closed_at: trx.fn.now(), updated_at: trx.fn.now() })
      .returning('id');
    return rows.map((r: { id: number }) => r.id);
  }

  /** When each of the source's stored jobs was posted, by board id: a posting with no date keeps the date it was first seen. */
  async knownJobs(db: Knex, sourceId: number): Promise<Map<string, Date>> {
    const rows: { external_id: string; created_at: Date }[] = await db('jobs')
      .where({ source_id: sourceId })
      .select('external_id', 'created_at');
    return new Map(rows.map((r) => [r.external_id, r.created_at]));
  }

  /** The board ids of the source's postings whose job an operator deleted. */
  async dismissedPostings(db: Knex, sourceId: number): Promise<Set<string>> {
    return new Set<string>(await db('dismissed_source_items').where({ source_id: sourceId }).pluck('item_key'));
  }
}

const COLUMNS = [
  'title',
  'company',
  'location',
  'job_type',
  'description',
  'requirements',
  'apply_url',
  'salary_range',
  'remote',
  'created_at',
  'source_id',
  'external_id',
  'source_url',
  'valid_through',
  'country',
  'salary_currency',
  'salary_min',
  'salary_max',
  'salary_unit',
  'content_hash',
] as const;
