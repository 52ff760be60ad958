import { UNPREPARED, type Knex } from '@neuralbeat/common';
import type { ToolSubmission } from '@neuralbeat/common/contracts';
import type { ToolReviewState } from '@neuralbeat/common/contracts';
import { jsonArrayOf } from '../presenters/sqlJson';
import { TOOL_SUMMARY_JSON, type ToolRow } from '../presenters/toolPresenter';
import type { ToolReviewRow } from '../presenters/toolReviewPresenter';

/** The review lists show at most this many tools (the pending queue is rarely longer). */
const REVIEW_LIST_LIMIT = 500;

/** Similar tools count at most this many candidates from the category and from each considered tag. */
const SIMILAR_CANDIDATES_PER_BRANCH = 25;
const SIMILAR_TAGS_CONSIDERED = 6;

export interface ToolListFilter {
  category?: string;
  /** Lowercase: free, freemium or paid. */
  pricing?: string;
  /** A substring of the name, short description, description, category or a tag, in any case. */
  q?: string;
}

/** A LIKE pattern matching `text` anywhere, its own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
/** Text-filter totals are counted up to this; above it they are the planner's estimate. */
const EXACT_TEXT_TOTAL_UP_TO = 1000;

/** The columns of a ToolRow: not `*`, which would also read `directory_text` (the text filter's copy of every field). */
const TOOL_COLUMNS: (keyof ToolRow)[] = [
  'id',
  'name',
  'slug',
  'description',
  'short_description',
  'website_url',
  'category',
  'logo_url',
  'tags',
  'features',
  'pricing',
  'submitted_by_id',
  'approved',
  'created_at',
];
const REVIEW_COLUMNS = [...TOOL_COLUMNS.map((c) => `t.${c}`), 't.reviewed_at', 't.rejected_at', 't.rejection_reason'];

/**
 * Knex access to `tools`. Public reads only ever see approved tools, written
 * `WHERE approved` rather than as a bound value: a prepared statement's generic
 * plan can use the partial indexes of approved tools only if the condition is in its text.
 */
export class ToolsRepository {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  /**
   * Approved tools matching the filter, as the statement text spells them so the directory's partial indexes apply.
   * A text filter is planned for its pattern each time (a generic plan read every candidate of a common word
   * through the trigram index and sorted them: 10 ms instead of 0.5 ms at 10,000 tools).
   */
  private directory(filter: ToolListFilter) {
    const q = this.db<ToolRow>('tools').whereRaw('approved');
    if (filter.category) q.where('category', filter.category);
    if (filter.pricing) q.whereRaw('lower(pricing) = ?', [filter.pricing]);
    if (filter.q) q.whereRaw('directory_text LIKE lower(?)', [containing(filter.q)]).options(UNPREPARED);
    return q;
  }

  /** A page of the directory by name (ties by id), read in the order of the filter's index. */
  private pageRows(filter: ToolListFilter, limit: number, offset: number) {
    return this.directory(filter)
      .select(TOOL_COLUMNS)
      .orderBy([
        { column: 'name', order: 'asc' },
        { column: 'id', order: 'asc' },
      ])
      .limit(limit)
      .offset(offset);
  }

  /**
   * A page of the directory without a text filter, as the API's JSON array of its tool summaries written by Postgres
   * (TOOL_SUMMARY_JSON), with its total from the kept counts in the same statement (and one more past the end).
   */
  async directoryPage(filter: Omit<ToolListFilter, 'q'>, limit: number, offset: number): Promise<{ json: string; total: number }> {
    const { rows } = await this.db.raw<{ rows: { total: string; json: string }[] }>(
      `SELECT coalesce(?, 0) AS total, ${TOOL_SUMMARY_JSON}::text AS json FROM ? AS t ORDER BY t.name, t.id`,
      [this.keptCount(filter), this.pageRows(filter, limit, offset)],
    );
    return { json: jsonArrayOf(rows), total: rows.length ? Number(rows[0]!.total) : await this.countApproved(filter) };
  }

  /** A page of a text filter found in most tools, read in name order until it is full (see textFilterPage). */
  async commonTextFilterPage(filter: ToolListFilter & { q: string }, limit: number, offset: number): Promise<{ json: string }> {
    const { rows } = await this.db
      .raw<{ rows: { json: string }[] }>(`SELECT ${TOOL_SUMMARY_JSON}::text AS json FROM ? AS t ORDER BY t.name, t.id`, [
        this.pageRows(filter, limit, offset),
      ])
      .options(UNPREPARED);
    return { json: jsonArrayOf(rows) };
  }

