import type { Knex } from '@neuralbeat/common';

/**
 * Insert real rows for tests (snake_case columns), with sensible defaults that
 * each test overrides. Every factory returns the inserted row.
 */
let counter = 0;
const next = () => ++counter;

export async function insertArticle(db: Knex, over: Record<string, unknown> = {}) {
  const n = next();
  const [row] = await db('articles')
    .insert({
      title: `Collected article ${n}`,
      author: 'Staff',
      publish_date: new Date(Date.UTC(2026, 0, 1) + n * 60_000),
      category: 'Research',
      content: `Body of collected article ${n}.`,
      source_url: `https://source.example/articles/${n}`,
      news_source: 'Source Example',
      ...over,
    })
    .returning('*');
  return row;
}

/** A published news-feed item with its article (published, completed). */
export async function insertNewsItem(db: Knex, over: Record<string, unknown> = {}) {
  const n = next();
  const publishDate = (over.publish_date as Date | undefined) ?? new Date(Date.UTC(2026, 0, 1) + n * 60_000);
  const article = await insertArticle(db, { published: true, processing_status: 'completed', publish_date: publishDate });
  const [row] = await db('news_feed')
    .insert({
      article_id: article.id,
      title: `News item ${n}`,
      slug: `news-item-${n}`,
      content: `<p>Content of news item ${n}.</p>`,
      excerpt: `Excerpt of news item ${n}.`,
      author: 'Staff',
      publish_date: publishDate,
      category: 'Research',
      tags: ['llm'],
      source_url: `https://source.example/articles/${n}`,
      source_name: 'Source Example',
      ai_provider: 'local',
      rewrite_status: 'completed',
      seo_status: 'completed',
      ...over,
    })
    .returning('*');
  return row;
}

export async function insertTool(db: Knex, over: Record<string, unknown> = {}) {
  const n = next();
  const [row] = await db('tools')
    .insert({
      name: `Tool ${n}`,
      slug: `tool-${n}`,
      description: `A detailed description of tool number ${n}.`,
      short_description: `Short description ${n}`,
      website_url: `https://tool${n}.example`,
      category: 'Development',
      tags: ['coding'],
      features: ['Feature one'],
      pricing: 'Free',
      approved: true,
      submitted_by_id: 1,
      ...over,
    })
    .returning('*');
  return row;
}

export async function insertResource(db: Knex, over: Record<string, unknown> = {}) {
  const n = next();
  const [row] = await db('resources')
    .insert({
      title: `Guide ${n}`,
      slug: `guide-${n}`,
      content: `Content of guide ${n}.`,
      summary: `Summary of guide ${n}.`,
      category: 'AI Basics',
      difficulty_level: 'Beginner',
      tags: ['basics'],
      published_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000),
      ...over,
    })
    .returning('*');
  return row;
}

export async function insertEvent(db: Knex, over: Record<string, unknown> = {}) {
  const n = next();
  const [row] = await db('events')
    .insert({
      name: `Event ${n}`,
      slug: `event-${n}`,
      description: `Description of event ${n}.`,
      location: 'Vienna, Austria',
      start_date: new Date(Date.now() + (30 + n) * 86_400_000),
      end_date: new Date(Date.now() + (32 + n) * 86_400_000),
      event_type: 'Conference',
      url: `https://event${n}.example`,
      ...over,
    })
    .returning('*');
  return row;
}

export async function insertJob(db: Knex, over: Record<string, unknown> = {}) {
  const n = next();
  const [row] = await db('jobs')
    .insert({
      title: `ML Engineer ${n}`,
      company: `Company ${n}`,
      location: 'Berlin, Germany',
      job_type: 'Full-time',
      description: `Job description ${n}.`,
      requirements: 'Python, PyTorch',
      apply_url: `https://jobs.example/${n}`,
      ...over,
    })
    .returning('*');
  return row;
}
