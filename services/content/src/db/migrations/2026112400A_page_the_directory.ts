import type { Knex } from 'knex';

/**
 * The directory is read a page at a time (`GET /api/tools?limit=&offset=`)
 * with its total in `X-Total-Count`, so neither a page nor its total may cost
 * a pass over the tools:
 * - each filter (category, pricing, both) has an index in the list's order;
 * - the text filter (`q`: a substring of name, short description,
 *   description, category or a tag, as the directory always matched) is found
 *   through a trigram index;
 * - totals without a text filter are read from `tool_directory_counts`
 *   (category, lower(pricing) → approved tools), kept by triggers like the
 *   news feed's counts.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX tools_directory_pricing_idx ON tools (lower(pricing), name, id) WHERE approved');
  await knex.raw('CREATE INDEX tools_directory_category_pricing_idx ON tools (category, lower(pricing), name, id) WHERE approved');

  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  // Fields joined by newlines, which a one-line query cannot contain: a match never spans two fields.
  await knex.raw(`
    CREATE FUNCTION tool_directory_text(name text, short_description text, description text, category text, tags text[])
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT lower(concat_ws(E'\\n', name, short_description, description, category, array_to_string(tags, E'\\n')))
    $$`);
  await knex.raw(`CREATE INDEX tools_directory_text_idx ON tools
    USING gin (tool_directory_text(name, short_description, description, category, tags) gin_trgm_ops) WHERE approved`);

  await knex.raw(`
    CREATE TABLE tool_directory_counts (
      category text NOT NULL,
      pricing text NOT NULL,
      tool_count integer NOT NULL,
      PRIMARY KEY (category, pricing)
    )`);
  await knex.raw(`
    CREATE FUNCTION tool_directory_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      arrived text := CASE WHEN TG_OP = 'DELETE' THEN 'SELECT * FROM tools WHERE false' ELSE 'SELECT * FROM new_rows' END;
      departed text := CASE WHEN TG_OP = 'INSERT' THEN 'SELECT * FROM tools WHERE false' ELSE 'SELECT * FROM old_rows' END;
    BEGIN
      EXECUTE format($sql$
        WITH changed AS (
          SELECT 1 AS sign, category, coalesce(lower(pricing), '') AS pricing FROM (%1$s) a WHERE approved
          UNION ALL SELECT -1, category, coalesce(lower(pricing), '') FROM (%2$s) d WHERE approved
        )
        INSERT INTO tool_directory_counts (category, pricing, tool_count)
        SELECT category, pricing, sum(sign) FROM changed
        GROUP BY category, pricing HAVING sum(sign) <> 0
        ORDER BY category, pricing
        ON CONFLICT (category, pricing) DO UPDATE SET tool_count = tool_directory_counts.tool_count + excluded.tool_count
      $sql$, arrived, departed);
      DELETE FROM tool_directory_counts WHERE tool_count = 0;
      RETURN NULL;
    END
    $fn$`);
  await knex.raw(`CREATE TRIGGER tool_directory_counts_insert AFTER INSERT ON tools REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION tool_directory_counts_follow()`);
  await knex.raw(`CREATE TRIGGER tool_directory_counts_update AFTER UPDATE ON tools REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION tool_directory_counts_follow()`);
  await knex.raw(`CREATE TRIGGER tool_directory_counts_delete AFTER DELETE ON tools REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION tool_directory_counts_follow()`);
  await knex.raw(`
    CREATE FUNCTION tool_directory_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      DELETE FROM tool_directory_counts;
      RETURN NULL;
    END
    $fn$`);
  await knex.raw(
    'CREATE TRIGGER tool_directory_counts_truncate AFTER TRUNCATE ON tools FOR EACH STATEMENT EXECUTE FUNCTION tool_directory_counts_clear()',
  );

  // Existing tools, counted once; writers wait for the backfill so nothing is counted twice or missed.
  await knex.raw('LOCK TABLE tools IN SHARE MODE');
  await knex.raw(`
    INSERT INTO tool_directory_counts (category, pricing, tool_count)
    SELECT category, coalesce(lower(pricing), ''), count(*) FROM tools WHERE approved GROUP BY 1, 2`);
}

export async function down(): Promise<void> {}
