import type { Knex } from 'knex';

/**
 * Tool names sort as a reader expects ("spaCy" between "Roboflow" and
 * "Stable Diffusion"), not in byte order, which under the C and C.UTF-8
 * locales of our databases put every name starting in lower case after
 * "Zapier". The name columns take ICU's root collation, so every ORDER BY name
 * and the indexes behind the directory and similar tools follow it whatever
 * the database's own locale. The text filter's stored copy is computed from
 * the name, so it is dropped and made again around the change (kept in "C":
 * it is only ever matched with LIKE).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE tools DROP COLUMN directory_text');
  await knex.raw('ALTER TABLE tools ALTER COLUMN name TYPE text COLLATE "und-x-icu"');
  await knex.raw('ALTER TABLE tool_tag_entries ALTER COLUMN name TYPE text COLLATE "und-x-icu"');
  await knex.raw(`ALTER TABLE tools ADD COLUMN directory_text text COLLATE "C"
    GENERATED ALWAYS AS (tool_directory_text(name, short_description, description, category, tags)) STORED`);
  await knex.raw('CREATE INDEX tools_directory_text_idx ON tools USING gin (directory_text gin_trgm_ops) WHERE approved');
  await knex.raw('ANALYZE tools, tool_tag_entries');
}

export async function down(): Promise<void> {}
