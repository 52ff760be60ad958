import type { Knex } from 'knex';

/**
 * Counts of the news feed kept by triggers, so no public request counts rows:
 * list and tag-page totals, popular tags, AI stats, and the operator console's
 * tag list and tag stats read a few rows of these tables instead of scanning
 * `news_feed`. Exact, because pagination's `hasMore` and the operator's numbers
 * must be right at the end of a list; planner estimates would drift.
 *
 * `news_feed_counts` (dimension, value):
 *   feed / ''                  every item
 *   category / lower(category) items of a category (category pages)
 *   tag / tag                  items carrying the tag (popular tags, tag usage)
 *   tag_page / key             items on /news/tag/{key}: carrying the tag, or of the category of that name
 *   ai_provider / provider     items by provider; '' is no provider (legacy)
 *   seo_status / status        items by SEO status
 * `news_category_tag_counts` (category, tag): items of a category carrying a tag.
 *
 * Statement-level triggers with transition tables apply one delta per
 * statement (a bulk insert costs one pass, not one upsert per row); upserts
 * run in key order so concurrent publishes cannot deadlock on them; a count
 * that reaches zero is removed, so row counts are distinct-value counts.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE news_feed_counts (
      dimension text NOT NULL,
      value text NOT NULL,
      article_count integer NOT NULL,
      PRIMARY KEY (dimension, value)
    )`);
  // Popular tags and the operator's tag list by usage read this index in order.
  await knex.raw('CREATE INDEX news_feed_counts_ranked_idx ON news_feed_counts (dimension, article_count DESC, value)');
  await knex.raw('CREATE INDEX news_feed_counts_emptied_idx ON news_feed_counts (dimension) WHERE article_count = 0');
  await knex.raw(`
    CREATE TABLE news_category_tag_counts (
      category text NOT NULL,
      tag text NOT NULL,
      article_count integer NOT NULL,
      PRIMARY KEY (category, tag)
    )`);
  await knex.raw('CREATE INDEX news_category_tag_counts_emptied_idx ON news_category_tag_counts (category) WHERE article_count = 0');

  // The keys of /news/tag/{key} an item is listed under (migration B keeps those pages in order).
  await knex.raw(`
    CREATE FUNCTION news_tag_page_keys(category text, tags text[]) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
      SELECT unnest(tags) UNION SELECT lower(category)
    $$`);
  await knex.raw(`
    CREATE FUNCTION news_feed_count_keys(category text, tags text[], ai_provider text, seo_status text)
    RETURNS TABLE (dimension text, value text) LANGUAGE sql IMMUTABLE AS $$
      SELECT 'feed', ''
      UNION ALL SELECT 'category', lower(category)
      UNION ALL SELECT 'ai_provider', coalesce(ai_provider, '')
      UNION ALL SELECT 'seo_status', seo_status
      UNION ALL SELECT 'tag', t FROM (SELECT DISTINCT unnest(tags)) AS d(t)
      UNION ALL SELECT 'tag_page', k FROM news_tag_page_keys(category, tags) AS p(k)
    $$`);

  // One function for INSERT, UPDATE and DELETE: rows that left count -1, rows that arrived +1.
  await knex.raw(`
    CREATE FUNCTION news_feed_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      arrived text := CASE WHEN TG_OP = 'DELETE' THEN 'SELECT * FROM news_feed WHERE false' ELSE 'SELECT * FROM new_rows' END;
      departed text := CASE WHEN TG_OP = 'INSERT' THEN 'SELECT * FROM news_feed WHERE false' ELSE 'SELECT * FROM old_rows' END;
    BEGIN
      EXECUTE format($sql$
        WITH changed AS (
          SELECT 1 AS sign, category, tags, ai_provider, seo_status FROM (%1$s) a
          UNION ALL SELECT -1, category, tags, ai_provider, seo_status FROM (%2$s) d
        )
        INSERT INTO news_feed_counts (dimension, value, article_count)
        SELECT k.dimension, k.value, sum(c.sign)
        FROM changed c CROSS JOIN LATERAL news_feed_count_keys(c.category, c.tags, c.ai_provider, c.seo_status) k
        GROUP BY k.dimension, k.value HAVING sum(c.sign) <> 0
        ORDER BY k.dimension, k.value
        ON CONFLICT (dimension, value) DO UPDATE SET article_count = news_feed_counts.article_count + excluded.article_count
      $sql$, arrived, departed);
      EXECUTE format($sql$
        WITH changed AS (
          SELECT 1 AS sign, category, tags FROM (%1$s) a
          UNION ALL SELECT -1, category, tags FROM (%2$s) d
        )
        INSERT INTO news_category_tag_counts (category, tag, article_count)
        SELECT c.category, t.tag, sum(c.sign)
        FROM changed c CROSS JOIN LATERAL (SELECT DISTINCT unnest(c.tags)) AS t(tag)
        GROUP BY c.category, t.tag HAVING sum(c.sign) <> 0
        ORDER BY c.category, t.tag
        ON CONFLICT (category, tag) DO UPDATE SET article_count = news_category_tag_counts.article_count + excluded.article_count
      $sql$, arrived, departed);
      DELETE FROM news_feed_counts WHERE article_count = 0;
      DELETE FROM news_category_tag_counts WHERE article_count = 0;
      RETURN NULL;
    END
    $fn$`);
  await knex.raw(`
    CREATE FUNCTION news_feed_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      DELETE FROM news_feed_counts;
      DELETE FROM news_category_tag_counts;
      RETURN NULL;
    END
    $fn$`);
  await knex.raw(`CREATE TRIGGER news_feed_counts_insert AFTER INSERT ON news_feed REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION news_feed_counts_follow()`);
  await knex.raw(`CREATE TRIGGER news_feed_counts_update AFTER UPDATE ON news_feed REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION news_feed_counts_follow()`);
  await knex.raw(`CREATE TRIGGER news_feed_counts_delete AFTER DELETE ON news_feed REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION news_feed_counts_follow()`);
  await knex.raw(
    'CREATE TRIGGER news_feed_counts_truncate AFTER TRUNCATE ON news_feed FOR EACH STATEMENT EXECUTE FUNCTION news_feed_counts_clear()',
  );

  // Existing rows, counted once; writers wait for the backfill so nothing is counted twice or missed.
  await knex.raw('LOCK TABLE news_feed IN SHARE MODE');
  await knex.raw(`
    INSERT INTO news_feed_counts (dimension, value, article_count)
    SELECT k.dimension, k.value, count(*) FROM news_feed n
    CROSS JOIN LATERAL news_feed_count_keys(n.category, n.tags, n.ai_provider, n.seo_status) k
    GROUP BY k.dimension, k.value`);
  await knex.raw(`
    INSERT INTO news_category_tag_counts (category, tag, article_count)
    SELECT n.category, t.tag, count(*) FROM news_feed n CROSS JOIN LATERAL (SELECT DISTINCT unnest(n.tags)) AS t(tag)
    GROUP BY n.category, t.tag`);
}

export async function down(): Promise<void> {}
