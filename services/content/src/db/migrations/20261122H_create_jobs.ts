import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('jobs', (t) => {
    t.increments('id');
    t.text('title').notNullable();
    t.text('company').notNullable();
    t.text('location').notNullable();
    t.text('job_type').notNullable();
    t.text('description').notNullable();
    t.text('requirements').notNullable();
    t.text('apply_url').notNullable();
    t.text('company_logo_url');
    t.text('salary_range');
    t.boolean('remote').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check("job_type IN ('Full-time', 'Part-time', 'Contract')", [], 'jobs_job_type_check');
  });
  await knex.raw('CREATE INDEX jobs_created_at_idx ON jobs (created_at DESC)');
}

export async function down(): Promise<void> {}
