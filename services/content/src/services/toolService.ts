import { conflict, notFound, transactionWithEvents, type EventBus, type Knex } from '@neuralbeat/common';
import { plainText } from '@neuralbeat/common/html';
import { toolSlug, type ToolSubmission } from '@neuralbeat/common/contracts';
import { ToolsRepository } from '../repositories/toolsRepository';
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

  /** Stores a submission unapproved; the slug is the given one or derived from the name, and must be free. */
  async submit(input: ToolSubmission, requestId?: string): Promise<ToolRow> {
    const slug = input.slug || toolSlug(input.name);
    if (!slug) throw conflict('Could not derive a slug from the tool name; please enter a slug', 'slug');
    return transactionWithEvents(this.db, this.bus, async (trx, emit) => {
      if (await this.tools.slugExists(slug, trx)) throw conflict(`A tool with the slug "${slug}" already exists`, 'slug');
      const row = await this.tools.insertSubmission({ ...input, slug }, trx);
      emit('tool.submitted', { toolId: row.id, slug: row.slug }, requestId);
      return row;
    });
  }

  /** Publishes a submitted tool to the directory; approving an approved tool changes nothing and emits nothing. */
  async approve(id: number, requestId?: string): Promise<ToolRow> {
    return transactionWithEvents(this.db, this.bus, async (trx, emit) => {
      const current = await this.tools.findByIdForUpdate(id, trx);
      if (!current) throw notFound('Tool not found');
      if (current.approved) return current;
      const row = (await this.tools.approve(id, trx))!;
      emit('tool.approved', { toolId: row.id, slug: row.slug }, requestId);
      return row;
    });
  }
}
