import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('news_feed', (t) => {
    t.increments('id');
    t.integer('article_id').notNullable().unique().references('id').inTable('articles').onDelete('CASCADE');
    t.text('title').notNullable();
    t.text('slug').notNullable().unique();
    t.text('content').notNullable();
    t.text('excerpt').notNullable();
    t.text('author').notNullable();
    t.timestamp('publish_date', { useTz: true }).notNullable();
    t.text('category').notNullable();
    t.text('image_url');
    t.text('source_url');
    t.text('source_name');
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.boolean('featured').notNullable().defaultTo(false);
    t.jsonb('meta_tags');
    t.text('schema_markup');
    t.text('rewrite_status').notNullable().defaultTo('pending');
    t.text('seo_status').notNullable().defaultTo('pending');
    t.integer('processing_attempts').notNullable().defaultTo(0);
    t.integer('seo_processing_attempts').notNullable().defaultTo(0);
    t.integer('tag_processing_attempts').notNullable().defaultTo(0);
    t.text('ai_provider');
    t.boolean('has_high_volume_keywords');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true });
  });
  // The news list and home order by publish date; tag pages and popular tags read the tag array.
  await knex.raw('CREATE INDEX news_feed_publish_date_idx ON news_feed (publish_date DESC, id DESC)');
  await knex.raw('CREATE INDEX news_feed_tags_gin_idx ON news_feed USING GIN (tags)');
  await knex.raw('CREATE INDEX news_feed_category_idx ON news_feed (lower(category), publish_date DESC)');
}

export async function down(): Promise<void> {}
