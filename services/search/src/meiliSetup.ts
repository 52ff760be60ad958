/**
 * One-off Meilisearch setup, run with the master key before the search service
 * starts (compose's `meili-setup`; `node services/search/dist/meiliSetup.js`):
 * creates the indexes with their settings, and a key for the search service
 * limited to search and document actions on this system's indexes, which it
 * writes to MEILI_API_KEY_FILE. The search service never sees the master key.
 * Running it again reuses the same key.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Meilisearch, type Key } from 'meilisearch';
import { createLogger, parseSettings, settingsOf } from '@neuralbeat/common';
import { SEARCH_KINDS } from './engine/SearchEngine';
import { MEILI_INDEX_SETTINGS } from './engine/meilisearchEngine';

/** What the search service may do: search, and keep documents in step (waiting on its own tasks). */
export const SEARCH_SERVICE_ACTIONS = ['search', 'documents.add', 'documents.get', 'documents.delete', 'tasks.get'];

/** A stable key uid per system (REDIS_PREFIX), in UUID v4 form as Meilisearch requires. */
export function searchKeyUid(prefix: string): string {
  const h = createHash('sha256').update(`neuralbeat-search:${prefix}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export async function setupMeilisearch(options: { host: string; masterKey: string; prefix: string; keyFile: string }): Promise<Key> {
  const client = new Meilisearch({ host: options.host, apiKey: options.masterKey });
  for (const kind of SEARCH_KINDS) await client.index(`${options.prefix}_${kind}`).updateSettings(MEILI_INDEX_SETTINGS).waitTask();
  const uid = searchKeyUid(options.prefix);
  const key = await client.getKey(uid).catch(async (err: { cause?: { code?: string } }) => {
    if (err.cause?.code !== 'api_key_not_found') throw err;
    return client.createKey({
      uid,
      name: `neuralbeat-search-${options.prefix}`,
      description: 'NeuralBeat search service: search and document actions on its own indexes',
      actions: SEARCH_SERVICE_ACTIONS,
      indexes: [`${options.prefix}_*`],
      expiresAt: null,
    });
  });
  fs.mkdirSync(path.dirname(options.keyFile), { recursive: true });
  fs.writeFileSync(options.keyFile, key.key, { mode: 0o640 });
  return key;
}

/** The settings the one-off `meili-setup` reads. */
export const meiliSetupSettings = settingsOf(['LOG_LEVEL', 'REDIS_PREFIX', 'MEILI_HOST', 'MEILI_MASTER_KEY', 'MEILI_API_KEY_FILE']);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cfg = parseSettings(meiliSetupSettings);
  const logger = createLogger('meili-setup', cfg.LOG_LEVEL);
  if (!cfg.MEILI_HOST || !cfg.MEILI_MASTER_KEY || !cfg.MEILI_API_KEY_FILE) {
    logger.error('MEILI_HOST, MEILI_MASTER_KEY and MEILI_API_KEY_FILE are all needed');
    process.exit(1);
  }
  const key = await setupMeilisearch({
    host: cfg.MEILI_HOST,
    masterKey: cfg.MEILI_MASTER_KEY,
    prefix: cfg.REDIS_PREFIX,
    keyFile: cfg.MEILI_API_KEY_FILE,
  });
  logger.info({ uid: key.uid, actions: key.actions, indexes: key.indexes, keyFile: cfg.MEILI_API_KEY_FILE }, 'search key ready');
}
