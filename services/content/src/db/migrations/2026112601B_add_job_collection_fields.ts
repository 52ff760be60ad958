import type { Knex } from 'knex';

/**
 * Jobs collected from boards: the source and the board's own id (unique
 * together, so collecting again updates a job), when it closed, until when it is
 * open, when the board last changed it, and structured pay and place for JobPosting data.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('jobs', (t) => {
    t.integer('source_id').references('id').inTable('news_sources').onDelete('SET NULL');
    t.text('external_id');
    t.text('source_url');
    t.timestamp('closed_at', { useTz: true });
    t.timestamp('valid_through', { useTz: true });
    t.timestamp('updated_at', { useTz: true });
    t.text('content_hash');
    t.text('country');
    t.text('salary_currency');
    t.decimal('salary_min', 12, 2);
    t.decimal('salary_max', 12, 2);
    t.text('salary_unit');
    t.unique(['source_id', 'external_id'], { indexName: 'jobs_source_external_id_unique' });
    t.check("salary_unit IS NULL OR salary_unit IN ('HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR')", [], 'jobs_salary_unit_check');
  });
}

export async function down(): Promise<void> {}
