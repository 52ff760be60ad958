import type { z } from 'zod';
import {
  conflict,
  notFound,
  parseRequest,
  transactionWithEvents,
  validationFailed,
  type EventBus,
  type EventName,
  type EventPayload,
  type Knex,
} from '@neuralbeat/common';
import {
  eventInputSchema,
  jobInputSchema,
  resourceInputSchema,
  slugify,
  type Event,
  type EventInput,
  type Job,
  type JobInput,
  type Resource,
  type ResourceInput,
} from '@neuralbeat/common/contracts';
import { ListingWritesRepository, type ListingTable } from '../repositories/listingWritesRepository';
import { presentEvent, presentJob, presentResource, type EventRow, type JobRow, type ResourceRow } from '../presenters/listingPresenters';

type ChangeEvent = Extract<EventName, 'resource.changed' | 'event.changed' | 'job.changed'>;

/** How one listing kind is stored, validated and announced. */
interface ListingKind<Input extends z.ZodObject, Row, Out> {
  table: ListingTable;
  label: string;
  schema: Input;
  event: ChangeEvent;
  payload: (id: number) => EventPayload<ChangeEvent>;
  /** Column values from parsed input; only the keys present in `input` are written. */
  columns: (input: Partial<z.output<Input>>) => Record<string, unknown>;
  /** Where the slug is derived from when none is given; absent for kinds without slugs. */
  slugFrom?: keyof z.output<Input>;
  present: (row: Row) => Out;
}

const defined = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));

const RESOURCES: ListingKind<typeof resourceInputSchema, ResourceRow, Resource> = {
  table: 'resources',
  label: 'Resource',
  schema: resourceInputSchema,
  event: 'resource.changed',
  payload: (resourceId) => ({ resourceId }),
  columns: (i) =>
    defined({
      title: i.title,
      slug: i.slug,
      summary: i.summary,
      content: i.content,
      category: i.category,
      difficulty_level: i.difficultyLevel,
      image_url: i.imageUrl,
      tags: i.tags,
      published_at: i.publishedAt,
    }),
  slugFrom: 'title',
  present: presentResource,
};

const EVENTS: ListingKind<typeof eventInputSchema, EventRow, Event> = {
  table: 'events',
  label: 'Event',
  schema: eventInputSchema,
  event: 'event.changed',
  payload: (eventId) => ({ eventId }),
  columns: (i) =>
    defined({
      name: i.name,
      slug: i.slug,
      description: i.description,
      location: i.location,
      start_date: i.startDate,
      end_date: i.endDate,
      event_type: i.eventType,
      url: i.url,
      image_url: i.imageUrl,
      organizer: i.organizer,
      price: i.price,
      virtual: i.virtual,
      tags: i.tags,
      published: i.published,
    }),
  slugFrom: 'name',
  present: presentEvent,
};

const JOBS: ListingKind<typeof jobInputSchema, JobRow, Job> = {
  table: 'jobs',
  label: 'Job',
  schema: jobInputSchema,
  event: 'job.changed',
  payload: (jobId) => ({ jobId }),
  columns: (i) =>
    defined({
      title: i.title,
      company: i.company,
      location: i.location,
      job_type: i.jobType,
      description: i.description,
      requirements: i.requirements,
      apply_url: i.applyUrl,
      company_logo_url: i.companyLogoUrl,
      salary_range: i.salaryRange,
      remote: i.remote,
    }),
  present: presentJob,
};

/**
 * Creates, updates and deletes learning resources, events and jobs. Each write
 * commits with its `*.changed` event, so the search index follows every change
 * a visitor can see. Input is validated here: bad input is a 400 naming the field.
 */
export class ListingsService {
  private readonly db: Knex;
  private readonly bus: Pick<EventBus, 'publish'>;
  private readonly writes = new ListingWritesRepository();
  constructor(db: Knex, bus: Pick<EventBus, 'publish'>) {
    this.db = db;
    this.bus = bus;
  }

