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
}

export function presentJob(row: JobRow): Job {
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
  };
}
