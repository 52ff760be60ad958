import {
  conflict,
  notFound,
  parseRequest,
  recordAudit,
  transactionWithEvents,
  validationFailed,
  type AuditAction,
  type Emit,
  type EventBus,
  type Knex,
  type SessionUser,
} from '@neuralbeat/common';
import {
  ADMIN_CONTENT_SCHEMAS,
  slugify,
  type AdminContentItem,
  type AdminContentKind,
  type AdminContentListQuery,
  type AdminContentListResponse,
} from '@neuralbeat/common/contracts';
import { AdminContentRepository, type ManagedRow, type TableShape } from '../repositories/adminContentRepository';
import { withoutMarkup } from './toolService';

/** How one kind is stored and announced: API field → column, where a blank slug comes from, the event readers hear. */
interface KindSpec extends TableShape {
  label: string;
  /** The field that names an item in messages and the audit log. */
  nameField: string;
  fields: Record<string, string>;
  /** Fields the answer carries but no request writes: what the pipeline decided. */
  readOnly?: Record<string, string>;
  slugFrom?: string;
  announce: (emit: Emit, id: number, requestId?: string) => void;
  /** Columns written with a change of publication besides the flag itself. */
  onPublish?: (published: boolean, actor: SessionUser, trx: Knex.Transaction) => Record<string, unknown>;
  /**
   * The items of sources an item was collected from, as (source_id, item_key) rows: deleting it
   * dismisses them, so the next collection does not bring it back.
   */
  sourceItems?: (trx: Knex.Transaction, id: number) => Knex.QueryBuilder;
  /** Columns a create or PATCH writes besides the fields sent, from those fields' columns and the stored row (none when creating). */
  onSave?: (values: Record<string, unknown>, current?: ManagedRow) => Record<string, unknown>;
  /** Input cleaned before validation. */
  clean?: (body: unknown) => unknown;
  /**
   * Collected items: the columns a PATCH changes go into `operator_edited_fields`, and
   * later collections leave them as the operator set them.
   */
  keepsOperatorEdits?: boolean;
}

const spec = (s: Omit<KindSpec, 'columns'>): KindSpec => ({
  ...s,
  columns: [...Object.values(s.fields), ...Object.values(s.readOnly ?? {}), ...(s.keepsOperatorEdits ? ['operator_edited_fields'] : [])],
});

