import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@neuralbeat/common';
import { ContentClient } from '../../../services/search/src/contentClient';
import { migrateSearch } from '../../../services/search/src/db/migrate';
import { PostgresSearchEngine } from '../../../services/search/src/engine/postgresEngine';
import { reindex } from '../../../services/search/src/services/reindex';
import { createTestDatabase, type TestDatabase } from '../../support/testEnv';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await migrateSearch(t.db);
});
afterAll(async () => {
  await t.drop();
});

describe('reindex across search replicas', () => {
  it('runs in one process at a time: while another holds the reindex lock, it does not start', async () => {
    let changed = 0;
    const deps = {
      db: t.db,
      engine: new PostgresSearchEngine(t.db),
      // Never reached while the lock is held elsewhere: nothing answers on port 9.
      content: new ContentClient('http://127.0.0.1:9'),
      logger: createLogger('search', 'silent'),
      onChange: async () => void changed++,
    };
    await t.db.transaction(async (other) => {
      await other.raw('SELECT pg_advisory_xact_lock(hashtext(?))', ['neuralbeat-search-reindex']);
      expect(await reindex(deps)).toBeNull();
    });
    expect(changed).toBe(0);
  });
});
