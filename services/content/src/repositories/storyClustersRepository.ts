import type { Knex } from '@neuralbeat/common';

export interface StoryReportRow {
  id: number;
  news_source: string | null;
  source_url: string | null;
  publish_date: Date;
  is_origin: boolean;
}

/** Knex access to story clusters (copies of one story, grouped by the pipeline's duplicate check). */
export class StoryClustersRepository {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  /** The other copies in the article's story cluster, earliest first. */
  async otherCopies(storyClusterId: number, articleId: number): Promise<StoryReportRow[]> {
    const { rows } = await this.db.raw<{ rows: StoryReportRow[] }>(
      `SELECT a.id, a.news_source, a.source_url, a.publish_date, (c.origin_article_id = a.id) AS is_origin
       FROM articles a
       JOIN story_clusters c ON c.id = a.story_cluster_id
       WHERE a.story_cluster_id = ? AND a.id <> ?
       ORDER BY a.publish_date, a.id`,
      [storyClusterId, articleId],
    );
    return rows;
  }
}
