import { notFound, type JsonText, type Knex } from '@neuralbeat/common';
import {
  AI_GENERATING_PROVIDERS,
  AI_PROVIDER_NAMES,
  LEGACY_PROVIDER_NAME,
  NEWS_PAGE_SIZE,
  POPULAR_TAG_LIMIT,
  canonicalTag,
  type NewsListResponse,
  type SingleArticleResponse,
  type TagSummary,
} from '@neuralbeat/common/contracts';
import { NewsFeedRepository, type NewsFilter } from '../repositories/newsFeedRepository';
import { presentStoryReport } from '../presenters/newsPresenter';
import { StoryClustersRepository } from '../repositories/storyClustersRepository';
import { NEWS_LISTS_KEY, newsCategoryKey, newsItemKey, newsTagPageKey } from './publicContentChanges';
import type { ResponseCache } from './responseCache';

/** A news answer as JSON text, with the surrogate keys of what it shows besides `content:news` (see PublicContentChanges). */
export interface NewsAnswer extends JsonText {
  keys: string[];
}

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

  list(filter: NewsFilter, limit: number, offset: number): Promise<NewsAnswer> {
    const normalized: NewsFilter = {
      ...(filter.tag ? { tag: canonicalTag(filter.tag) } : {}),
      ...(filter.category ? { category: filter.category.trim() } : {}),
    };
    return this.cache.get(`news:${JSON.stringify(normalized)}:${limit}:${offset}`, async () => {
      const { articles, ids, total } = await this.news.page(normalized, limit, offset);
      const pagination: NewsListResponse['pagination'] = { total, limit, offset, hasMore: offset + ids.length < total };
      const kind = normalized.tag
        ? `"type":"tag","tagName":${JSON.stringify(normalized.tag)}`
        : `"type":"category","categoryName":${JSON.stringify(normalized.category ?? null)}`;
      // The articles are JSON written by Postgres (NEWS_ARTICLE_JSON); the rest of the NewsListResponse is put around them.
      // A tag page changes with its tag's items; the feed and category lists with every item published.
      const listKey = normalized.tag ? newsTagPageKey(normalized.tag) : NEWS_LISTS_KEY;
      return {
        json: `{${kind},"articles":${articles},"pagination":${JSON.stringify(pagination)}}`,
        keys: [listKey, ...ids.map(newsItemKey)],
      };
    });
  }

  home(): Promise<NewsAnswer> {
    return this.cache.get('home', async () => {
      const { articles, ids } = await this.news.latest(NEWS_PAGE_SIZE);
      return { json: `{"latestNews":${articles}}`, keys: [NEWS_LISTS_KEY, ...ids.map(newsItemKey)] };
    });
  }

  popularTags(): Promise<{ tags: TagSummary[] }> {
    return this.cache.get('news-tags', async () => ({ tags: await this.news.popularTags(POPULAR_TAG_LIMIT) }));
  }

  /** `param` is a numeric news-feed id or a slug. A SingleArticleResponse around the article JSON Postgres wrote. */
  async article(param: string): Promise<NewsAnswer> {
    const byId =
      /^\d+$/.test(param) && Number(param) <= 2_147_483_647
        ? await this.news.articleWithRelated({ id: Number(param) }, RELATED_ARTICLES)
        : undefined;
    // Slugs are lower-case; a link with capitals still finds the article (its canonical URL is lower-case).
    const found = byId ?? (await this.news.articleWithRelated({ slug: param.toLowerCase() }, RELATED_ARTICLES));
    if (!found) throw notFound('Article not found');
    const { item, article, related, ids, relatedFrom } = found;
    const copies = item.story_cluster_id === null ? [] : await this.stories.otherCopies(item.story_cluster_id, item.article_id);
    const provider = item.ai_provider;
    const aiInfo: SingleArticleResponse['aiInfo'] = {
      provider,
      providerName: provider ? (AI_PROVIDER_NAMES[provider] ?? provider) : LEGACY_PROVIDER_NAME,
      aiGenerated: provider !== null && (AI_GENERATING_PROVIDERS as readonly string[]).includes(provider),
    };
    return {
      json: `{"type":"article","article":${article},"aiInfo":${JSON.stringify(aiInfo)},"relatedArticles":[${related.join(',')}],"alsoReportedBy":${JSON.stringify(copies.map(presentStoryReport))}}`,
      keys: [...ids.map(newsItemKey), ...relatedFrom.tagPages.map(newsTagPageKey), newsCategoryKey(relatedFrom.category)],
    };
  }
}
