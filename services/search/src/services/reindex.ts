import type { Knex, Logger } from '@neuralbeat/common';
import { SEARCH_KINDS, type SearchKind } from '@neuralbeat/common/contracts';
import type { SearchEngine } from '../engine/SearchEngine';
import type { ContentClient } from '../contentClient';
import { toSearchDocument } from '../documents';

/**
 * The version of what a search document holds and how engines store it. Bump it
 * when the mapping or an engine's schema changes: the next start sees its index
 * as older than the code and rebuilds it.
 */
export const INDEX_VERSION = 3;

export interface ReindexDeps {
  db: Knex;
  engine: SearchEngine;
  content: ContentClient;
  logger: Logger;
  onChange: () => Promise<void>;
  signal?: AbortSignal;
}

export interface ReindexReport {
  documents: Record<SearchKind, number>;
  ms: number;
}

/** Serialises reindexes across processes (a start-up rebuild and `npm run reindex`). */
const LOCK_KEY = 'neuralbeat-search-reindex';

/**
 * Rebuilds the index from content: every visible record of every kind is
 * upserted, then what the index still holds that content no longer shows is
 * removed and the typo dictionary is rebuilt. Events keep flowing meanwhile, so
 * visitors search the old documents until the new ones land. Returns null when
 * another reindex is running.
 */
export async function reindex({ db, engine, content, logger, onChange, signal }: ReindexDeps): Promise<ReindexReport | null> {
  const started = Date.now();
  return db.transaction(async (lock) => {
    const { rows } = await lock.raw(`SELECT pg_try_advisory_xact_lock(hashtext(?)) AS locked`, [LOCK_KEY]);
    if (!rows[0].locked) {
      logger.warn('a reindex is already running; not starting another');
      return null;
    }
    const documents = {} as Record<SearchKind, number>;
    for (const kind of SEARCH_KINDS) {
      const since = new Date();
      documents[kind] = 0;
      for await (const page of content.pages(kind)) {
        signal?.throwIfAborted();
        await engine.upsertMany(page.map((record) => toSearchDocument(kind, record)));
        documents[kind] += page.length;
      }
      await engine.removeStale(kind, since);
      await engine.finishReindex(kind);
      logger.info({ kind, documents: documents[kind] }, 'reindexed');
    }
    const total = Object.values(documents).reduce((a, b) => a + b, 0);
    await db('search_index_state')
      .insert({ engine: engine.name, version: INDEX_VERSION, reindexed_at: new Date(), documents: total })
      .onConflict('engine')
      .merge();
    await onChange();
    return { documents, ms: Date.now() - started };
  });
}

/** Why the index needs a rebuild, or null when it is current: never built, older than INDEX_VERSION, or empty. */
export async function reindexReason(db: Knex, engine: SearchEngine): Promise<string | null> {
  const state = await db('search_index_state').where({ engine: engine.name }).first();
  if (!state) return 'the index has never been built';
  if (state.version < INDEX_VERSION) return `the index is version ${state.version}, the code expects ${INDEX_VERSION}`;
  if ((await engine.count()) === 0) return 'the index is empty';
  return null;
}

/**
 * Rebuilds the index when it needs it (see reindexReason), waiting for content to
 * answer first: run by the search service as it starts, so a fresh system finds
 * its seeded items.
 */
export async function reindexIfNeeded(deps: ReindexDeps, retryMs = 2000): Promise<ReindexReport | null> {
  const reason = await reindexReason(deps.db, deps.engine);
  if (!reason) {
    deps.logger.info('search index is up to date');
    return null;
  }
  deps.logger.info({ reason }, 'rebuilding the search index');
  for (let attempt = 1; ; attempt++) {
    try {
      return await reindex(deps);
    } catch (err) {
      if (deps.signal?.aborted) throw err;
      // On a start the content service is often still coming up: say so quietly at first.
      deps.logger[attempt < 5 ? 'info' : 'warn'](
        { err: (err as Error).message },
        `reindex could not finish; trying again in ${retryMs / 1000} s`,
      );
      await new Promise((r) => setTimeout(r, retryMs));
    }
  }
}
