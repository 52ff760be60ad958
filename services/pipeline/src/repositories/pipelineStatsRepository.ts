import type { Knex } from '@neuralbeat/common';
import { SEO_SCORE_THRESHOLD } from '@neuralbeat/common/contracts';

/** Read-only aggregates over articles, the news feed and provider metrics for the console and diagnostics. */
export class PipelineStatsRepository {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  /** Articles per status, and pending ones split by whether the SEO gate held them (scored below the threshold), in one pass. */
  async statusCounts(): Promise<{ byStatus: Record<string, number>; pendingHeldBySeo: number; pendingAwaitingStages: number }> {
    const { rows } = await this.db.raw(
      `SELECT processing_status AS status, count(*)::int AS n, count(*) FILTER (WHERE seo_score < ?)::int AS low_seo
       FROM articles GROUP BY processing_status`,
      [SEO_SCORE_THRESHOLD],
    );
    const byStatus = Object.fromEntries((rows as { status: string; n: number }[]).map((r) => [r.status, r.n]));
    const pending = (rows as { status: string; n: number; low_seo: number }[]).find((r) => r.status === 'pending');
    return { byStatus, pendingHeldBySeo: pending?.low_seo ?? 0, pendingAwaitingStages: (pending?.n ?? 0) - (pending?.low_seo ?? 0) };
  }

  /** Duplicates per UTC publish day since `days` days ago, newest day first (days without any are left out). */
  async duplicatesByDay(days: number): Promise<{ date: string; count: number }[]> {
    const { rows } = await this.db.raw(
      `SELECT to_char((publish_date AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS date, count(*)::int AS count
       FROM articles WHERE processing_status = 'duplicate' AND publish_date >= (now() AT TIME ZONE 'UTC')::date - make_interval(days => ?)
       GROUP BY 1 ORDER BY 1 DESC`,
      [days - 1],
    );
    return rows;
  }

  async duplicateTotals(recentHours: number): Promise<{ total: number; recent: number; recentArticles: number }> {
    const { rows } = await this.db.raw(
      `SELECT count(*) FILTER (WHERE processing_status = 'duplicate')::int AS total,
              count(*) FILTER (WHERE processing_status = 'duplicate' AND created_at >= now() - make_interval(hours => ?))::int AS recent,
              count(*) FILTER (WHERE created_at >= now() - make_interval(hours => ?))::int AS recent_articles
       FROM articles`,
      [recentHours, recentHours],
    );
    return { total: rows[0].total, recent: rows[0].recent, recentArticles: rows[0].recent_articles };
  }

  /** Provider calls and successes per UTC day over the last `days` days. */
  async providerCallsByDay(days: number): Promise<{ provider: string; date: string; calls: number; successes: number }[]> {
    const { rows } = await this.db.raw(
      `SELECT provider, to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS date, count(*)::int AS calls, count(*) FILTER (WHERE success)::int AS successes
       FROM ai_provider_metrics WHERE created_at >= (now() AT TIME ZONE 'UTC')::date - make_interval(days => ?)
       GROUP BY 1, 2 ORDER BY 1, 2`,
      [days - 1],
    );
    return rows;
  }
}
