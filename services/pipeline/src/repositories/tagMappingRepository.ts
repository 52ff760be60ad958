import type { Knex } from '@neuralbeat/common';

/** Knex access to `tag_mapping`: the standard form of tags written in other ways. */
export class TagMappingRepository {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  /** The standard form of each of `tags` that has one. */
  async standardFor(tags: string[]): Promise<Map<string, string>> {
    if (!tags.length) return new Map();
    const rows: { original_tag: string; standardized_tag: string }[] = await this.db('tag_mapping')
      .whereIn('original_tag', tags)
      .select('original_tag', 'standardized_tag');
    return new Map(rows.map((r) => [r.original_tag, r.standardized_tag]));
  }
}
