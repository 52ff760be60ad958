import type { Knex } from '@neuralbeat/common';
import {
  PROCESSING_ATTEMPTS_CAP,
  SEO_SCORE_THRESHOLD,
  type ConditionData,
  type DiagnosticArticle,
  type SeoDistributionData,
} from '@neuralbeat/common/contracts';

interface ArticleListRow {
  id: number;
  title: string | null;
  processing_status: string;
  pipeline_stage: string;
  seo_score: number | null;
  processing_attempts: number;
  updated_at: Date;
}

const presentArticle = (r: ArticleListRow): DiagnosticArticle => ({
  id: r.id,
  title: r.title,
  status: r.processing_status,
  stage: r.pipeline_stage,
  seo_score: r.seo_score,
  processing_attempts: r.processing_attempts,
  updatedAt: r.updated_at.toISOString(),
});
const ARTICLE_COLUMNS = ['id', 'title', 'processing_status', 'pipeline_stage', 'seo_score', 'processing_attempts', 'updated_at'];

/** The queries behind Pipeline Diagnostics. */
export class DiagnosticsRepository {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  async seoDistribution(): Promise<SeoDistributionData> {
    const { rows } = await this.db.raw(
      `SELECT count(seo_score)::int AS total, min(seo_score) AS min, max(seo_score) AS max, round(avg(seo_score), 1)::float AS avg,
              count(*) FILTER (WHERE seo_score >= ?)::int AS above
       FROM articles`,
      [SEO_SCORE_THRESHOLD],
    );
    const r = rows[0];
    return {
      totalWithScores: r.total,
      minScore: r.min,
      maxScore: r.max,
      avgScore: r.avg,
      aboveThreshold: r.above,
      aboveThresholdPercent: r.total ? Math.round((r.above / r.total) * 1000) / 10 : 0,
    };
  }

  async conditions(): Promise<ConditionData> {
    const { rows } = await this.db.raw(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE a.processing_status = 'pending')::int AS pending,
              count(*) FILTER (WHERE a.processing_status = 'pending' AND a.processing_attempts < ?)::int AS low_attempts,
              count(*) FILTER (WHERE nf.id IS NULL)::int AS not_in_feed,
              count(*) FILTER (WHERE a.seo_score >= ?)::int AS meeting_seo
       FROM articles a LEFT JOIN news_feed nf ON nf.article_id = a.id`,
      [PROCESSING_ATTEMPTS_CAP, SEO_SCORE_THRESHOLD],
    );
    const r = rows[0];
    return {
      totalArticles: r.total,
      pendingArticles: r.pending,
      withLowAttempts: r.low_attempts,
      notInNewsFeed: r.not_in_feed,
      meetingSeoThreshold: r.meeting_seo,
    };
  }

  /** Articles in the news feed whose own record is not published and completed (the fix-status tool's work). */
  async statusMismatchCount(): Promise<number> {
    const { rows } = await this.db.raw(
      `SELECT count(*)::int AS n FROM articles a JOIN news_feed nf ON nf.article_id = a.id WHERE a.processing_status <> 'completed' OR NOT a.published`,
    );
    return rows[0].n;
  }

  /** Articles that passed the SEO gate, still have attempts left, and are not in the news feed yet. */
  async eligibleForGeneration(limit: number): Promise<{ total: number; articles: DiagnosticArticle[] }> {
    const base = () =>
      this.db('articles as a')
        .whereIn('a.processing_status', ['pending', 'processing'])
        .where('a.seo_score', '>=', SEO_SCORE_THRESHOLD)
        .where('a.processing_attempts', '<', PROCESSING_ATTEMPTS_CAP)
        .whereNotExists((q) => q.select(this.db.raw('1')).from('news_feed').whereRaw('news_feed.article_id = a.id'));
    const [count, rows] = await Promise.all([
      base().count({ n: '*' }).first(),
      base()
        .select(ARTICLE_COLUMNS.map((c) => `a.${c}`))
        .orderBy([
          { column: 'a.seo_score', order: 'desc' },
          { column: 'a.id', order: 'asc' },
        ])
        .limit(limit),
    ]);
    return { total: Number(count?.n ?? 0), articles: (rows as ArticleListRow[]).map(presentArticle) };
  }

  /** The articles whose stages most recently tried (and retried) to process them. */
  async recentAttempts(limit: number): Promise<DiagnosticArticle[]> {
    const rows = await this.db('articles')
      .select(ARTICLE_COLUMNS)
      .where('processing_attempts', '>', 0)
      .orderBy([
        { column: 'updated_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit);
    return (rows as ArticleListRow[]).map(presentArticle);
  }

  /** Sources that failed at least once in a row, worst first. */
  async failingSources(): Promise<{ id: number; name: string; consecutive_failures: number; last_error: string | null }[]> {
    return this.db('news_sources')
      .select('id', 'name', 'consecutive_failures', 'last_error')
      .where({ enabled: true })
      .where('consecutive_failures', '>', 0)
      .orderBy([
        { column: 'consecutive_failures', order: 'desc' },
        { column: 'id', order: 'asc' },
      ]);
  }

  /** Calls, failures and the latest error per provider over the last `hours`. */
  async providerErrors(hours: number): Promise<{ provider: string; calls: number; failures: number; last_error: string | null }[]> {
    const { rows } = await this.db.raw(
      `SELECT provider, count(*)::int AS calls, count(*) FILTER (WHERE NOT success)::int AS failures,
              (array_agg(error_message ORDER BY created_at DESC) FILTER (WHERE NOT success))[1] AS last_error
       FROM ai_provider_metrics WHERE created_at >= now() - make_interval(hours => ?)
       GROUP BY provider ORDER BY provider`,
      [hours],
    );
    return rows;
  }
}
