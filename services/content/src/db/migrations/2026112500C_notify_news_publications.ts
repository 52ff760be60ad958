import type { Knex } from 'knex';

/**
 * Published news items say where they are listed, so the gateways renew the
 * lists and the articles they can appear in, not every news answer: a new
 * item moves the feed, home and category lists, the tag pages of its tags and
 * category, and the related news of articles sharing a tag or the category.
 * The notification is `news:published:{"tagPages":[...],"categories":[...]}`
 * (tag pages by key, as `news_tag_page_keys` gives them, and lower-case
 * categories), or `news` for more than 100 items at once.
 */
const MAX_ITEMS = 100;
/** Below Postgres' 8,000-byte limit on a notification's payload. */
const MAX_PAYLOAD = 7900;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION notify_news_feed_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      payload text := 'news';
    BEGIN
      IF (SELECT count(*) FROM new_rows) <= ${MAX_ITEMS} THEN
        payload := 'news:published:' || json_build_object(
          'tagPages', (SELECT coalesce(json_agg(DISTINCT k.key), '[]') FROM new_rows n CROSS JOIN LATERAL news_tag_page_keys(n.category, n.tags) AS k(key)),
          'categories', (SELECT coalesce(json_agg(DISTINCT lower(n.category)), '[]') FROM new_rows n))::text;
        IF length(payload) > ${MAX_PAYLOAD} THEN
          payload := 'news';
        END IF;
      END IF;
      PERFORM pg_notify('public_content_changed', payload);
      RETURN NULL;
    END
    $fn$`);
  await knex.raw('DROP TRIGGER news_feed_notify_public_change ON news_feed');
  await knex.raw(`CREATE TRIGGER news_feed_notify_public_change AFTER DELETE OR TRUNCATE ON news_feed
    FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_change('news')`);
  await knex.raw(`CREATE TRIGGER news_feed_notify_public_insert AFTER INSERT ON news_feed
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION notify_news_feed_insert()`);
}

export async function down(): Promise<void> {}
