import type { Knex } from '@neuralbeat/common';

export type ListingTable = 'resources' | 'events' | 'jobs';

/** Knex writes to the editorial listings; every method runs on the caller's transaction. */
export class ListingWritesRepository {
  async insert<Row>(trx: Knex.Transaction, table: ListingTable, values: Record<string, unknown>): Promise<Row> {
    const [row] = await trx(table).insert(values).returning('*');
    return row as Row;
  }

  /** Locks the row for the rest of the transaction, so concurrent updates apply one after the other. */
  findForUpdate<Row>(trx: Knex.Transaction, table: ListingTable, id: number): Promise<Row | undefined> {
    return trx(table).where({ id }).forUpdate().first();
  }

  async update<Row>(trx: Knex.Transaction, table: ListingTable, id: number, values: Record<string, unknown>): Promise<Row> {
    const [row] = await trx(table).where({ id }).update(values).returning('*');
    return row as Row;
  }

  async delete(trx: Knex.Transaction, table: ListingTable, id: number): Promise<boolean> {
    return (await trx(table).where({ id }).delete()) > 0;
  }

  async slugTaken(trx: Knex.Transaction, table: 'resources' | 'events', slug: string, exceptId?: number): Promise<boolean> {
    const q = trx(table).where({ slug }).first('id');
    if (exceptId) q.whereNot({ id: exceptId });
    return Boolean(await q);
  }
}
