import type { Knex } from '@neuralbeat/common';

/** The image addresses the public site shows: news, approved tools, published guides, events and jobs. */
export class ImagesRepository {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  async isPublicImage(url: string): Promise<boolean> {
    const { rows } = await this.db.raw<{ rows: { known: boolean }[] }>(
      `SELECT EXISTS (SELECT 1 FROM news_feed WHERE image_url = :url)
           OR EXISTS (SELECT 1 FROM tools WHERE logo_url = :url AND approved)
           OR EXISTS (SELECT 1 FROM resources WHERE image_url = :url AND published)
           OR EXISTS (SELECT 1 FROM events WHERE image_url = :url AND published)
           OR EXISTS (SELECT 1 FROM jobs WHERE company_logo_url = :url AND published) AS known`,
      { url },
    );
    return rows[0]?.known ?? false;
  }
}
