import type { NewsArticle, StoryReport } from '@neuralbeat/common/contracts';
import type { StoryReportRow } from '../repositories/storyClustersRepository';

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
  'id', 'article_id', 'title', 'slug', 'content', 'excerpt', 'author', 'publish_date', 'category',
  'image_url', 'source_url', 'source_name', 'tags', 'featured', 'ai_provider', 'updated_at',
] as const satisfies readonly (keyof NewsFeedRow)[];

export function presentNewsArticle(row: NewsFeedRow): NewsArticle {
  return {
    id: row.id,
    articleId: row.article_id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
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
