import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, UNPREPARED, type Knex } from './db';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/testEnv';

let database: TestDatabase;
let db: Knex;
beforeAll(async () => {
  database = await createTestDatabase();
  // One connection, so the statements it holds are the ones the queries prepared.
  db = createDb(database.url, { max: 1, preparedReads: true });
  await db.schema.createTable('prepared_things', (t) => {
    t.increments('id');
    t.text('name');
  });
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

const preparedTexts = async (): Promise<string[]> =>
  (
    await db.raw<{ rows: { statement: string }[] }>(
      `SELECT statement FROM pg_prepared_statements WHERE statement NOT LIKE '%pg_prepared_statements%'`,
    )
  ).rows.map((r) => r.statement);

describe('createDb with preparedReads', () => {
  it('prepares reads once per connection and leaves writes unprepared', async () => {
    await db('prepared_things').insert({ name: 'first' });
    await db('prepared_things').where({ name: 'first' }).update({ name: 'one' });
    for (const name of ['one', 'two', 'one']) await db('prepared_things').where({ name }).select('id', 'name');
    await db.raw('WITH t AS (SELECT count(*) AS n FROM prepared_things) SELECT n FROM t');
    const texts = await preparedTexts();
    expect(texts).toContain('select "id", "name" from "prepared_things" where "name" = $1');
    expect(texts).toContain('WITH t AS (SELECT count(*) AS n FROM prepared_things) SELECT n FROM t');
    expect(texts.filter((t) => /^(insert|update)/i.test(t))).toEqual([]);
    // Three runs of one text, one statement.
    expect(texts.filter((t) => t.startsWith('select "id", "name"'))).toHaveLength(1);
  });

  it('reads locked rows unprepared (SELECT ... FOR UPDATE takes part in a write)', async () => {
    await db.transaction((trx) => trx('prepared_things').where({ name: 'one' }).forUpdate().select('id'));
    expect((await preparedTexts()).filter((t) => /for update/i.test(t))).toEqual([]);
  });

  it('leaves reads marked UNPREPARED unprepared, so Postgres plans them for their values', async () => {
    const rows = await db('prepared_things').whereRaw('name LIKE ?', ['o%']).select('name').options(UNPREPARED);
    const raw = await db.raw('SELECT count(*)::int AS n FROM prepared_things WHERE name LIKE ?', ['%n%']).options(UNPREPARED);
    expect(rows).toEqual([{ name: 'one' }]);
    expect(raw.rows).toEqual([{ n: 1 }]);
    expect((await preparedTexts()).filter((t) => /LIKE/i.test(t))).toEqual([]);
  });

  it("answers with the new columns after a migration changed a prepared statement's result", async () => {
    expect(await db('prepared_things').select('*').orderBy('id')).toEqual([{ id: 1, name: 'one' }]);
    await db.schema.alterTable('prepared_things', (t) => t.text('colour').defaultTo('blue'));
    // Postgres refuses the old statement (0A000, "cached plan must not change result type"): it is dropped and prepared again.
    expect(await db('prepared_things').select('*').orderBy('id')).toEqual([{ id: 1, name: 'one', colour: 'blue' }]);
    expect(await db('prepared_things').select('*').orderBy('id')).toEqual([{ id: 1, name: 'one', colour: 'blue' }]);
  });
});
