import type { Knex } from '@neuralbeat/common';

export type ManagedTable = 'events' | 'jobs' | 'resources' | 'tools';
export type ManagedRow = Record<string, unknown> & { id: number };

/** How one managed table is read: its columns, the one that lists it publicly, what the text filter searches, what "newest" means. */
export interface TableShape {
  table: ManagedTable;
  columns: readonly string[];
  publishedColumn: 'published' | 'approved';
  textColumns: readonly string[];
  newestColumn: 'created_at' | 'published_at';
}

/** A text filter as a LIKE pattern: the operator's words taken literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Knex reads and writes of the tables operators manage; writes run on the caller's transaction. */
export class AdminContentRepository {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  private returned(shape: TableShape) {
    return ['id', shape.publishedColumn, shape.newestColumn, ...shape.columns];
  }

  /** A page, newest first, filtered by words in the text columns and by whether it is listed; with the count of all matches. */
  async page(
    shape: TableShape,
    filter: { q?: string; published?: boolean },
    limit: number,
    offset: number,
  ): Promise<{ rows: ManagedRow[]; total: number }> {
    const where = (q: Knex.QueryBuilder) => {
      if (filter.published !== undefined) q.where(shape.publishedColumn, filter.published);
      if (filter.q) {
        const pattern = likePattern(filter.q);
        q.where((w) => {
          for (const column of shape.textColumns) w.orWhereILike(column, pattern);
        });
      }
      return q;
    };
    const [rows, [count]] = await Promise.all([
      where(this.db(shape.table))
        .select(this.returned(shape))
        .orderBy([
          { column: shape.newestColumn, order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(limit)
        .offset(offset),
      where(this.db(shape.table)).count({ total: '*' }),
    ]);
    return { rows: rows as ManagedRow[], total: Number(count?.total ?? 0) };
  }

  async find(shape: TableShape, id: number, db: Knex = this.db): Promise<ManagedRow | undefined> {
    return db(shape.table).where({ id }).first(this.returned(shape));
  }

  /** Locks the row for the rest of the transaction, so concurrent changes to it apply one after the other. */
  findForUpdate(shape: TableShape, id: number, trx: Knex.Transaction): Promise<ManagedRow | undefined> {
    return trx(shape.table).where({ id }).forUpdate().first(this.returned(shape));
  }

  async insert(shape: TableShape, values: Record<string, unknown>, trx: Knex.Transaction): Promise<ManagedRow> {
    const [row] = await trx(shape.table).insert(values).returning(this.returned(shape));
    return row as ManagedRow;
  }

  async update(shape: TableShape, id: number, values: Record<string, unknown>, trx: Knex.Transaction): Promise<ManagedRow> {
    const [row] = await trx(shape.table).where({ id }).update(values).returning(this.returned(shape));
    return row as ManagedRow;
  }

  async delete(shape: TableShape, id: number, trx: Knex.Transaction): Promise<void> {
    await trx(shape.table).where({ id }).delete();
  }

  /** Records (source_id, item_key) rows as dismissed: collectors skip those items of their sources. */
  async dismissSourceItems(items: Knex.QueryBuilder, trx: Knex.Transaction): Promise<void> {
    const rows = (await items) as { source_id: number; item_key: string }[];
    if (rows.length) await trx('dismissed_source_items').insert(rows).onConflict(['source_id', 'item_key']).ignore();
  }

  async slugTaken(table: ManagedTable, slug: string, trx: Knex.Transaction, exceptId?: number): Promise<boolean> {
    const q = trx(table).where({ slug }).first('id');
    if (exceptId) q.whereNot({ id: exceptId });
    return Boolean(await q);
  }
}
