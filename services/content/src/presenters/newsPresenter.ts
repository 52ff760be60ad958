import type { NewsArticle, NewsSummary, StoryReport } from '@neuralbeat/common/contracts';
import type { StoryReportRow } from '../repositories/storyClustersRepository';
import { isoUtc, jsonObjectSql } from './sqlJson';

export interface NewsFeedRow {
  id: number;
  article_id: number;
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  author: string;
  publish_date: Date;
  category: string;
  image_url: string | null;
  source_url: string | null;
  source_name: string | null;
  tags: string[] | null;
  featured: boolean;
  ai_provider: string | null;
  updated_at: Date | null;
}

/**
 * The columns a news item is presented from. Public reads select these, not
 * `*`: a page of news needs neither the SEO metadata (jsonb, parsed per row),
 * the schema markup nor the pipeline's counters.
 */
export const NEWS_FEED_COLUMNS = [
  'id',
  'article_id',
  'title',
  'slug',
  'content',
  'excerpt',
  'author',
  'publish_date',
  'category',
  'image_url',
  'source_url',
  'source_name',
  'tags',
  'featured',
  'ai_provider',
  'updated_at',
] as const satisfies readonly (keyof NewsFeedRow)[];

/** The API's article fields and the `news_feed` column (of a row aliased `n`) each is written from, in SQL. */
const ARTICLE_FIELDS_SQL: [field: string, sql: string][] = [
  ['id', 'n.id'],
  ['articleId', 'n.article_id'],
  ['slug', 'n.slug'],
  ['title', 'n.title'],
  ['excerpt', 'n.excerpt'],
  ['content', 'n.content'],
  ['imageUrl', 'n.image_url'],
  ['category', 'n.category'],
  ['tags', "coalesce(n.tags, '{}')"],
  ['publishDate', isoUtc('n.publish_date')],
  ['updatedAt', isoUtc('n.updated_at')],
  ['author', 'n.author'],
  ['featured', 'n.featured'],
  ['sourceUrl', 'n.source_url'],
  ['sourceName', 'n.source_name'],
  ['aiProvider', 'n.ai_provider'],
];

/**
 * `presentNewsArticle` and `presentNewsSummary` in SQL, over a `news_feed` row
 * aliased `n`: public news lists and articles are sent as Postgres writes them,
 * so the content service neither parses their rows nor serialises them again
 * (that took half its CPU on a page of news). `newsPresenter.test.ts` holds both
 * to the same output.
 */
export const NEWS_ARTICLE_JSON = jsonObjectSql(ARTICLE_FIELDS_SQL);
export const NEWS_SUMMARY_JSON = jsonObjectSql(ARTICLE_FIELDS_SQL.filter(([field]) => field !== 'content'));

/** The columns a list item is presented from: a summary's, without the body Postgres would otherwise read from its TOAST table. */
export const NEWS_SUMMARY_COLUMNS = NEWS_FEED_COLUMNS.filter((c) => c !== 'content');

export function presentNewsArticle(row: NewsFeedRow): NewsArticle {
  return { ...presentNewsSummary(row), content: row.content };
}

export function presentNewsSummary(row: Omit<NewsFeedRow, 'content'>): NewsSummary {
  return {
    id: row.id,
    articleId: row.article_id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    imageUrl: row.image_url,
    category: row.category,
    tags: row.tags ?? [],
    publishDate: row.publish_date.toISOString(),
    updatedAt: row.updated_at ? row.updated_at.toISOString() : null,
    author: row.author,
    featured: row.featured,
    sourceUrl: row.source_url,
    sourceName: row.source_name,
    aiProvider: row.ai_provider,
  };
}

/** An outlet's copy of a story; named by its host when the source has no name. */
export function presentStoryReport(row: StoryReportRow): StoryReport {
  return {
    sourceName: row.news_source ?? hostOf(row.source_url) ?? 'Unknown source',
    url: row.source_url && /^https?:\/\//i.test(row.source_url) ? row.source_url : null,
    publishDate: row.publish_date.toISOString(),
    isOrigin: row.is_origin,
  };
}

function hostOf(url: string | null): string | null {
  try {
    return url ? new URL(url).hostname.replace(/^www\./, '') : null;
  } catch {
    return null;
  }
}
