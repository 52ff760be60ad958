import type { Knex } from '@neuralbeat/common';
import type { ToolSubmission } from '@neuralbeat/common/contracts';
import type { ToolReviewState } from '@neuralbeat/common/contracts';
import type { ToolRow } from '../presenters/toolPresenter';
import type { ToolReviewRow } from '../presenters/toolReviewPresenter';

/** The review lists show at most this many tools (the pending queue is rarely longer). */
const REVIEW_LIST_LIMIT = 500;

export interface ToolListFilter {
  category?: string;
  pricing?: string;
}

/** Knex access to `tools`. Public reads only ever see approved tools. */
export class ToolsRepository {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  listApproved(filter: ToolListFilter = {}): Promise<ToolRow[]> {
    const q = this.db<ToolRow>('tools').where({ approved: true });
    if (filter.category) q.where('category', filter.category);
    if (filter.pricing) q.whereRaw('lower(pricing) = ?', [filter.pricing.toLowerCase()]);
    return q.orderBy([{ column: 'name', order: 'asc' }]);
  }

  featured(limit: number): Promise<ToolRow[]> {
    // Newest approved tools with a logo-independent, stable order.
    return this.db<ToolRow>('tools').where({ approved: true }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit);
  }

  async findApprovedBySlug(slug: string): Promise<ToolRow | undefined> {
    return this.db<ToolRow>('tools').where({ slug, approved: true }).first();
  }

  findByIdForUpdate(id: number, trx: Knex.Transaction): Promise<ToolRow | undefined> {
    return trx<ToolRow>('tools').where({ id }).forUpdate().first();
  }

  /** Approved tools sharing the category or a tag, best overlap first. */
  similar(tool: ToolRow, limit: number): Promise<ToolRow[]> {
    return this.db<ToolRow>('tools')
      .where({ approved: true })
      .whereNot({ id: tool.id })
      .where((w) => {
        w.where('category', tool.category);
        if (tool.tags?.length) w.orWhereRaw('tags && ?::text[]', [tool.tags]);
      })
      .orderByRaw('(category = ?)::int + cardinality(array(select unnest(tags) intersect select unnest(?::text[]))) desc, name asc', [
        tool.category,
        tool.tags ?? [],
      ])
      .limit(limit);
  }

  async insertSubmission(input: ToolSubmission & { slug: string }, trx: Knex): Promise<ToolRow> {
    const [row] = await trx<ToolRow>('tools')
      .insert({
        name: input.name,
        slug: input.slug,
        description: input.description,
        short_description: input.shortDescription,
        website_url: input.websiteUrl,
        logo_url: input.logoUrl,
        category: input.category,
        tags: input.tags,
        features: input.features,
        pricing: input.pricing,
        submitted_by_id: input.submittedById,
      })
      .returning('*');
    return row!;
  }

  async slugExists(slug: string, trx: Knex = this.db): Promise<boolean> {
    return Boolean(await trx('tools').where({ slug }).first('id'));
  }

  async approve(id: number, trx: Knex, reviewerId?: number): Promise<ToolRow | undefined> {
    const [row] = await trx<ToolRow>('tools')
      .where({ id })
      .update({ approved: true, rejected_at: null, rejection_reason: null, reviewed_at: trx.fn.now(), reviewed_by_id: reviewerId ?? null } as never)
      .returning('*');
    return row;
  }

  async reject(id: number, trx: Knex, reviewerId: number, reason: string | null): Promise<ToolRow | undefined> {
    const [row] = await trx<ToolRow>('tools')
      .where({ id })
      .update({ rejected_at: trx.fn.now(), rejection_reason: reason, reviewed_at: trx.fn.now(), reviewed_by_id: reviewerId } as never)
      .returning('*');
    return row;
  }

  /** Submissions in one review state with who sent and who reviewed them; the queue oldest first, decisions newest first. */
  listForReview(state: ToolReviewState): Promise<ToolReviewRow[]> {
    const q = this.db('tools as t')
      .leftJoin('users as s', 's.id', 't.submitted_by_id')
      .leftJoin('users as r', 'r.id', 't.reviewed_by_id')
      .select('t.*', 's.username as submitted_by', 'r.username as reviewed_by');
    if (state === 'pending') q.where('t.approved', false).whereNull('t.rejected_at').orderBy([{ column: 't.created_at' }, { column: 't.id' }]);
    else if (state === 'approved') q.where('t.approved', true).orderByRaw('t.reviewed_at DESC NULLS LAST, t.id DESC');
    else q.where('t.approved', false).whereNotNull('t.rejected_at').orderBy([{ column: 't.rejected_at', order: 'desc' }, { column: 't.id', order: 'desc' }]);
    return q.limit(REVIEW_LIST_LIMIT);
  }

  async findForReview(id: number, trx: Knex = this.db): Promise<ToolReviewRow | undefined> {
    return trx('tools as t')
      .leftJoin('users as s', 's.id', 't.submitted_by_id')
      .leftJoin('users as r', 'r.id', 't.reviewed_by_id')
      .select('t.*', 's.username as submitted_by', 'r.username as reviewed_by')
      .where('t.id', id)
      .first();
  }
}
