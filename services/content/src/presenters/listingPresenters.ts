import type { Event, Job, Resource } from '@neuralbeat/common/contracts';

export interface ResourceRow {
  id: number;
  title: string;
  slug: string;
  content: string;
  summary: string;
  category: string;
  difficulty_level: Resource['difficultyLevel'];
  image_url: string | null;
  tags: string[] | null;
  published_at: Date;
}

export function presentResource(row: ResourceRow): Resource {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    content: row.content,
    category: row.category,
    difficultyLevel: row.difficulty_level,
    publishedAt: row.published_at.toISOString(),
    imageUrl: row.image_url,
    tags: row.tags ?? [],
  };
}

export interface EventRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  start_date: Date;
  end_date: Date | null;
  location: string;
  event_type: string;
  url: string | null;
  image_url: string | null;
  organizer: string | null;
  virtual: boolean;
  price: string | null;
  all_day: boolean;
  event_status: 'scheduled' | 'cancelled';
}

export function presentEvent(row: EventRow): Event {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    startDate: row.start_date.toISOString(),
    endDate: row.end_date ? row.end_date.toISOString() : null,
    location: row.location,
    eventType: row.event_type,
    url: row.url,
    imageUrl: row.image_url,
    organizer: row.organizer,
    virtual: row.virtual,
    price: row.price,
    allDay: row.all_day,
    eventStatus: row.event_status,
  };
}

export interface JobRow {
  id: number;
  title: string;
  company: string;
  description: string;
  requirements: string;
  job_type: Job['jobType'];
  location: string;
  remote: boolean;
  salary_range: string | null;
  apply_url: string;
  company_logo_url: string | null;
  created_at: Date;
  valid_through: Date | null;
  closed_at: Date | null;
  country: string | null;
  salary_min: string | null;
  salary_max: string | null;
  salary_currency: string | null;
  salary_unit: NonNullable<Job['salary']>['unit'];
}

const DAY_MS = 86_400_000;

/**
 * A job as the API shows it. `maxAgeDays` (JOB_MAX_AGE_DAYS) dates a job no
 * board gave a closing date: it closes that long after it was posted.
 */
export function presentJob(row: JobRow, maxAgeDays?: number): Job {
  const validThrough = row.valid_through ?? (maxAgeDays ? new Date(row.created_at.getTime() + maxAgeDays * DAY_MS) : null);
  return {
    id: row.id,
    title: row.title,
    company: row.company,
    description: row.description,
    requirements: row.requirements,
    jobType: row.job_type,
    location: row.location,
    remote: row.remote,
    salaryRange: row.salary_range,
    applyUrl: row.apply_url,
    companyLogoUrl: row.company_logo_url,
    createdAt: row.created_at.toISOString(),
    validThrough: validThrough?.toISOString() ?? null,
    applicantCountry: row.remote ? row.country : null,
    salary:
      row.salary_min !== null && row.salary_max !== null && row.salary_currency
        ? { min: Number(row.salary_min), max: Number(row.salary_max), currency: row.salary_currency, unit: row.salary_unit }
        : null,
  };
}
