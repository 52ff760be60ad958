import type { Knex } from '@neuralbeat/common';
import { canonicalTag } from '@neuralbeat/common/contracts';
import { TagMappingRepository } from '../repositories/tagMappingRepository';
import { MAX_TAGS, TAXONOMY } from './taxonomy';

/**
 * Tags an article from the taxonomy and its feed categories, standardised
 * through `tag_mapping` (lowercase canonical form). Deterministic: taxonomy
 * matches in title first, then body, then feed categories.
 */
export class Tagger {
  private readonly mappings: TagMappingRepository;
  constructor(db: Knex) {
    this.mappings = new TagMappingRepository(db);
  }

  async tags(input: { title: string; text: string; feedTags: string[]; category: string }): Promise<string[]> {
    const fromTitle = Object.keys(TAXONOMY).filter((tag) => TAXONOMY[tag]!.test(input.title));
    const fromBody = Object.keys(TAXONOMY).filter((tag) => TAXONOMY[tag]!.test(input.text));
    const category = canonicalTag(input.category);
    const feed = input.feedTags.map(canonicalTag).filter((t) => t && t !== category && t.length <= 40);
    const candidates = [...fromTitle, ...fromBody, ...feed];
    const mapping = await this.mappings.standardFor(candidates);
    const out: string[] = [];
    for (const tag of candidates) {
      const standard = mapping.get(tag) ?? tag;
      if (!out.includes(standard)) out.push(standard);
      if (out.length === MAX_TAGS) break;
    }
    return out;
  }
}
