import type { Queue } from 'bullmq';
import type { Knex } from '@neuralbeat/common';
import { SourcesRepository } from './sourcesRepository';

const schedulerId = (sourceId: number) => `collect-source-${sourceId}`;

/**
 * One BullMQ job scheduler per enabled source (collected at once, then every
 * `intervalSeconds`); schedulers of disabled or removed sources are dropped.
 */
export async function scheduleCollection(queue: Queue, db: Knex, intervalSeconds: number): Promise<number> {
  const sources = await new SourcesRepository(db).enabled();
  const wanted = new Set(sources.map((s) => schedulerId(s.id)));
  for (const source of sources) {
    await queue.upsertJobScheduler(
      schedulerId(source.id),
      { every: intervalSeconds * 1000 },
      { name: 'collect', data: { sourceId: source.id } },
    );
  }
  for (const scheduler of await queue.getJobSchedulers()) {
    if (scheduler.key && !wanted.has(scheduler.key)) await queue.removeJobScheduler(scheduler.key);
  }
  return sources.length;
}

/** Collects one source right away, outside its schedule. */
export async function collectNow(queue: Queue, sourceId: number, requestId?: string): Promise<void> {
  await queue.add('collect', { sourceId, requestId }, { jobId: `collect-now-${sourceId}-${Date.now()}` });
}
