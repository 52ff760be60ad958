import type { Knex } from '@neuralbeat/common';

/** Progress marks on `articles.pipeline_stage`, in order. */
export const STAGE_MARKS = ['collected', 'extracted', 'deduped', 'scored', 'rewritten', 'tagged', 'published'] as const;
export type StageMark = (typeof STAGE_MARKS)[number];

/** The article columns the stages read. */
export interface ArticleRow {
  id: number;
  title: string;
  content: string | null;
  excerpt: string | null;
  author: string;
  publish_date: Date;
  category: string;
  image_url: string | null;
  source_url: string | null;
  canonical_url: string | null;
  news_source: string | null;
  source_id: number | null;
  published: boolean;
  full_text_status: string | null;
  full_text_note: string | null;
  page_etag: string | null;
  page_last_modified: string | null;
  story_cluster_id: number | null;
  minhash_signature: number[] | null;
  tags: string[] | null;
  processing_status: string;
  pipeline_stage: StageMark;
  pipeline_generation: number;
  rewritten_title: string | null;
  rewritten_content: string | null;
  rewritten_excerpt: string | null;
  meta_description: string | null;
  ai_provider: string | null;
  has_high_volume_keywords: boolean | null;
}

/** An unfinished article as the sweep sees it. */
export interface UnfinishedArticle {
  id: number;
  pipeline_stage: StageMark;
  pipeline_generation: number;
}

/** One call to a rewrite provider, as `ai_provider_metrics` records it. */
export interface ProviderCall {
  provider: string;
  article_id: number;
  success: boolean;
  processing_time_ms: number;
  word_count?: number;
  cost?: number | null;
  error_message?: string;
  response_format_correct: boolean;
}

type Db = Knex | Knex.Transaction;

/**
 * Knex access to `articles` for the pipeline's stages. A stage writes through
 * `pass`/`updatePass`: the write lands only while the article is still at the
 * generation the stage read (an edit by its source starts a new pass, and the
 * old pass's writes must not overwrite it).
 */
export class ArticlesRepository {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  /** The database's clock, for timestamp columns a stage sets. */
  now() {
    return this.db.fn.now();
  }

  /** The article's row while it is still at `generation`; with no generation, whatever its pass. */
  pass(id: number, generation: number | undefined, db: Db = this.db, from: Knex.QueryBuilder = db('articles')): Knex.QueryBuilder {
    from.where({ id });
    if (generation !== undefined) from.where({ pipeline_generation: generation });
    return from;
  }

  /** Updates the article if it is still at `generation`; false when its source edited it meanwhile. */
  async updatePass(id: number, generation: number | undefined, fields: Record<string, unknown>, db: Db = this.db): Promise<boolean> {
    return (await this.pass(id, generation, db).update({ ...fields, updated_at: db.fn.now() })) > 0;
  }

  async find(id: number): Promise<ArticleRow | undefined> {
    return (await this.db('articles').where({ id }).first()) as ArticleRow | undefined;
  }

  async progress(id: number): Promise<Pick<ArticleRow, 'pipeline_generation' | 'pipeline_stage'> | undefined> {
    return this.db('articles').where({ id }).first('pipeline_generation', 'pipeline_stage');
  }

  async countRewriteAttempt(id: number): Promise<void> {
    await this.db('articles').where({ id }).increment('processing_attempts', 1);
  }

  /** The rewrite's result and its provider call's metrics row in one statement: atomic without a transaction's extra round trips. */
  async rewritten(id: number, generation: number, fields: Record<string, unknown>, call: ProviderCall): Promise<boolean> {
    const from = this.db.with('metrics', this.db('ai_provider_metrics').insert(call)).from('articles');
    return (await this.pass(id, generation, this.db, from).update({ ...fields, updated_at: this.db.fn.now() })) > 0;
  }

  async providerCallFailed(call: ProviderCall): Promise<void> {
    await this.db('ai_provider_metrics').insert(call);
  }

  /** Marks the article failed after its job's last attempt, unless it finished or was held as a duplicate meanwhile. */
  async failed(id: number, lastError: string): Promise<void> {
    await this.db('articles')
      .where({ id })
      .whereNotIn('processing_status', ['completed', 'duplicate'])
      .update({ processing_status: 'failed', last_error: lastError.slice(0, 2000), updated_at: this.db.fn.now() });
  }

  /** Pending or processing (not held below the SEO threshold), not published, untouched for `afterSeconds`: oldest first. */
  unfinished(trx: Db, afterSeconds: number, limit: number): Promise<UnfinishedArticle[]> {
    return (
      trx('articles')
        .select('id', 'pipeline_stage', 'pipeline_generation')
        .whereIn('processing_status', ['pending', 'processing'])
        // Pending with a score is held below the SEO threshold: settled, not stuck.
        .where((q) => q.where('processing_status', 'processing').orWhereNull('seo_score'))
        .whereNot('pipeline_stage', 'published')
        .where('updated_at', '<', trx.raw('now() - make_interval(secs => ?)', [afterSeconds]))
        .orderBy('updated_at')
        .limit(limit)
    );
  }

  /** Marks an unfinished article failed (its job's failure was never written). */
  async unfinishedFailed(trx: Db, id: number, lastError: string): Promise<void> {
    await trx('articles')
      .where({ id })
      .whereIn('processing_status', ['pending', 'processing'])
      .update({ processing_status: 'failed', last_error: lastError.slice(0, 2000), updated_at: trx.fn.now() });
  }

  /** Failed articles whose jobs are retried go back to `status`; `freshAttempts` gives a retried rewrite a new budget of provider tries. */
  async reopenFailed(trx: Db, ids: number[], status: 'pending' | 'processing', freshAttempts: boolean): Promise<void> {
    await trx('articles')
      .whereIn('id', ids)
      .where({ processing_status: 'failed' })
      .update({
        processing_status: status,
        last_error: null,
        ...(freshAttempts ? { processing_attempts: 0 } : {}),
        updated_at: trx.fn.now(),
      });
  }

  /** Takes the named transaction-scoped lock if free; false when another process holds it. */
  async tryLock(trx: Knex.Transaction, name: string): Promise<boolean> {
    const { rows } = await trx.raw('SELECT pg_try_advisory_xact_lock(hashtext(?)) AS locked', [name]);
    return rows[0].locked;
  }
}