  /**
   * A text filter's page and exact total in one statement, reading its matches once: up to
   * EXACT_TEXT_TOTAL_UP_TO + 1 of them, planned for the pattern (through the trigram index for a
   * rare one); when there are no more than EXACT_TEXT_TOTAL_UP_TO, the page is cut from them by name.
   * Undefined when there are more: such a pattern is found in most tools, and its page is best read
   * in name order (commonTextFilterPage) with the total estimated (estimateTextMatches).
   */
  async textFilterPage(
    filter: ToolListFilter & { q: string },
    limit: number,
    offset: number,
  ): Promise<{ json: string; total: number } | undefined> {
    const { rows } = await this.db
      .raw<{ rows: { total: string; json: string | null }[] }>(
        `WITH matches AS MATERIALIZED ?,
         total AS (SELECT count(*) AS n FROM matches)
         SELECT total.n AS total, page.json FROM total LEFT JOIN LATERAL (
           SELECT ${TOOL_SUMMARY_JSON}::text AS json, t.name, t.id FROM tools t
           WHERE total.n <= ? AND t.id IN (SELECT id FROM matches ORDER BY name, id LIMIT ? OFFSET ?)
         ) page ON true
         ORDER BY page.name, page.id`,
        [
          this.directory(filter)
            .select('id', 'name')
            .limit(EXACT_TEXT_TOTAL_UP_TO + 1),
          EXACT_TEXT_TOTAL_UP_TO,
          limit,
          offset,
        ],
      )
      .options(UNPREPARED);
    const total = Number(rows[0]?.total ?? 0);
    if (total > EXACT_TEXT_TOTAL_UP_TO) return undefined;
    return { json: jsonArrayOf(rows.filter((r): r is { total: string; json: string } => r.json !== null)), total };
  }

  /** The planner's estimate of how many approved tools a text filter matches (for one found in over EXACT_TEXT_TOTAL_UP_TO). */
  async estimateTextMatches(filter: ToolListFilter & { q: string }): Promise<number> {
    const { rows } = await this.db.raw<{ rows: { total: string }[] }>('SELECT tool_directory_match_estimate(lower(?), ?, ?) AS total', [
      containing(filter.q),
      filter.category ?? null,
      filter.pricing ?? null,
    ]);
    return Math.max(EXACT_TEXT_TOTAL_UP_TO + 1, Number(rows[0]?.total ?? 0));
  }

  /** How many approved tools the category and pricing filters leave, from the kept counts (at most the 8 categories × 4 pricing values). */
  private keptCount(filter: Omit<ToolListFilter, 'q'>) {
    const q = this.db('tool_directory_counts').sum<{ total: string | null }[]>({ total: 'tool_count' });
    if (filter.category) q.where('category', filter.category);
    if (filter.pricing) q.where('pricing', filter.pricing);
    return q;
  }

  private async countApproved(filter: Omit<ToolListFilter, 'q'>): Promise<number> {
    const [row] = await this.keptCount(filter);
    return Number(row?.total ?? 0);
  }