const KINDS: Record<AdminContentKind, KindSpec> = {
  events: spec({
    table: 'events',
    label: 'Event',
    nameField: 'name',
    publishedColumn: 'published',
    newestColumn: 'created_at',
    textColumns: ['name', 'slug', 'location', 'organizer'],
    slugFrom: 'name',
    fields: {
      name: 'name',
      slug: 'slug',
      description: 'description',
      location: 'location',
      startDate: 'start_date',
      endDate: 'end_date',
      eventType: 'event_type',
      url: 'url',
      imageUrl: 'image_url',
      organizer: 'organizer',
      price: 'price',
      virtual: 'virtual',
      tags: 'tags',
    },
    // The collector's relevance score and its reasons, shown to the operator deciding on the event.
    readOnly: { aiRelevanceScore: 'ai_relevance_score', aiRelevanceReasons: 'ai_relevance_reasons' },
    announce: (emit, eventId, requestId) => emit('event.changed', { eventId }, requestId),
    // The operator has decided: later collections of the event leave its publication alone (a cancellation still unpublishes).
    onPublish: () => ({ published_by: 'operator' }),
    sourceItems: (trx, eventId) => trx('event_source_items').where({ event_id: eventId }).select('source_id', 'item_key'),
    keepsOperatorEdits: true,
  }),
  jobs: spec({
    table: 'jobs',
    label: 'Job',
    nameField: 'title',
    publishedColumn: 'published',
    newestColumn: 'created_at',
    textColumns: ['title', 'company', 'location'],
    fields: {
      title: 'title',
      company: 'company',
      location: 'location',
      jobType: 'job_type',
      description: 'description',
      requirements: 'requirements',
      applyUrl: 'apply_url',
      companyLogoUrl: 'company_logo_url',
      salaryRange: 'salary_range',
      remote: 'remote',
      validThrough: 'valid_through',
    },
    // Whether the job is open: closed by the collector (its board dropped it) or by its date.
    readOnly: { closedAt: 'closed_at' },
    // A validThrough sent decides: ahead, the job is open until then (a closed one opens again); past, it is closed.
    onSave: (values, current) => {
      const until = values.valid_through;
      if (!(until instanceof Date)) return {};
      return until > new Date() ? { closed_at: null } : { closed_at: current?.closed_at ?? new Date() };
    },
    announce: (emit, jobId, requestId) => emit('job.changed', { jobId }, requestId),
    // A collected job is its board's posting: (source, the board's id).
    sourceItems: (trx, jobId) =>
      trx('jobs').where({ id: jobId }).whereNotNull('source_id').select('source_id', { item_key: 'external_id' }),
    keepsOperatorEdits: true,
  }),
  resources: spec({
    table: 'resources',
    label: 'Resource',
    nameField: 'title',
    publishedColumn: 'published',
    newestColumn: 'published_at',
    textColumns: ['title', 'slug', 'summary'],
    slugFrom: 'title',
    fields: {
      title: 'title',
      slug: 'slug',
      summary: 'summary',
      content: 'content',
      category: 'category',
      difficultyLevel: 'difficulty_level',
      imageUrl: 'image_url',
      tags: 'tags',
    },
    announce: (emit, resourceId, requestId) => emit('resource.changed', { resourceId }, requestId),
  }),
  tools: spec({
    table: 'tools',
    label: 'Tool',
    nameField: 'name',
    // Approval is a tool's publication: unpublishing takes it back to the review queue.
    publishedColumn: 'approved',
    newestColumn: 'created_at',
    textColumns: ['name', 'slug', 'short_description'],
    slugFrom: 'name',
    fields: {
      name: 'name',
      slug: 'slug',
      description: 'description',
      shortDescription: 'short_description',
      websiteUrl: 'website_url',
      logoUrl: 'logo_url',
      category: 'category',
      tags: 'tags',
      features: 'features',
      pricing: 'pricing',
    },
    announce: (emit, toolId, requestId) => emit('tool.changed', { toolId }, requestId),
    onPublish: (published, actor, trx) =>
      published ? { rejected_at: null, rejection_reason: null, reviewed_at: trx.fn.now(), reviewed_by_id: actor.id } : {},
    // Tool text is plain text, as for submissions: markup is removed before the lengths are checked.
    clean: withoutMarkup,
  }),
};

const toIso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

function present(kind: KindSpec, row: ManagedRow): AdminContentItem {
  const item: AdminContentItem = {
    id: row.id,
    published: Boolean(row[kind.publishedColumn]),
    createdAt: (toIso(row[kind.newestColumn]) as string | null) ?? null,
  };
  for (const [field, column] of Object.entries({ ...kind.fields, ...kind.readOnly })) item[field] = toIso(row[column]) ?? null;
  return item;
}

/** Derives a slug from the name or title as for tool submissions; a name with no letters or digits cannot give one. */
function derivedSlug(kind: KindSpec, source: unknown): string {
  const slug = slugify(String(source ?? ''))
    .slice(0, 200)
    .replace(/-+$/, '');
  if (!slug) throw validationFailed(`Could not derive a slug from the ${kind.slugFrom}; please enter a slug`, 'slug');
  return slug;
}

const isObject = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/**
 * Operators' changes to events, jobs, learning resources and tools. Each commits
 * with its audit record and its `*.changed` event in one transaction: search
 * re-reads the item and the Postgres trigger purges the caches, so visitors
 * follow within a second. Bad input is a 400 naming the field; a taken slug is a 409.
 */
