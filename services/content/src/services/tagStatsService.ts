import type { Knex } from '@neuralbeat/common';
import {
  TOP_TAGS_LIMIT,
  USAGE_BANDS,
  usageBand,
  type TagListQuery,
  type TagListResponse,
  type TagStats,
  type UsageBand,
} from '@neuralbeat/common/contracts';
import { TagsRepository } from '../repositories/tagsRepository';

/** The tag list's name order: case-insensitive, then byte order between spellings of one name. */
const byName = (a: string, b: string) => {
  const [la, lb] = [a.toLowerCase(), b.toLowerCase()];
  return la !== lb ? (la < lb ? -1 : 1) : a < b ? -1 : a > b ? 1 : 0;
};
const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

/** Tag Management: how tags are used and spelled across the news feed. */
export class TagStatsService {
  private readonly tags: TagsRepository;
  constructor(db: Knex) {
    this.tags = new TagsRepository(db);
  }

  async stats(): Promise<TagStats> {
    const byCategory = await this.tags.countsByCategory();
    const totals = new Map<string, number>();
    const perCategory = new Map<string, number>();
    for (const { category, tag, count } of byCategory) {
      totals.set(tag, (totals.get(tag) ?? 0) + count);
      perCategory.set(category, (perCategory.get(category) ?? 0) + 1);
    }
    const counts = [...totals].map(([tag, count]) => ({ tag, count }));
    const categoryTags = [...perCategory]
      .map(([category, unique_tags]) => ({ category, unique_tags }))
      .sort((a, b) => b.unique_tags - a.unique_tags || (a.category < b.category ? -1 : 1));
    const distribution = Object.fromEntries(USAGE_BANDS.map((b) => [b.key, 0])) as Record<UsageBand, number>;
    const spellings = new Map<string, number>();
    let nonLowercaseCount = 0;
    for (const { tag, count } of counts) {
      distribution[usageBand(count)]++;
      if (tag !== tag.toLowerCase()) nonLowercaseCount++;
      spellings.set(tag.toLowerCase(), (spellings.get(tag.toLowerCase()) ?? 0) + 1);
    }
    const unique = counts.length;
    const topTags = [...counts].sort((a, b) => b.count - a.count || byName(a.tag, b.tag)).slice(0, TOP_TAGS_LIMIT);
    return {
      uniqueTagCount: unique,
      // Tags written in more than one way that differ only in case ("LLM", "llm").
      caseVariationCount: [...spellings.values()].filter((n) => n > 1).length,
      nonLowercaseCount,
      percentages: {
        nonLowercase: percent(nonLowercaseCount, unique),
        highUsage: percent(distribution.highUsage, unique),
        mediumUsage: percent(distribution.mediumUsage, unique),
        lowUsage: percent(distribution.lowUsage, unique),
        rare: percent(distribution.rare, unique),
        oneOff: percent(distribution.oneOff, unique),
      },
      distribution,
      topTags,
      categoryTags,
    };
  }

  async list(q: TagListQuery): Promise<TagListResponse> {
    const { rows, total } = await this.tags.page(q);
    return { tags: rows, pagination: { currentPage: q.page, totalPages: Math.ceil(total / q.pageSize), totalCount: total } };
  }
}