  /** Newest approved tools. */
  featured(limit: number): Promise<ToolRow[]> {
    return this.db<ToolRow>('tools')
      .select(TOOL_COLUMNS)
      .whereRaw('approved')
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit);
  }

  async findApprovedBySlug(slug: string): Promise<ToolRow | undefined> {
    return this.db<ToolRow>('tools').where({ slug }).whereRaw('approved').first(TOOL_COLUMNS);
  }

  findByIdForUpdate(id: number, trx: Knex.Transaction): Promise<ToolRow | undefined> {
    return trx<ToolRow>('tools').where({ id }).forUpdate().first(TOOL_COLUMNS);
  }

  /**
   * An approved tool and the approved tools most like it, in one statement:
   * those sharing its category and the most of its tags, then by name. Counted
   * among the first tools by name of its category (directory index) and of
   * each of its first tags (tool_tag_entries): bounded, index-only reads, not a
   * ranking of every tool that shares a common tag. Undefined when no approved
   * tool has the slug.
   */
  async withSimilar(slug: string, limit: number): Promise<{ tool: ToolRow; similar: ToolRow[] } | undefined> {
    const { rows } = await this.db.raw<{ rows: (ToolRow & { part: number })[] }>(
      `WITH tool AS (SELECT id, category, tags FROM tools WHERE slug = ? AND approved LIMIT 1),
       candidates AS (
         SELECT c.id, c.name FROM tool CROSS JOIN LATERAL (
           SELECT id, name FROM tools WHERE approved AND category = tool.category AND id <> tool.id ORDER BY name, id LIMIT ?
         ) c
         UNION ALL
         SELECT e.tool_id, e.name FROM tool
         CROSS JOIN LATERAL (SELECT DISTINCT unnest(tool.tags[1:?])) AS t(tag)
         CROSS JOIN LATERAL (
           SELECT tool_id, name FROM tool_tag_entries WHERE tag = t.tag AND tool_id <> tool.id ORDER BY name, tool_id LIMIT ?
         ) e
       ),
       picked AS (
         SELECT id, 0 AS part, 0::bigint AS score FROM tool
         UNION ALL
         (SELECT id, 1, count(*) FROM candidates GROUP BY id, name ORDER BY count(*) DESC, name, id LIMIT ?)
       )
       SELECT p.part, ${TOOL_COLUMNS.map((c) => `t.${c}`).join(', ')} FROM picked p JOIN tools t ON t.id = p.id ORDER BY p.part, p.score DESC, t.name, t.id`,
      [slug, SIMILAR_CANDIDATES_PER_BRANCH, SIMILAR_TAGS_CONSIDERED, SIMILAR_CANDIDATES_PER_BRANCH, limit],
    );
    const [tool, ...similar] = rows.map(({ part: _, ...row }) => row as ToolRow);
    return tool && { tool, similar };
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
      .returning(TOOL_COLUMNS);
    return row!;
  }

  async slugExists(slug: string, trx: Knex = this.db): Promise<boolean> {
    return Boolean(await trx('tools').where({ slug }).first('id'));
  }

  async approve(id: number, trx: Knex, reviewerId?: number): Promise<ToolRow | undefined> {
    const [row] = await trx<ToolRow>('tools')
      .where({ id })
      .update({
        approved: true,
        rejected_at: null,
        rejection_reason: null,
        reviewed_at: trx.fn.now(),
        reviewed_by_id: reviewerId ?? null,
      } as never)
      .returning(TOOL_COLUMNS);
    return row;
  }

  async reject(id: number, trx: Knex, reviewerId: number, reason: string | null): Promise<ToolRow | undefined> {
    const [row] = await trx<ToolRow>('tools')
      .where({ id })
      .update({ rejected_at: trx.fn.now(), rejection_reason: reason, reviewed_at: trx.fn.now(), reviewed_by_id: reviewerId } as never)
      .returning(TOOL_COLUMNS);
    return row;
  }

  /** Submissions in one review state with who sent and who reviewed them; the queue oldest first, decisions newest first. */
  listForReview(state: ToolReviewState): Promise<ToolReviewRow[]> {
    const q = this.db('tools as t')
      .leftJoin('users as s', 's.id', 't.submitted_by_id')
      .leftJoin('users as r', 'r.id', 't.reviewed_by_id')
      .select(...REVIEW_COLUMNS, 's.username as submitted_by', 'r.username as reviewed_by');
    if (state === 'pending')
      q.where('t.approved', false)
        .whereNull('t.rejected_at')
        .orderBy([{ column: 't.created_at' }, { column: 't.id' }]);
    else if (state === 'approved') q.where('t.approved', true).orderByRaw('t.reviewed_at DESC NULLS LAST, t.id DESC');
    else
      q.where('t.approved', false)
        .whereNotNull('t.rejected_at')
        .orderBy([
          { column: 't.rejected_at', order: 'desc' },
          { column: 't.id', order: 'desc' },
        ]);
    return q.limit(REVIEW_LIST_LIMIT);
  }

  async findForReview(id: number, trx: Knex = this.db): Promise<ToolReviewRow | undefined> {
    return trx('tools as t')
      .leftJoin('users as s', 's.id', 't.submitted_by_id')
      .leftJoin('users as r', 'r.id', 't.reviewed_by_id')
      .select(...REVIEW_COLUMNS, 's.username as submitted_by', 'r.username as reviewed_by')
      .where('t.id', id)
      .first();
  }
}
