import type { Knex } from '@neuralbeat/common';
import {
  AI_PROVIDER_NAMES,
  DUPLICATE_STATS_DAYS,
  lastDays,
  PROCESSING_STATUSES,
  type ArticleStats,
  type DuplicateStats,
  type ProviderHistory,
} from '@neuralbeat/common/contracts';
import { PipelineStatsRepository } from '../repositories/pipelineStatsRepository';

/** Days of provider history the dashboard charts. */
export const PROVIDER_HISTORY_DAYS = 14;

/** The dashboard's numbers: article statuses, duplicates per day, provider success over time. */
export class PipelineStatsService {
  private readonly stats: PipelineStatsRepository;
  constructor(db: Knex) {
    this.stats = new PipelineStatsRepository(db);
  }

  /**
   * Article stats. pendingContent: pending articles still on their way
   * through the stages; pendingSeo: pending ones the SEO gate held (the low-SEO
   * tool's work); pendingDuplicate: flagged duplicates (the reset tool's work).
   */
  async articleStats(): Promise<ArticleStats> {
    const { byStatus, pendingHeldBySeo, pendingAwaitingStages } = await this.stats.statusCounts();
    return {
      stats: { pendingContent: pendingAwaitingStages, pendingDuplicate: byStatus.duplicate ?? 0, pendingSeo: pendingHeldBySeo },
      statusBreakdown: PROCESSING_STATUSES.map((status) => ({ status, count: byStatus[status] ?? 0 })),
    };
  }

  async duplicateStats(): Promise<DuplicateStats> {
    const [totals, byDate] = await Promise.all([this.stats.duplicateTotals(24), this.stats.duplicatesByDay(DUPLICATE_STATS_DAYS)]);
    return { totalDuplicates: totals.total, byDate };
  }

  async providerHistory(days = PROVIDER_HISTORY_DAYS): Promise<ProviderHistory> {
    const rows = await this.stats.providerCallsByDay(days);
    const dates = lastDays(days);
    const byProvider = new Map<string, Map<string, { calls: number; successes: number }>>();
    for (const r of rows) {
      if (!byProvider.has(r.provider)) byProvider.set(r.provider, new Map());
      byProvider.get(r.provider)!.set(r.date, { calls: r.calls, successes: r.successes });
    }
    return {
      days: dates,
      providers: [...byProvider.entries()].map(([provider, perDay]) => ({
        provider,
        name: AI_PROVIDER_NAMES[provider] ?? provider,
        daily: dates.map((date) => ({ date, ...(perDay.get(date) ?? { calls: 0, successes: 0 }) })),
      })),
    };
  }
}
