import type { Knex } from 'knex';

/**
 * The gateway's image proxy asks whether an address is an image the site shows
 * (see ImagesRepository): equality lookups on each image column. Hash indexes,
 * because addresses can be longer than a b-tree entry may be.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX news_feed_image_url_hash_idx ON news_feed USING hash (image_url)');
  await knex.raw('CREATE INDEX tools_logo_url_hash_idx ON tools USING hash (logo_url)');
  await knex.raw('CREATE INDEX resources_image_url_hash_idx ON resources USING hash (image_url)');
  await knex.raw('CREATE INDEX events_image_url_hash_idx ON events USING hash (image_url)');
  await knex.raw('CREATE INDEX jobs_company_logo_url_hash_idx ON jobs USING hash (company_logo_url)');
}

export async function down(): Promise<void> {}
