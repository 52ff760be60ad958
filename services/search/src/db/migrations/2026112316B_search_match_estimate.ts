import type { Knex } from 'knex';

/**
 * The planner's estimate of how many documents of a kind match a query, read
 * inside the search statement itself so a search costs one round trip: a search
 * reports it as the total when it is above what is worth counting.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION search_match_estimate(search_kind text, query tsquery) RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
    DECLARE plan json;
    BEGIN
      EXECUTE format('EXPLAIN (FORMAT JSON) SELECT 1 FROM search_documents WHERE kind = %L AND tsv @@ %L::tsquery', search_kind, query) INTO plan;
      RETURN round((plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric);
    END $$`);
}

export async function down(): Promise<void> {}