  createResource = (input: ResourceInput, requestId?: string) => this.create(RESOURCES, input, requestId);
  updateResource = (id: number, patch: Partial<ResourceInput>, requestId?: string) => this.update(RESOURCES, id, patch, requestId);
  deleteResource = (id: number, requestId?: string) => this.remove(RESOURCES, id, requestId);

  createEvent = (input: EventInput, requestId?: string) => this.create(EVENTS, input, requestId);
  updateEvent = (id: number, patch: Partial<EventInput>, requestId?: string) => this.update(EVENTS, id, patch, requestId);
  deleteEvent = (id: number, requestId?: string) => this.remove(EVENTS, id, requestId);

  createJob = (input: JobInput, requestId?: string) => this.create(JOBS, input, requestId);
  updateJob = (id: number, patch: Partial<JobInput>, requestId?: string) => this.update(JOBS, id, patch, requestId);
  deleteJob = (id: number, requestId?: string) => this.remove(JOBS, id, requestId);

  private async create<I extends z.ZodObject, Row, Out>(kind: ListingKind<I, Row, Out>, input: unknown, requestId?: string): Promise<Out> {
    const parsed = parseRequest(kind.schema, input) as Record<string, unknown>;
    const values = kind.columns(parsed as Partial<z.output<I>>);
    if (kind.slugFrom) {
      values.slug ||= slugify(String(parsed[kind.slugFrom as string]));
      if (!values.slug) throw validationFailed(`Could not derive a slug from the ${String(kind.slugFrom)}; please give a slug`, 'slug');
    }
    return transactionWithEvents(this.db, this.bus, async (trx, emit) => {
      await this.assertSlugFree(trx, kind, values.slug);
      const row = await this.writes.insert<Row & { id: number }>(trx, kind.table, values);
      emit(kind.event, kind.payload(row.id), requestId);
      return kind.present(row);
    });
  }

  private async update<I extends z.ZodObject, Row, Out>(
    kind: ListingKind<I, Row, Out>,
    id: number,
    patch: unknown,
    requestId?: string,
  ): Promise<Out> {
    if (!patch || typeof patch !== 'object' || Array.isArray(patch))
      throw validationFailed('Expected an object of fields to change', 'body');
    // Parse as a partial, then keep only the fields the caller sent: defaults must not overwrite stored values.
    const parsed = parseRequest(kind.schema.partial(), patch) as Record<string, unknown>;
    const sent = Object.fromEntries(
      Object.keys(patch)
        .filter((k) => k in parsed)
        .map((k) => [k, parsed[k]]),
    );
    const values = kind.columns(sent as Partial<z.output<I>>);
    if (kind.slugFrom && 'slug' in values && !values.slug) delete values.slug;
    return transactionWithEvents(this.db, this.bus, async (trx, emit) => {
      const current = await this.writes.findForUpdate<Row>(trx, kind.table, id);
      if (!current) throw notFound(`${kind.label} not found`);
      if (!Object.keys(values).length) return kind.present(current);
      await this.assertSlugFree(trx, kind, values.slug, id);
      const row = await this.writes.update<Row>(
        trx,
        kind.table,
        id,
        kind.table === 'events' ? { ...values, updated_at: trx.fn.now() } : values,
      );
      emit(kind.event, kind.payload(id), requestId);
      return kind.present(row);
    });
  }

  private async remove<I extends z.ZodObject, Row, Out>(kind: ListingKind<I, Row, Out>, id: number, requestId?: string): Promise<void> {
    await transactionWithEvents(this.db, this.bus, async (trx, emit) => {
      if (!(await this.writes.delete(trx, kind.table, id))) throw notFound(`${kind.label} not found`);
      emit(kind.event, kind.payload(id), requestId);
    });
  }

  private async assertSlugFree(trx: Knex.Transaction, kind: { table: ListingTable; label: string }, slug: unknown, exceptId?: number) {
    if (kind.table === 'jobs' || typeof slug !== 'string') return;
    if (await this.writes.slugTaken(trx, kind.table, slug, exceptId))
      throw conflict(`A ${kind.label.toLowerCase()} with the slug "${slug}" already exists`, 'slug');
  }
}
