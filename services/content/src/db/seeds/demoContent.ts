import type { Knex } from '@neuralbeat/common';
import { PUBLIC_SUBMITTER_ID } from './essentials';
import { SEED_TOOLS } from './tools';
import { SEED_RESOURCES } from './resources';
import { SEED_EVENTS } from './events';
import { SEED_JOBS } from './jobs';

const DAY_MS = 86_400_000;
/** Seed timestamps are fixed so a re-run changes nothing and "featured" stays stable. */
const SEEDED_AT = Date.UTC(2026, 10, 1);

/**
 * Original demo content for every kind. Idempotent: rows are keyed by slug
 * (jobs by title + company) and left alone when they already exist, so admin
 * edits survive a re-run.
 */
export async function seedDemoContent(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('tools')
      .insert(
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
      )
      .onConflict('slug')
      .ignore();
    await trx('resources')
      .insert(
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
      )
      .onConflict('slug')
      .ignore();
    await trx('events')
      .insert(
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
      )
      .onConflict('slug')
      .ignore();
    const existing = await trx('jobs').select('title', 'company');
    const have = new Set(existing.map((j: { title: string; company: string }) => `${j.title}\u0000${j.company}`));
    const newJobs = SEED_JOBS.filter((j) => !have.has(`${j.title}\u0000${j.company}`));
    if (newJobs.length) {
      await trx('jobs').insert(
        newJobs.map((j) => ({
          title: j.title,
          company: j.company,
          location: j.location,
          job_type: j.jobType,
          description: j.description,
          requirements: j.requirements,
          apply_url: j.applyUrl,
          salary_range: j.salaryRange,
          remote: j.remote,
          created_at: new Date(SEEDED_AT + 21 * DAY_MS - j.postedDaysAgo * DAY_MS),
        })),
      );
    }
  });
}
