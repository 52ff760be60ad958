import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ai_provider_metrics', (t) => {
    t.increments('id');
    t.text('provider').notNullable();
    t.integer('article_id').references('id').inTable('articles').onDelete('SET NULL');
    t.boolean('success').notNullable();
    t.integer('processing_time_ms');
    t.integer('word_count');
    t.integer('quality_score');
    t.decimal('cost', 12, 6);
    t.text('error_message');
    t.boolean('response_format_correct').notNullable().defaultTo(true);
    t.jsonb('structured_data');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX ai_provider_metrics_provider_idx ON ai_provider_metrics (provider, created_at DESC)');
}

export async function down(): Promise<void> {}
