import type { Logger } from '@neuralbeat/common';
import type { CollectionCounts, NewsSourceRow, SourcesRepository } from '../repositories/sourcesRepository';
import { fetchFeed } from './feedFetcher';

/** One collection of one source, as the collect worker reports it. */
export type CollectionRun<Lists extends object> = Lists & {
  sourceId: number;
  status: 'collected' | 'not-modified' | 'failed' | 'disabled' | 'missing';
  error?: string;
};

/** What a source keeps of its last collection (the Sources screen shows them). */
export type CollectionTally = CollectionCounts & { added: number; updated: number; closed?: number };

/**
 * What one kind of source (news feed, event source, job board) does with the
 * body it fetched; finding the source, fetching it and recording how the
 * collection went are the same for every kind (`collectSource`).
 */
export interface SourceKindCollection<Lists extends object> {
  /** The source as the log lines name it: "source", "event source", "job source". */
  noun: string;
  /** The result's lists when nothing was stored. */
  none: Lists;
  /** Sends the stored ETag and Last-Modified, and keeps the new ones; off where the body must be read every time. */
  conditional: boolean;
  /** The largest body taken (the fetcher's default otherwise). */
  maxBytes?: number;
  /** Why this collector cannot take the source, when it cannot: reported, not recorded on the source. */
  refuse?: (source: NewsSourceRow) => string | undefined;
  /** The source answered 304: what still has to be done, and the lists it changed. */
  unchanged?: () => Promise<Partial<Lists>>;
  /** Reads and stores the body: the result, the tally the source keeps, and what the log line adds. */
  store: (
    source: NewsSourceRow,
    fetched: { text: string; contentType?: string },
  ) => Promise<{ result: Lists; tally: CollectionTally; logged: Record<string, unknown> }>;
}

export interface SourceCollectionDeps {
  sources: SourcesRepository;
  logger: Logger;
  timeoutMs: number;
  userAgent: string;
}

/** Never throws for a bad source: the problem is recorded on the source and reported. */
export async function collectSource<Lists extends object>(
  deps: SourceCollectionDeps,
  kind: SourceKindCollection<Lists>,
  sourceId: number,
  requestId?: string,
): Promise<CollectionRun<Lists>> {
  const { sources, logger, timeoutMs } = deps;
  const source = await sources.find(sourceId);
  if (!source) return { sourceId, status: 'missing', ...kind.none };
  if (!source.enabled) return { sourceId, status: 'disabled', ...kind.none };
  const refused = kind.refuse?.(source);
  if (refused) return { sourceId, status: 'failed', ...kind.none, error: refused };
  try {
    const fetched = await fetchFeed(
      source.feed_url,
      kind.conditional ? { etag: source.etag, lastModified: source.last_modified } : { etag: null, lastModified: null },
      timeoutMs,
      deps.userAgent,
      kind.maxBytes,
    );
    if (fetched.status === 'not-modified') {
      const changed = (await kind.unchanged?.()) ?? {};
      await sources.recordSuccess(source.id, {}, 'not-modified');
      return { sourceId, status: 'not-modified', ...kind.none, ...changed };
    }
    const { result, tally, logged } = await kind.store(source, { text: fetched.text ?? '', contentType: fetched.contentType });
    const cache = kind.conditional ? { etag: fetched.etag ?? null, lastModified: fetched.lastModified ?? null } : {};
    await sources.recordSuccess(source.id, cache, 'collected', tally);
    logger.info({ sourceId, requestId, ...logged }, `${kind.noun} collected`);
    return { sourceId, status: 'collected', ...result };
  } catch (err) {
    const message = err instanceof Error ? (err.name === 'TimeoutError' ? `Timed out after ${timeoutMs} ms` : err.message) : String(err);
    await sources.recordFailure(source.id, message);
    logger.warn({ sourceId, requestId, err: message }, `${kind.noun} failed`);
    return { sourceId, status: 'failed', ...kind.none, error: message };
  }
}
