import { searchSourceSchemas, type SearchKind, type SearchSourceOf } from '@neuralbeat/common/contracts';
import { htmlToText } from '@neuralbeat/common/html';
import type { SearchDocument } from './engine/SearchEngine';

const lines = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join('\n');
const labels = (...parts: (string | null | undefined | false)[]) => parts.filter((p): p is string => Boolean(p));

/**
 * How each kind's public record becomes a search document: what is its title,
 * its short labels, its excerpt and its body, and the result shape returned (contracts/search.ts).
 */
const MAPPERS: { [K in SearchKind]: (r: SearchSourceOf<K>) => Omit<SearchDocument, 'kind' | 'refId'> } = {
  news: (a) => ({
    title: a.title,
    tags: labels(...a.tags, a.category),
    excerpt: a.excerpt,
    body: lines(htmlToText(a.content), a.sourceName, a.author),
    publishedAt: a.publishDate,
    result: { id: a.id, slug: a.slug, title: a.title, excerpt: a.excerpt, publishDate: a.publishDate, category: a.category, tags: a.tags },
  }),
  tools: (t) => ({
    title: t.name,
    tags: labels(...t.tags, t.category),
    excerpt: t.shortDescription,
    body: lines(t.description, ...t.features, t.pricing),
    publishedAt: t.createdAt,
    result: { id: t.id, slug: t.slug, name: t.name, description: t.shortDescription, tags: t.tags },
  }),
  resources: (r) => ({
    title: r.title,
    tags: labels(...r.tags, r.category, r.difficultyLevel),
    excerpt: r.summary,
    body: r.content,
    publishedAt: r.publishedAt,
    result: {
      id: r.id,
      slug: r.slug,
      title: r.title,
      summary: r.summary,
      difficultyLevel: r.difficultyLevel,
      publishedAt: r.publishedAt,
      tags: r.tags,
    },
  }),
  events: (e) => ({
    title: e.name,
    tags: labels(e.eventType, e.location, e.virtual && 'virtual'),
    excerpt: e.description,
    body: lines(e.organizer, e.price),
    publishedAt: e.startDate,
    result: { id: e.id, slug: e.slug, name: e.name, description: e.description, startDate: e.startDate, location: e.location },
  }),
  jobs: (j) => ({
    title: j.title,
    tags: labels(j.company, j.jobType, j.location, j.remote && 'remote'),
    excerpt: j.description,
    body: lines(j.requirements, j.salaryRange),
    publishedAt: j.createdAt,
    validThrough: j.validThrough,
    result: { id: j.id, title: j.title, company: j.company, description: j.description, location: j.location, jobType: j.jobType },
  }),
};

/** Validates a record content handed over and maps it to the document the engines index. */
export function toSearchDocument<K extends SearchKind>(kind: K, record: unknown): SearchDocument {
  const parsed = searchSourceSchemas[kind].parse(record) as SearchSourceOf<K>;
  return { kind, refId: parsed.id, ...MAPPERS[kind](parsed) };
}
