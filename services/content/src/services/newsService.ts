import { notFound, type Knex } from '@neuralbeat/common';
import {
  AI_GENERATING_PROVIDERS,
  AI_PROVIDER_NAMES,
  LEGACY_PROVIDER_NAME,
  NEWS_PAGE_SIZE,
  POPULAR_TAG_LIMIT,
  canonicalTag,
  type HomeResponse,
  type NewsListResponse,
  type SingleArticleResponse,
  type TagSummary,
} from '@neuralbeat/common/contracts';
import { NewsFeedRepository, type NewsFilter } from '../repositories/newsFeedRepository';
import { presentNewsArticle, presentStoryReport } from '../presenters/newsPresenter';
import { StoryClustersRepository } from '../repositories/storyClustersRepository';
import type { ResponseCache } from './responseCache';

const RELATED_ARTICLES = 3;

/** The public news feed: pages, tag and category views, single articles and popular tags. */
export class NewsService {
  private readonly news: NewsFeedRepository;
  private readonly stories: StoryClustersRepository;
  private readonly cache: ResponseCache;
  constructor(db: Knex, cache: ResponseCache) {
    this.news = new NewsFeedRepository(db);
    this.stories = new StoryClustersRepository(db);
    this.cache = cache;
  }

  list(filter: NewsFilter, limit: number, offset: number): Promise<NewsListResponse> {
    const normalized: NewsFilter = {
      ...(filter.tag ? { tag: canonicalTag(filter.tag) } : {}),
      ...(filter.category ? { category: filter.category.trim() } : {}),
    };
    return this.cache.get(`news:${JSON.stringify(normalized)}:${limit}:${offset}`, async () => {
      const { rows, total } = await this.news.page(normalized, limit, offset);
      const base = {
        articles: rows.map(presentNewsArticle),
        pagination: { total, limit, offset, hasMore: offset + rows.length < total },
      };
      return normalized.tag
        ? { type: 'tag' as const, tagName: normalized.tag, ...base }
        : { type: 'category' as const, categoryName: normalized.category ?? null, ...base };
    });
  }

  home(): Promise<HomeResponse> {
    return this.cache.get('home', async () => ({ latestNews: (await this.news.latest(NEWS_PAGE_SIZE)).map(presentNewsArticle) }));
  }

  popularTags(): Promise<{ tags: TagSummary[] }> {
    return this.cache.get('news-tags', async () => ({ tags: await this.news.popularTags(POPULAR_TAG_LIMIT) }));
  }

  /** `param` is a numeric news-feed id or a slug. */
  async article(param: string): Promise<SingleArticleResponse> {
    const byId = /^\d+$/.test(param) && Number(param) <= 2_147_483_647 ? await this.news.articleWithRelated({ id: Number(param) }, RELATED_ARTICLES) : undefined;
    // Slugs are lower-case; a link with capitals still finds the article (its canonical URL is lower-case).
    const found = byId ?? (await this.news.articleWithRelated({ slug: param.toLowerCase() }, RELATED_ARTICLES));
    if (!found) throw notFound('Article not found');
    const { item: row, related, storyClusterId } = found;
    const copies = storyClusterId === null ? [] : await this.stories.otherCopies(storyClusterId, row.article_id);
    const provider = row.ai_provider;
    return {
      type: 'article',
      article: presentNewsArticle(row),
      aiInfo: {
        provider,
        providerName: provider ? (AI_PROVIDER_NAMES[provider] ?? provider) : LEGACY_PROVIDER_NAME,
        aiGenerated: provider !== null && (AI_GENERATING_PROVIDERS as readonly string[]).includes(provider),
      },
      relatedArticles: related.map(presentNewsArticle),
      alsoReportedBy: copies.map(presentStoryReport),
    };
  }
}
