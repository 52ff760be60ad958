import type { Knex } from 'knex';

/**
 * Every committed write to a table behind a public answer notifies
 * `public_content_changed` with the area it changes (news, tools, resources,
 * events, jobs), whoever wrote it: the pipeline publishing news, the
 * operator's tools, a seed or a hand-run SQL statement. The content service
 * listens and purges the gateways' copies of that area's answers, so they can
 * be kept until something changes rather than for a few seconds.
 * Statement-level: a bulk write notifies once, and Postgres folds identical
 * notifications of one transaction into one, delivered at commit.
 */
const WATCHED: [table: string, area: string][] = [
  ['news_feed', 'news'],
  // Which outlets also reported a story (article pages).
  ['story_clusters', 'news'],
  ['tools', 'tools'],
  ['resources', 'resources'],
  ['events', 'events'],
  ['jobs', 'jobs'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION notify_public_content_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM pg_notify('public_content_changed', TG_ARGV[0]);
      RETURN NULL;
    END
    $fn$`);
  for (const [table, area] of WATCHED) {
    await knex.raw(`CREATE TRIGGER ${table}_notify_public_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_change('${area}')`);
  }
}

export async function down(): Promise<void> {}
