import type { Knex } from '@neuralbeat/common';
import { PROCESSING_ATTEMPTS_CAP, SEO_SCORE_THRESHOLD } from '@neuralbeat/common/contracts';

export interface DuplicateRow {
  id: number;
  title: string;
  publish_date: Date;
  processing_status: string;
}
export interface MismatchRow {
  id: number;
  title: string;
  processing_status: string;
  news_feed_id: number;
}
export interface LowSeoRow {
  id: number;
  title: string;
  seo_score: number;
  processing_status: string;
}
export interface StuckRow {
  id: number;
  title: string;
  processing_status: string;
  pipeline_stage: string;
  updated_at: Date;
}

/** Pending or processing, not held by the SEO gate, not yet published, and unchanged for `minutes`. */
function whereStuck<Q extends Knex.QueryBuilder>(q: Q, minutes: number): Q {
  return q
    .whereIn('processing_status', ['pending', 'processing'])
    .whereNot('pipeline_stage', 'published')
    .whereRaw('updated_at < now() - make_interval(mins => ?)', [minutes])
    .where((w) => w.whereNull('seo_score').orWhere('seo_score', '>=', SEO_SCORE_THRESHOLD).orWhereNot('processing_status', 'pending')) as Q;
}

export type DuplicateSelection = { fromDate: string } | { specificIds: number[] };

/**
 * The article rows the fix tools look at and change. Each tool has one
 * selection, used by its dry run and (locked, in a transaction) by its live
 * run, and an update whose WHERE repeats the selection's condition: a live run
 * changes exactly what its dry run listed, unless a row changed in between.
 */
export class AdminArticlesRepository {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  /** Duplicates by id (whatever their date), or published on or after a UTC day. */
  duplicates(selection: DuplicateSelection, trx: Knex = this.db, lock = false): Promise<DuplicateRow[]> {
    const q = trx<DuplicateRow>('articles')
      .select('id', 'title', 'publish_date', 'processing_status')
      .where({ processing_status: 'duplicate' });
    if ('specificIds' in selection) q.whereIn('id', selection.specificIds);
    else q.whereRaw(`publish_date >= (?::date)::timestamp AT TIME ZONE 'UTC'`, [selection.fromDate]);
    q.orderBy([
      { column: 'publish_date', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
    return lock ? q.forUpdate() : q;
  }

  /**
   * Back to pending as not-a-duplicate, past the duplicate check (the operator
   * overrules it), in a new pipeline generation so the next stages run again under new job ids.
   */
  async resetDuplicates(ids: number[], actor: string, trx: Knex): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await trx('articles')
      .whereIn('id', ids)
      .where({ processing_status: 'duplicate' })
      .update({
        processing_status: 'pending',
        is_duplicate: false,
        duplicate_of: null,
        duplicate_detection_data: trx.raw(
          `coalesce(duplicate_detection_data, '{}'::jsonb) || jsonb_build_object('resetAt', now(), 'resetBy', ?::text)`,
          [actor],
        ),
        pipeline_stage: 'deduped',
        pipeline_generation: trx.raw('pipeline_generation + 1'),
        processing_attempts: 0,
        last_error: null,
        updated_at: trx.fn.now(),
      })
      .returning('id');
    return rows.map((r: { id: number }) => r.id);
  }

  /** Articles in the news feed whose own record does not say published and completed. */
  statusMismatches(trx: Knex = this.db, lock = false): Promise<MismatchRow[]> {
    const q = trx('articles as a')
      .join('news_feed as nf', 'nf.article_id', 'a.id')
      .select('a.id', 'a.title', 'a.processing_status', 'nf.id as news_feed_id')
      .where((w) => w.whereNot('a.processing_status', 'completed').orWhere('a.published', false))
      .orderBy('a.id');
    return lock ? q.forUpdate('a') : q;
  }

  async markCompleted(ids: number[], trx: Knex): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await trx('articles')
      .whereIn('id', ids)
      .whereExists((q) => q.select(trx.raw('1')).from('news_feed').whereRaw('news_feed.article_id = articles.id'))
      .where((w) => w.whereNot('processing_status', 'completed').orWhere('published', false))
      .update({ processing_status: 'completed', published: true, pipeline_stage: 'published', last_error: null, updated_at: trx.fn.now() })
      .returning('id');
    return rows.map((r: { id: number }) => r.id);
  }

  /** Pending articles the SEO gate held back (scored below the threshold). */
  lowSeoPending(trx: Knex = this.db, lock = false): Promise<LowSeoRow[]> {
    const q = trx<LowSeoRow>('articles')
      .select('id', 'title', 'seo_score', 'processing_status')
      .where({ processing_status: 'pending' })
      .where('seo_score', '<', SEO_SCORE_THRESHOLD)
      .orderBy([
        { column: 'seo_score', order: 'asc' },
        { column: 'id', order: 'asc' },
      ]);
    return lock ? q.forUpdate() : q;
  }

  /** Low SEO fix: skipped with the attempts at their cap, in a new generation, so no stage of the old pass touches them again. */
  async skipLowSeo(ids: number[], trx: Knex): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await trx('articles')
      .whereIn('id', ids)
      .where({ processing_status: 'pending' })
      .where('seo_score', '<', SEO_SCORE_THRESHOLD)
      .update({
        processing_status: 'skipped',
        processing_attempts: PROCESSING_ATTEMPTS_CAP,
        pipeline_generation: trx.raw('pipeline_generation + 1'),
        updated_at: trx.fn.now(),
      })
      .returning('id');
    return rows.map((r: { id: number }) => r.id);
  }

  /**
   * Articles that should be moving through the stages but have not changed for
   * `minutes`: pending or processing, not held by the SEO gate, not yet published.
   */
  stuck(minutes: number, trx: Knex = this.db, lock = false, limit?: number): Promise<StuckRow[]> {
    const q = whereStuck(
      trx<StuckRow>('articles').select('id', 'title', 'processing_status', 'pipeline_stage', 'updated_at'),
      minutes,
    ).orderBy([
      { column: 'updated_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
    if (limit) q.limit(limit);
    return lock ? q.forUpdate() : q;
  }

  async bumpStuck(ids: number[], minutes: number, trx: Knex): Promise<{ id: number; pipeline_stage: string }[]> {
    if (!ids.length) return [];
    return whereStuck(trx('articles').whereIn('id', ids), minutes)
      .update({ pipeline_generation: trx.raw('pipeline_generation + 1'), updated_at: trx.fn.now() })
      .returning(['id', 'pipeline_stage']);
  }
}
