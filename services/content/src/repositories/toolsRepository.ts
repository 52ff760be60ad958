import type { Knex } from '@neuralbeat/common';
import type { ToolSubmission } from '@neuralbeat/common/contracts';
import type { ToolRow } from '../presenters/toolPresenter';

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

  async approve(id: number, trx: Knex): Promise<ToolRow | undefined> {
    const [row] = await trx<ToolRow>('tools').where({ id }).update({ approved: true }).returning('*');
    return row;
  }
}
