import type { Knex } from '@neuralbeat/common';

/** Knex access to `news_feed` for publishing: one row per published article. */
export class NewsFeedRepository {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  async ofArticle(articleId: number, db: Knex | Knex.Transaction = this.db): Promise<Record<string, unknown> | undefined> {
    return db('news_feed').where({ article_id: articleId }).first();
  }

  async update(trx: Knex.Transaction, id: number, fields: Record<string, unknown>): Promise<void> {
    await trx('news_feed')
      .where({ id })
      .update({ ...fields, updated_at: trx.fn.now() });
  }

  /**
   * A new item's id and the slugs already taken among `base` and `base-N`.
   * Two articles with the same headline publishing at once must not pick the
   * same free slug: the base's lock is held until the transaction ends. The id
   * is drawn with the taken slugs, so the item's event can be written before the item itself.
   */
  async reserve(trx: Knex.Transaction, base: string): Promise<{ id: number; taken: string[] }> {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`news-slug:${base}`]);
    const { rows }: { rows: { id: number; taken: string[] }[] } = await trx.raw(
      `SELECT nextval(pg_get_serial_sequence('news_feed', 'id'))::int AS id, ARRAY(SELECT slug FROM news_feed WHERE slug = ? OR slug LIKE ?) AS taken`,
      [base, `${base}-%`],
    );
    return rows[0]!;
  }

  /** Inserts the item under its reserved id; false when the article was published meanwhile. */
  async insert(trx: Knex.Transaction, row: Record<string, unknown>): Promise<boolean> {
    const inserted = await trx('news_feed')
      .insert({ ...row, updated_at: trx.fn.now() })
      .onConflict('article_id')
      .ignore()
      .returning('id');
    return inserted.length > 0;
  }
}
