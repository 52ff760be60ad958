import {
  conflict,
  notFound,
  recordAudit,
  transactionWithEvents,
  type EventBus,
  type JsonText,
  type Knex,
  type SessionUser,
} from '@neuralbeat/common';
import { plainText } from '@neuralbeat/common/html';
import { slugify, type ToolSubmission } from '@neuralbeat/common/contracts';
import { ToolsRepository, type ToolListFilter } from '../repositories/toolsRepository';
import type { ToolRow } from '../presenters/toolPresenter';

/** Submission fields typed as plain text: markup in them is removed before validation, so lengths count what is stored. */
const TEXT_FIELDS = ['name', 'description', 'shortDescription', 'pricing', 'tags', 'features'] as const;

/** A submission body with the sanitiser's plain-text mode applied to its text fields; anything else is left for validation to judge. */
export function withoutMarkup(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const cleaned: Record<string, unknown> = { ...body };
  for (const field of TEXT_FIELDS) {
    const value = cleaned[field];
    if (typeof value === 'string') cleaned[field] = plainText(value);
    else if (Array.isArray(value)) cleaned[field] = value.map((v) => (typeof v === 'string' ? plainText(v) : v));
  }
  return cleaned;
}

/** Tool submission and approval: the writes that other services hear about. */
export class ToolService {
  private readonly db: Knex;
  private readonly bus: Pick<EventBus, 'publish'>;
  readonly tools: ToolsRepository;
  constructor(db: Knex, bus: Pick<EventBus, 'publish'>) {
    this.db = db;
    this.bus = bus;
    this.tools = new ToolsRepository(db);
  }

  /** A page of the directory and how many tools match its filter in all. */
  async directoryPage(filter: ToolListFilter, limit: number, offset: number): Promise<{ tools: JsonText; total: number }> {
    if (!filter.q) {
      const { json, total } = await this.tools.directoryPage(filter, limit, offset);
      return { tools: { json }, total };
    }
    const textFilter = { ...filter, q: filter.q };
    const matches = await this.tools.textFilterPage(textFilter, limit, offset);
    if (matches) return { tools: { json: matches.json }, total: matches.total };
    const [page, total] = await Promise.all([
      this.tools.commonTextFilterPage(textFilter, limit, offset),
      this.tools.estimateTextMatches(textFilter),
    ]);
    return { tools: page, total };
  }

  /** Stores a submission unapproved; the slug is the given one or derived from the name, and must be free. */
  async submit(input: ToolSubmission, requestId?: string): Promise<ToolRow> {
    const slug = input.slug || slugify(input.name);
    if (!slug) throw conflict('Could not derive a slug from the tool name; please enter a slug', 'slug');
    return transactionWithEvents(this.db, this.bus, async (trx, emit) => {
      if (await this.tools.slugExists(slug, trx)) throw conflict(`A tool with the slug "${slug}" already exists`, 'slug');
      const row = await this.tools.insertSubmission({ ...input, slug }, trx);
      emit('tool.submitted', { toolId: row.id, slug: row.slug }, requestId);
      return row;
    });
  }

  /**
   * Publishes a submitted (or earlier rejected) tool to the directory and, through
   * `tool.approved`, to search; approving an approved tool changes nothing and emits nothing.
   * An operator's approval is recorded in the audit log in the same transaction.
   */
  async approve(id: number, requestId?: string, reviewer?: SessionUser): Promise<ToolRow> {
    return transactionWithEvents(this.db, this.bus, async (trx, emit) => {
      const current = await this.tools.findByIdForUpdate(id, trx);
      if (!current) throw notFound('Tool not found');
      if (current.approved) return current;
      const row = (await this.tools.approve(id, trx, reviewer?.id))!;
      if (reviewer)
        await recordAudit(trx, { actor: reviewer, action: 'toolApprove', params: { slug: row.slug }, affectedIds: [row.id], requestId });
      emit('tool.approved', { toolId: row.id, slug: row.slug }, requestId);
      return row;
    });
  }

  /** Turns a pending submission down; it stays on record but never reaches the directory or search. */
  async reject(id: number, reviewer: SessionUser, reason: string | null, requestId?: string): Promise<ToolRow> {
    return this.db.transaction(async (trx) => {
      const current = await this.tools.findByIdForUpdate(id, trx);
      if (!current) throw notFound('Tool not found');
      if (current.approved) throw conflict('This tool is already approved and listed in the directory', 'id');
      if ((current as ToolRow & { rejected_at: Date | null }).rejected_at) return current;
      const row = (await this.tools.reject(id, trx, reviewer.id, reason))!;
      await recordAudit(trx, {
        actor: reviewer,
        action: 'toolReject',
        params: { slug: row.slug, ...(reason ? { reason } : {}) },
        affectedIds: [row.id],
        requestId,
      });
      return row;
    });
  }
}