export class AdminContentService {
  private readonly db: Knex;
  private readonly bus: Pick<EventBus, 'publish'>;
  private readonly rows: AdminContentRepository;
  constructor(db: Knex, bus: Pick<EventBus, 'publish'>) {
    this.db = db;
    this.bus = bus;
    this.rows = new AdminContentRepository(db);
  }

  async list(kindName: AdminContentKind, query: AdminContentListQuery): Promise<AdminContentListResponse> {
    const kind = KINDS[kindName];
    const published = query.published === undefined ? undefined : query.published === 'true';
    const { rows, total } = await this.rows.page(kind, { q: query.q || undefined, published }, query.limit, query.offset);
    return { items: rows.map((r) => present(kind, r)), total, limit: query.limit, offset: query.offset };
  }

  async get(kindName: AdminContentKind, id: number): Promise<AdminContentItem> {
    const kind = KINDS[kindName];
    const row = await this.rows.find(kind, id);
    if (!row) throw notFound(`${kind.label} not found`);
    return present(kind, row);
  }

  async create(kindName: AdminContentKind, body: unknown, actor: SessionUser, requestId?: string): Promise<AdminContentItem> {
    const kind = KINDS[kindName];
    const parsed = parseRequest(ADMIN_CONTENT_SCHEMAS[kindName], kind.clean ? kind.clean(body) : body) as Record<string, unknown>;
    const values = this.columns(kind, parsed);
    if (kind.slugFrom) values.slug ||= derivedSlug(kind, parsed[kind.slugFrom]);
    checkDates(values);
    Object.assign(values, kind.onSave?.(values));
    return transactionWithEvents(this.db, this.bus, async (trx, emit) => {
      await this.assertSlugFree(kind, values.slug, trx);
      const published = parsed.published !== false;
      const row = await this.rows.insert(
        kind,
        { ...values, [kind.publishedColumn]: published, ...kind.onPublish?.(published, actor, trx) },
        trx,
      );
      await this.audit(trx, kindName, 'contentCreate', row, actor, requestId);
      kind.announce(emit, row.id, requestId);
      return present(kind, row);
    });
  }

  /** Changes the fields sent and no others; `published` may be among them. */
  async update(kindName: AdminContentKind, id: number, body: unknown, actor: SessionUser, requestId?: string): Promise<AdminContentItem> {
    const kind = KINDS[kindName];
    if (!isObject(body)) throw validationFailed('Send an object of the fields to change', 'body');
    const parsed = parseRequest(ADMIN_CONTENT_SCHEMAS[kindName].partial(), kind.clean ? kind.clean(body) : body) as Record<string, unknown>;
    // Defaults of the create shape must not overwrite stored values: keep only what was sent.
    const sent = Object.fromEntries(Object.keys(body).flatMap((k) => (k in parsed ? [[k, parsed[k]]] : [])));
    const values = this.columns(kind, sent);
    // A blank slug in an edit keeps the stored one.
    if ('slug' in values && !values.slug) delete values.slug;
    return transactionWithEvents(this.db, this.bus, async (trx, emit) => {
      const current = await this.rows.findForUpdate(kind, id, trx);
      if (!current) throw notFound(`${kind.label} not found`);
      checkDates({ ...current, ...values });
      if (kind.keepsOperatorEdits) Object.assign(values, operatorEdits(values, current));
      Object.assign(values, kind.onSave?.(values, current));
      await this.assertSlugFree(kind, values.slug, trx, id);
      if (typeof sent.published === 'boolean' && sent.published !== current[kind.publishedColumn]) {
        values[kind.publishedColumn] = sent.published;
        Object.assign(values, kind.onPublish?.(sent.published, actor, trx));
      }
      if (!Object.keys(values).length) return present(kind, current);
      if (kind.table === 'events') values.updated_at = trx.fn.now();
      const row = await this.rows.update(kind, id, values, trx);
      await this.audit(trx, kindName, 'contentUpdate', row, actor, requestId, { fields: Object.keys(sent) });
      kind.announce(emit, id, requestId);
      return present(kind, row);
    });
  }

