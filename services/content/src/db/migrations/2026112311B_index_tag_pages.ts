import type { Knex } from 'knex';

/**
 * The news of each tag page in publish order, kept by triggers: /news/tag/{key}
 * lists items carrying the tag or of the category of that name. A GIN index
 * finds those items but cannot hand them over newest first, so a page of a
 * common tag sorted every matching item; this table's primary key is that
 * order, so a page is an index range read of `offset + limit` entries.
 * Related news reads the newest entries of each of an article's tags here too.
 * The keys of an item are `news_tag_page_keys` (migration A).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE news_tag_page_entries (
      tag text NOT NULL,
      publish_date timestamptz NOT NULL,
      news_feed_id integer NOT NULL,
      PRIMARY KEY (tag, publish_date, news_feed_id)
    )`);

  // Entries of rows that left and did not come back are removed; entries of rows that arrived are added.
  await knex.raw(`
    CREATE FUNCTION news_tag_page_entries_follow() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      arrived text := CASE WHEN TG_OP = 'DELETE' THEN 'SELECT * FROM news_feed WHERE false' ELSE 'SELECT * FROM new_rows' END;
      departed text := CASE WHEN TG_OP = 'INSERT' THEN 'SELECT * FROM news_feed WHERE false' ELSE 'SELECT * FROM old_rows' END;
    BEGIN
      EXECUTE format($sql$
        WITH arrived AS (
          SELECT k AS tag, a.publish_date, a.id FROM (%1$s) a CROSS JOIN LATERAL news_tag_page_keys(a.category, a.tags) k
        ), departed AS (
          SELECT k AS tag, d.publish_date, d.id FROM (%2$s) d CROSS JOIN LATERAL news_tag_page_keys(d.category, d.tags) k
        ), removed AS (
          DELETE FROM news_tag_page_entries e
          USING (SELECT * FROM departed EXCEPT SELECT * FROM arrived) gone
          WHERE e.tag = gone.tag AND e.publish_date = gone.publish_date AND e.news_feed_id = gone.id
        )
        INSERT INTO news_tag_page_entries (tag, publish_date, news_feed_id)
        SELECT * FROM arrived EXCEPT SELECT * FROM departed
      $sql$, arrived, departed);
      RETURN NULL;
    END
    $fn$`);
  await knex.raw(`CREATE TRIGGER news_tag_page_entries_insert AFTER INSERT ON news_feed REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION news_tag_page_entries_follow()`);
  await knex.raw(`CREATE TRIGGER news_tag_page_entries_update AFTER UPDATE ON news_feed REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION news_tag_page_entries_follow()`);
  await knex.raw(`CREATE TRIGGER news_tag_page_entries_delete AFTER DELETE ON news_feed REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION news_tag_page_entries_follow()`);
  await knex.raw(`
    CREATE FUNCTION news_tag_page_entries_clear() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      DELETE FROM news_tag_page_entries;
      RETURN NULL;
    END
    $fn$`);
  await knex.raw(
    'CREATE TRIGGER news_tag_page_entries_truncate AFTER TRUNCATE ON news_feed FOR EACH STATEMENT EXECUTE FUNCTION news_tag_page_entries_clear()',
  );

  await knex.raw('LOCK TABLE news_feed IN SHARE MODE');
  await knex.raw(`
    INSERT INTO news_tag_page_entries (tag, publish_date, news_feed_id)
    SELECT k, n.publish_date, n.id FROM news_feed n CROSS JOIN LATERAL news_tag_page_keys(n.category, n.tags) k`);
}

export async function down(): Promise<void> {}
