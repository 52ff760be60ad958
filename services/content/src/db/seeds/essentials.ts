import type { Knex } from '@neuralbeat/common';

export const PUBLIC_SUBMITTER_ID = 1;

/**
 * Rows the system needs to work at all: the public submitter (user 1) that
 * anonymous tool submissions are attributed to. Its password is locked ("!"), so
 * nobody can sign in as it.
 */
export async function seedEssentials(db: Knex): Promise<void> {
  await db('users')
    .insert({ id: PUBLIC_SUBMITTER_ID, username: 'public-submissions', password: '!locked', is_admin: false })
    .onConflict('id')
    .ignore();
  // Explicit ids do not advance the sequence; keep it past the seeded rows.
  await db.raw(`SELECT setval(pg_get_serial_sequence('users', 'id'), GREATEST((SELECT max(id) FROM users), 1))`);
}