  /** Lists or unlists an item; doing what is already so changes nothing and records nothing. */
  async setPublished(
    kindName: AdminContentKind,
    id: number,
    published: boolean,
    actor: SessionUser,
    requestId?: string,
  ): Promise<AdminContentItem> {
    const kind = KINDS[kindName];
    return transactionWithEvents(this.db, this.bus, async (trx, emit) => {
      const current = await this.rows.findForUpdate(kind, id, trx);
      if (!current) throw notFound(`${kind.label} not found`);
      if (Boolean(current[kind.publishedColumn]) === published) return present(kind, current);
      const values: Record<string, unknown> = { [kind.publishedColumn]: published, ...kind.onPublish?.(published, actor, trx) };
      if (kind.table === 'events') values.updated_at = trx.fn.now();
      const row = await this.rows.update(kind, id, values, trx);
      await this.audit(trx, kindName, published ? 'contentPublish' : 'contentUnpublish', row, actor, requestId);
      kind.announce(emit, id, requestId);
      return present(kind, row);
    });
  }

  /** Deletes an item; one collected from sources stays deleted: the collectors skip its items from then on. */
  async remove(kindName: AdminContentKind, id: number, actor: SessionUser, requestId?: string): Promise<AdminContentItem> {
    const kind = KINDS[kindName];
    return transactionWithEvents(this.db, this.bus, async (trx, emit) => {
      const current = await this.rows.findForUpdate(kind, id, trx);
      if (!current) throw notFound(`${kind.label} not found`);
      if (kind.sourceItems) await this.rows.dismissSourceItems(kind.sourceItems(trx, id), trx);
      await this.rows.delete(kind, id, trx);
      await this.audit(trx, kindName, 'contentDelete', current, actor, requestId);
      kind.announce(emit, id, requestId);
      return present(kind, current);
    });
  }

  /** An item as messages name it: 'Event "AI Summit 2027"'. */
  static describe(kindName: AdminContentKind, item: AdminContentItem): string {
    const kind = KINDS[kindName];
    return `${kind.label} "${String(item[kind.nameField])}"`;
  }

  private columns(kind: KindSpec, input: Record<string, unknown>): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const [field, column] of Object.entries(kind.fields)) if (input[field] !== undefined) values[column] = input[field];
    return values;
  }

  private async assertSlugFree(kind: KindSpec, slug: unknown, trx: Knex.Transaction, exceptId?: number): Promise<void> {
    if (!kind.slugFrom || typeof slug !== 'string') return;
    if (await this.rows.slugTaken(kind.table, slug, trx, exceptId))
      throw conflict(`A ${kind.label.toLowerCase()} with the slug "${slug}" already exists`, 'slug');
  }

  private audit(
    trx: Knex.Transaction,
    kind: AdminContentKind,
    action: AuditAction,
    row: ManagedRow,
    actor: SessionUser,
    requestId?: string,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    const name = row[KINDS[kind].fields[KINDS[kind].nameField]!];
    return recordAudit(trx, { actor, action, params: { kind, name, ...extra }, affectedIds: [row.id], requestId });
  }
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The columns of a PATCH whose values differ from the stored row, added to those the operator
 * edited before; the slug is the site's, not the source's, so collections never write it.
 */
function operatorEdits(values: Record<string, unknown>, current: ManagedRow): Record<string, unknown> {
  const before = (current.operator_edited_fields as string[] | undefined) ?? [];
  const changed = Object.keys(values).filter((column) => column !== 'slug' && !sameValue(values[column], current[column]));
  const edited = [...new Set([...before, ...changed])];
  return edited.length > before.length ? { operator_edited_fields: edited } : {};
}

/** An event cannot end before it starts. */
function checkDates(values: Record<string, unknown>): void {
  const start = values.start_date;
  const end = values.end_date;
  if (start instanceof Date && end instanceof Date && end < start)
    throw validationFailed('endDate must not be before startDate', 'endDate');
}
