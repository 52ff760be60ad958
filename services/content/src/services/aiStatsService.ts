import type { Knex, Redis } from '@neuralbeat/common';
import {
  AI_PROVIDER_NAMES,
  AI_STATS_CACHE_SECONDS,
  LEGACY_PROVIDER_NAME,
  aiStatsSchema,
  type AiStats,
} from '@neuralbeat/common/contracts';

const LEGACY_PROVIDER_ID = 'legacy';
const round1 = (n: number) => Math.round(n * 10) / 10;

/** AI content statistics of the news feed, cached in Redis for five minutes. */
export class AiStatsService {
  private readonly db: Knex;
  private readonly redis: Redis;
  private readonly cacheKey: string;
  constructor(db: Knex, redis: Redis, redisPrefix: string) {
    this.db = db;
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

  private async compute(): Promise<AiStats> {
    const [providerRows, seoRows] = await Promise.all([
      this.db('news_feed').select('ai_provider').count<{ ai_provider: string | null; count: string }[]>({ count: '*' }).groupBy('ai_provider'),
      this.db('news_feed').select('seo_status').count<{ seo_status: string; count: string }[]>({ count: '*' }).groupBy('seo_status'),
    ]);
    const totalArticles = providerRows.reduce((sum, r) => sum + Number(r.count), 0);
    const providers = providerRows
      .map((r) => {
        const id = r.ai_provider ?? LEGACY_PROVIDER_ID;
        const articleCount = Number(r.count);
        return {
          id,
          name: r.ai_provider ? (AI_PROVIDER_NAMES[r.ai_provider] ?? r.ai_provider) : LEGACY_PROVIDER_NAME,
          articleCount,
          percentage: totalArticles ? round1((articleCount / totalArticles) * 100) : 0,
        };
      })
      .sort((a, b) => b.articleCount - a.articleCount || a.id.localeCompare(b.id));
    const statusCount = (status: string) => Number(seoRows.find((r) => r.seo_status === status)?.count ?? 0);
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
