import type { Knex } from 'knex';

/**
 * Approved tools of each tag in name order, kept by triggers: similar tools
 * read the first tools of each of a tool's tags here. A GIN index finds a
 * tag's tools but not in order, so the planner either sorted every tool of a
 * common tag or walked the name index filtering its way through the table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE tool_tag_entries (
      tag text NOT NULL,
      name text NOT NULL,
      tool_id integer NOT NULL,
      PRIMARY KEY (tag, name, tool_id)
    )`);

  // Rows that left (or stopped being approved) lose their entries; approved rows that arrived gain theirs.
  await knex.raw(`
    CREATE FUNCTION tool_tag_entries_follow() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      arrived text := CASE WHEN TG_OP = 'DELETE' THEN 'SELECT * FROM tools WHERE false' ELSE 'SELECT * FROM new_rows' END;
      departed text := CASE WHEN TG_OP = 'INSERT' THEN 'SELECT * FROM tools WHERE false' ELSE 'SELECT * FROM old_rows' END;
    BEGIN
      EXECUTE format($sql$
        WITH arrived AS (
          SELECT DISTINCT t.tag, a.name, a.id FROM (%1$s) a CROSS JOIN LATERAL unnest(a.tags) AS t(tag) WHERE a.approved
        ), departed AS (
          SELECT DISTINCT t.tag, d.name, d.id FROM (%2$s) d CROSS JOIN LATERAL unnest(d.tags) AS t(tag) WHERE d.approved
        ), removed AS (
          DELETE FROM tool_tag_entries e
          USING (SELECT * FROM departed EXCEPT SELECT * FROM arrived) gone
          WHERE e.tag = gone.tag AND e.name = gone.name AND e.tool_id = gone.id
        )
        INSERT INTO tool_tag_entries (tag, name, tool_id)
        SELECT * FROM arrived EXCEPT SELECT * FROM departed
      $sql$, arrived, departed);
      RETURN NULL;
    END
    $fn$`);
  await knex.raw(`CREATE TRIGGER tool_tag_entries_insert AFTER INSERT ON tools REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION tool_tag_entries_follow()`);
  await knex.raw(`CREATE TRIGGER tool_tag_entries_update AFTER UPDATE ON tools REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION tool_tag_entries_follow()`);
  await knex.raw(`CREATE TRIGGER tool_tag_entries_delete AFTER DELETE ON tools REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION tool_tag_entries_follow()`);
  await knex.raw(`
    CREATE FUNCTION tool_tag_entries_clear() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      DELETE FROM tool_tag_entries;
      RETURN NULL;
    END
    $fn$`);
  await knex.raw(
    'CREATE TRIGGER tool_tag_entries_truncate AFTER TRUNCATE ON tools FOR EACH STATEMENT EXECUTE FUNCTION tool_tag_entries_clear()',
  );

  await knex.raw('LOCK TABLE tools IN SHARE MODE');
  await knex.raw(`
    INSERT INTO tool_tag_entries (tag, name, tool_id)
    SELECT DISTINCT t.tag, tools.name, tools.id FROM tools CROSS JOIN LATERAL unnest(tools.tags) AS t(tag) WHERE tools.approved`);
}

export async function down(): Promise<void> {}
