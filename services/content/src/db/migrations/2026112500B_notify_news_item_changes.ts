import type { Knex } from 'knex';

/**
 * An update of news items tells which items it changed, so the gateways purge
 * only the answers that show them rather than every news answer. The pipeline
 * and operators update items far more often than they publish them: SEO and
 * tag stages, fixes, a title edited. Notifications (see 2026112400B):
 * - nothing, when no column a visitor sees changed (processing attempts, say);
 * - `news:items:{id,...}`, when items changed what they show but not where
 *   they are listed (publish date, tags and category decide the lists, tag
 *   pages and related news), for at most 100 items;
 * - `news:stats` as well, when the AI provider or SEO status changed (AI stats);
 * - `news`, every news answer, otherwise: an item moved in or out of lists,
 *   more than 100 items, or an id changed.
 * Inserts, deletes and truncates still notify `news`.
 */
const SHOWN_COLUMNS = [
  'id',
  'article_id',
  'slug',
  'title',
  'excerpt',
  'content',
  'image_url',
  'category',
  'tags',
  'publish_date',
  'updated_at',
  'author',
  'featured',
  'source_url',
  'source_name',
  'ai_provider',
  'seo_status',
];
const LISTING_COLUMNS = ['publish_date', 'tags', 'category'];
const STATS_COLUMNS = ['ai_provider', 'seo_status'];
const MAX_ITEMS = 100;

const row = (alias: string, columns: string[]) => `(${columns.map((c) => `${alias}.${c}`).join(', ')})`;
const differ = (columns: string[]) => `${row('o', columns)} IS DISTINCT FROM ${row('n', columns)}`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION notify_news_feed_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      changed int[];
      relisted boolean;
      stats boolean;
    BEGIN
      IF EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id)) THEN
        PERFORM pg_notify('public_content_changed', 'news');
        RETURN NULL;
      END IF;
      SELECT array_agg(n.id ORDER BY n.id), bool_or(${differ(LISTING_COLUMNS)}), bool_or(${differ(STATS_COLUMNS)})
        INTO changed, relisted, stats
        FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE ${differ(SHOWN_COLUMNS)};
      IF changed IS NULL THEN
        RETURN NULL;
      END IF;
      IF relisted OR cardinality(changed) > ${MAX_ITEMS} THEN
        PERFORM pg_notify('public_content_changed', 'news');
        RETURN NULL;
      END IF;
      PERFORM pg_notify('public_content_changed', 'news:items:' || array_to_string(changed, ','));
      IF stats THEN
        PERFORM pg_notify('public_content_changed', 'news:stats');
      END IF;
      RETURN NULL;
    END
    $fn$`);
  // Transition tables need a trigger of their own per event.
  await knex.raw('DROP TRIGGER news_feed_notify_public_change ON news_feed');
  await knex.raw(`CREATE TRIGGER news_feed_notify_public_change AFTER INSERT OR DELETE OR TRUNCATE ON news_feed
    FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_change('news')`);
  await knex.raw(`CREATE TRIGGER news_feed_notify_public_update AFTER UPDATE ON news_feed
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION notify_news_feed_update()`);
}

export async function down(): Promise<void> {}
