import type { Knex } from '@neuralbeat/common';
import type { ToolSubmission } from '@neuralbeat/common/contracts';
import type { ToolRow } from '../presenters/toolPresenter';

/** Similar tools rank at most this many candidates from the category and from each considered tag. */
const SIMILAR_CANDIDATES_PER_BRANCH = 25;
const SIMILAR_TAGS_CONSIDERED = 6;

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

  /** The directory by name (ties by id), read in the order of a partial index of approved tools. */
  listApproved(filter: ToolListFilter = {}): Promise<ToolRow[]> {
    const q = this.db<ToolRow>('tools').where({ approved: true });
    if (filter.category) q.where('category', filter.category);
    if (filter.pricing) q.whereRaw('lower(pricing) = ?', [filter.pricing.toLowerCase()]);
    return q.orderBy([
      { column: 'name', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
  }

  /** Newest approved tools. */
  featured(limit: number): Promise<ToolRow[]> {
    return this.db<ToolRow>('tools')
      .where({ approved: true })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit);
  }

  async findApprovedBySlug(slug: string): Promise<ToolRow | undefined> {
    return this.db<ToolRow>('tools').where({ slug, approved: true }).first();
  }

  findByIdForUpdate(id: number, trx: Knex.Transaction): Promise<ToolRow | undefined> {
    return trx<ToolRow>('tools').where({ id }).forUpdate().first();
  }

  /**
   * Approved tools sharing the category or a tag, best overlap first, then by
   * name. Ranks a bounded set: the first tools by name of the category and of
   * each of the tool's first tags, not every tool sharing a common tag. Each
   * tag is its own branch with its value bound, so the planner picks per tag
   * between walking the name index (common tag) and the GIN index (rare tag).
   */
  async similar(tool: ToolRow, limit: number): Promise<ToolRow[]> {
    const tags = [...new Set(tool.tags ?? [])].slice(0, SIMILAR_TAGS_CONSIDERED);
    const branch = `(SELECT id FROM tools WHERE approved AND id <> :id AND %s ORDER BY name, id LIMIT :perBranch)`;
    const branches = [branch.replace('%s', 'category = :category'), ...tags.map((_, i) => branch.replace('%s', `tags @> ARRAY[:tag${i}]::text[]`))];
    const score = ['(t.category = :category)::int', ...tags.map((_, i) => `(t.tags @> ARRAY[:tag${i}]::text[])::int`)].join(' + ');
    const { rows } = await this.db.raw<{ rows: ToolRow[] }>(
      `SELECT t.* FROM tools t JOIN (${branches.join(' UNION ')}) candidates ON candidates.id = t.id
       ORDER BY ${score} DESC, t.name, t.id
       LIMIT :limit`,
      { id: tool.id, category: tool.category, perBranch: SIMILAR_CANDIDATES_PER_BRANCH, limit, ...Object.fromEntries(tags.map((t, i) => [`tag${i}`, t])) },
    );
    return rows;
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
