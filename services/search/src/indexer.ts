import type { EventHandlers, Logger } from '@neuralbeat/common';
import type { SearchKind } from '@neuralbeat/common/contracts';
import type { SearchEngine } from './engine/SearchEngine';
import type { ContentClient } from './contentClient';
import { toSearchDocument } from './documents';

/** Runs tasks with the same key one after another (different keys run in parallel). */
class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();
  run(key: string, task: () => Promise<void>): Promise<void> {
    const next = (this.tails.get(key) ?? Promise.resolve()).then(task, task);
    const tail = next.catch(() => {});
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }
}

export interface IndexerDeps {
  engine: SearchEngine;
  content: ContentClient;
  logger: Logger;
  /** Called after every index write with the kind written (empties that kind's cached answers). */
  onChange: (kind: SearchKind) => Promise<void>;
}

/**
 * Event handlers that keep the index in step with content. Each re-reads the
 * record's visible state and upserts it, or removes it when it is gone or hidden,
 * so a redelivered or out-of-date event leaves the right document. Events for one
 * record are handled one at a time, so an older read never overwrites a newer one.
 */
export function indexerHandlers({ engine, content, logger, onChange }: IndexerDeps): EventHandlers {
  const queue = new KeyedQueue();
  const refresh = (kind: SearchKind, id: number, requestId?: string) =>
    queue.run(`${kind}:${id}`, async () => {
      const record = await content.one(kind, id, requestId);
      if (record) await engine.upsert(toSearchDocument(kind, record));
      else await engine.remove(kind, id);
      await onChange(kind);
      logger.debug({ kind, id, indexed: Boolean(record), requestId }, record ? 'search document indexed' : 'search document removed');
    });
  return {
    'newsfeed.published': ({ newsFeedId }, event) => refresh('news', newsFeedId, event.requestId),
    'newsfeed.updated': ({ newsFeedId }, event) => refresh('news', newsFeedId, event.requestId),
    'tool.approved': ({ toolId }, event) => refresh('tools', toolId, event.requestId),
    'tool.changed': ({ toolId }, event) => refresh('tools', toolId, event.requestId),
    'resource.changed': ({ resourceId }, event) => refresh('resources', resourceId, event.requestId),
    'event.changed': ({ eventId }, event) => refresh('events', eventId, event.requestId),
    'job.changed': ({ jobId }, event) => refresh('jobs', jobId, event.requestId),
  };
}
