import type { Knex, Redis } from '@neuralbeat/common';
import { AI_PROVIDER_NAMES, AI_STATS_CACHE_SECONDS, LEGACY_PROVIDER_NAME, aiStatsSchema, type AiStats } from '@neuralbeat/common/contracts';
import { NewsCountsRepository, NO_PROVIDER } from '../repositories/newsCountsRepository';

const LEGACY_PROVIDER_ID = 'legacy';
const round1 = (n: number) => Math.round(n * 10) / 10;

/** AI content statistics of the news feed, cached in Redis for five minutes. */
export class AiStatsService {
  private readonly redis: Redis;
  private readonly cacheKey: string;
  private readonly counts: NewsCountsRepository;
  constructor(db: Knex, redis: Redis, redisPrefix: string) {
    this.counts = new NewsCountsRepository(db);
    this.redis = redis;
    this.cacheKey = `${redisPrefix}:cache:ai-stats`;
  }

  async stats(): Promise<AiStats> {
    const cached = await this.redis.get(this.cacheKey);
    if (cached) {
      const parsed = aiStatsSchema.safeParse(JSON.parse(cached));
      if (parsed.success) return parsed.data;
    }
    const stats = await this.compute();
    await this.redis.set(this.cacheKey, JSON.stringify(stats), 'EX', AI_STATS_CACHE_SECONDS);
    return stats;
  }

  /** From the kept counts (news_feed_counts): a handful of rows, whatever the size of the feed. */
  private async compute(): Promise<AiStats> {
    const counts = await this.counts.all(['ai_provider', 'seo_status']);
    const providerRows = counts.filter((c) => c.dimension === 'ai_provider');
    const seoRows = counts.filter((c) => c.dimension === 'seo_status');
    const totalArticles = providerRows.reduce((sum, r) => sum + r.count, 0);
    const providers = providerRows
      .map((r) => {
        const provider = r.value === NO_PROVIDER ? null : r.value;
        const articleCount = r.count;
        return {
          id: provider ?? LEGACY_PROVIDER_ID,
          name: provider ? (AI_PROVIDER_NAMES[provider] ?? provider) : LEGACY_PROVIDER_NAME,
          articleCount,
          percentage: totalArticles ? round1((articleCount / totalArticles) * 100) : 0,
        };
      })
      .sort((a, b) => b.articleCount - a.articleCount || a.id.localeCompare(b.id));
    const statusCount = (status: string) => seoRows.find((r) => r.value === status)?.count ?? 0;
    const statuses = {
      pending: statusCount('pending'),
      processing: statusCount('processing'),
      completed: statusCount('completed'),
      failed: statusCount('failed'),
    };
    return {
      totalArticles,
      providers,
      seo: {
        optimizationPercentage: totalArticles ? round1((statuses.completed / totalArticles) * 100) : 0,
        statuses,
      },
    };
  }
}
