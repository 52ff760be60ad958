import type { Knex } from 'knex';

const STATUSES = ['pending', 'processing', 'completed', 'failed', 'skipped', 'duplicate'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('articles', (t) => {
    t.increments('id');
    t.text('title').notNullable();
    t.text('slug');
    t.text('content');
    t.text('excerpt');
    t.text('author').notNullable();
    t.timestamp('publish_date', { useTz: true }).notNullable();
    t.text('category').notNullable();
    t.text('image_url');
    t.text('source_url');
    t.text('news_source');
    t.boolean('featured').notNullable().defaultTo(false);
    t.jsonb('meta_tags');
    t.specificType('tags', 'text[]');
    t.boolean('published').notNullable().defaultTo(false);
    t.text('processing_status').notNullable().defaultTo('pending');
    t.integer('processing_attempts').notNullable().defaultTo(0);
    t.boolean('has_high_volume_keywords');
    t.integer('seo_score');
    t.text('seo_reasoning');
    t.boolean('is_duplicate').notNullable().defaultTo(false);
    t.integer('duplicate_of').references('id').inTable('articles').onDelete('SET NULL');
    t.jsonb('duplicate_detection_data');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`processing_status IN (${STATUSES.map((s) => `'${s}'`).join(', ')})`, [], 'articles_processing_status_check');
  });
  await knex.raw('CREATE INDEX articles_processing_status_idx ON articles (processing_status, updated_at)');
  await knex.raw('CREATE INDEX articles_publish_date_idx ON articles (publish_date DESC)');
  await knex.raw('CREATE INDEX articles_duplicate_of_idx ON articles (duplicate_of)');
}

export async function down(): Promise<void> {}
