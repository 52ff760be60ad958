import { transactionWithEvents, type EventBus, type Knex } from '@neuralbeat/common';
import { PUBLIC_SUBMITTER_ID } from './essentials';
import { SEED_TOOLS } from './tools';
import { SEED_RESOURCES } from './resources';
import { SEED_EVENTS } from './events';
import { SEED_JOBS } from './jobs';

const DAY_MS = 86_400_000;
/** Seed timestamps are fixed so a re-run changes nothing and "featured" stays stable. */
const SEEDED_AT = Date.UTC(2026, 10, 1);
/**
 * Jobs are dated relative to the day they are seeded: every job closes
 * JOB_MAX_AGE_DAYS after it was posted, so fixed dates would close them all
 * once that long had passed. A re-run leaves seeded jobs as they are.
 */
const jobsListedBy = () => Math.floor(Date.now() / DAY_MS) * DAY_MS;

type Row = Record<string, unknown>;

/**
 * Inserts the rows whose key is not in the table yet and leaves existing rows
 * alone, so an admin's edits to seeded content survive a re-run.
 */
async function insertMissing(
  trx: Knex.Transaction,
  table: string,
  keyColumns: string[],
  rows: Row[],
): Promise<{ id: number; slug?: string }[]> {
  const keyOf = (row: Row) => JSON.stringify(keyColumns.map((c) => row[c]));
  const existing: Row[] = await trx(table).select(keyColumns);
  const have = new Set(existing.map(keyOf));
  const missing = rows.filter((row) => !have.has(keyOf(row)));
  return missing.length
    ? trx(table)
        .insert(missing)
        .returning(table === 'jobs' ? ['id'] : ['id', 'slug'])
    : [];
}

/**
 * Original demo content for every kind, keyed by slug (jobs by title + company).
 * Each row it adds is announced like any other write (tool approved, resource,
 * event or job changed), so a running search index takes it up.
 */
export async function seedDemoContent(db: Knex, bus: Pick<EventBus, 'publish'>): Promise<void> {
  await transactionWithEvents(db, bus, async (trx, emit) => {
    // Serialises concurrent seed runs, since jobs have no unique key to conflict on.
    await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('neuralbeat-seed-demo-content'))`);
    const tools = await insertMissing(
      trx,
      'tools',
      ['slug'],
      SEED_TOOLS.map((t, i) => ({
        name: t.name,
        slug: t.slug,
        description: t.description,
        short_description: t.shortDescription,
        website_url: t.websiteUrl,
        category: t.category,
        tags: t.tags,
        features: t.features,
        pricing: t.pricing,
        submitted_by_id: PUBLIC_SUBMITTER_ID,
        approved: true,
        created_at: new Date(SEEDED_AT - i * DAY_MS),
      })),
    );
    for (const t of tools) emit('tool.approved', { toolId: t.id, slug: t.slug! });
    const resources = await insertMissing(
      trx,
      'resources',
      ['slug'],
      SEED_RESOURCES.map((r) => ({
        title: r.title,
        slug: r.slug,
        content: r.content,
        summary: r.summary,
        category: r.category,
        difficulty_level: r.difficultyLevel,
        tags: r.tags,
        published_at: new Date(`${r.publishedAt}T09:00:00Z`),
      })),
    );
    for (const r of resources) emit('resource.changed', { resourceId: r.id });
    const events = await insertMissing(
      trx,
      'events',
      ['slug'],
      SEED_EVENTS.map((e) => ({
        name: e.name,
        slug: e.slug,
        description: e.description,
        location: e.location,
        start_date: new Date(`${e.startDate}T00:00:00Z`),
        end_date: e.endDate ? new Date(`${e.endDate}T00:00:00Z`) : null,
        event_type: e.eventType,
        url: e.url,
        organizer: e.organizer,
        virtual: e.virtual,
        price: e.price,
        tags: e.tags,
        source_name: 'NeuralBeat editorial',
      })),
    );
    for (const e of events) emit('event.changed', { eventId: e.id });
    const jobs = await insertMissing(
      trx,
      'jobs',
      ['title', 'company'],
      SEED_JOBS.map((j) => ({
        title: j.title,
        company: j.company,
        location: j.location,
        job_type: j.jobType,
        description: j.description,
        requirements: j.requirements,
        apply_url: j.applyUrl,
        salary_range: j.salaryRange,
        remote: j.remote,
        created_at: new Date(jobsListedBy() - j.postedDaysAgo * DAY_MS),
      })),
    );
    for (const j of jobs) emit('job.changed', { jobId: j.id });
  });
}
