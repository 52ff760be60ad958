import type { Knex } from '@neuralbeat/common';
import type { TagListQuery } from '@neuralbeat/common/contracts';

export interface TagCount {
  tag: string;
  count: number;
}

/** Tag usage over the published news feed (`news_feed.tags`), as the tag pages and news chips see it. */
export class TagsRepository {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  /** Usage of every tag (spelling kept as stored) in each news category, in one pass over the feed. */
  async countsByCategory(): Promise<{ category: string; tag: string; count: number }[]> {
    const { rows } = await this.db.raw(
      'SELECT category, tag, count(*)::int AS count FROM news_feed, unnest(tags) AS tag GROUP BY category, tag',
    );
    return rows;
  }

  /** One page of tags matching the search (case-insensitive substring), in the requested order. */
  async page(q: TagListQuery): Promise<{ rows: (TagCount & { is_lowercase: boolean })[]; total: number }> {
    const pattern = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const direction = q.order === 'asc' ? 'ASC' : 'DESC';
    // Names sort without regard to case (byte order between spellings of one name); ties are broken by name so pages never overlap.
    const byName = (dir: string) => `lower(tag) ${dir}, tag COLLATE "C" ${dir}`;
    const order = q.sortBy === 'tag' ? byName(direction) : `count ${direction}, ${byName('ASC')}`;
    const { rows } = await this.db.raw(
      `WITH usage AS (SELECT tag, count(*)::int AS count FROM news_feed, unnest(tags) AS tag GROUP BY tag),
            matching AS (SELECT * FROM usage WHERE tag ILIKE ?)
       SELECT tag, count, tag = lower(tag) AS is_lowercase, (SELECT count(*)::int FROM matching) AS total
       FROM matching ORDER BY ${order} LIMIT ? OFFSET ?`,
      [pattern, q.pageSize, (q.page - 1) * q.pageSize],
    );
    const total = rows[0]?.total ?? (await this.countMatching(pattern));
    return { rows: rows.map(({ total: _t, ...r }: { total: number } & TagCount & { is_lowercase: boolean }) => r), total };
  }

  private async countMatching(pattern: string): Promise<number> {
    const { rows } = await this.db.raw('SELECT count(DISTINCT tag)::int AS n FROM news_feed, unnest(tags) AS tag WHERE tag ILIKE ?', [
      pattern,
    ]);
    return rows[0].n;
  }
}
