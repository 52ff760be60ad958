import type { Queue } from 'bullmq';
import type { Knex } from '@neuralbeat/common';
import { SourcesRepository, type NewsSourceRow } from '../repositories/sourcesRepository';

export const schedulerId = (sourceId: number) => `collect-source-${sourceId}`;

/** Event calendars and job boards change slowly: a day between collections unless the operator says otherwise. */
export const DEFAULT_SLOW_SOURCE_HOURS = 24;

/** Seconds between collections of a source: its own interval, else COLLECT_INTERVAL_SECONDS for news and a day for the rest. */
export function collectEverySeconds(source: Pick<NewsSourceRow, 'kind' | 'check_interval_hours'>, newsIntervalSeconds: number): number {
  if (source.check_interval_hours != null) return Math.round(Number(source.check_interval_hours) * 3600);
  return source.kind === 'news' ? newsIntervalSeconds : DEFAULT_SLOW_SOURCE_HOURS * 3600;
}

/** Collects the source at once, then every `intervalSeconds`; upserting an existing schedule keeps one. */
export async function scheduleSource(queue: Queue, sourceId: number, intervalSeconds: number): Promise<void> {
  await queue.upsertJobScheduler(schedulerId(sourceId), { every: intervalSeconds * 1000 }, { name: 'collect', data: { sourceId } });
}

export async function unscheduleSource(queue: Queue, sourceId: number): Promise<void> {
  await queue.removeJobScheduler(schedulerId(sourceId));
}

/**
 * One BullMQ job scheduler per enabled source; schedulers of disabled or
 * removed sources are dropped. Run on start to repair any drift.
 */
export async function scheduleCollection(queue: Queue, db: Knex, intervalSeconds: number): Promise<number> {
  const sources = await new SourcesRepository(db).enabled();
  const wanted = new Set(sources.map((s) => schedulerId(s.id)));
  for (const source of sources) await scheduleSource(queue, source.id, collectEverySeconds(source, intervalSeconds));
  for (const scheduler of await queue.getJobSchedulers()) {
    if (scheduler.key && !wanted.has(scheduler.key)) await queue.removeJobScheduler(scheduler.key);
  }
  return sources.length;
}

/** Collects one source right away, outside its schedule. */
export async function collectNow(queue: Queue, sourceId: number, requestId?: string): Promise<void> {
  await queue.add('collect', { sourceId, requestId }, { jobId: `collect-now-${sourceId}-${Date.now()}` });
}

/** Schedules every enabled source that has no scheduler (Redis lost them); existing schedules are left untouched. */
export async function repairCollectionSchedules(queue: Queue, db: Knex, intervalSeconds: number): Promise<number> {
  const scheduled = new Set((await queue.getJobSchedulers()).map((s) => s.key));
  const missing = (await new SourcesRepository(db).enabled()).filter((s) => !scheduled.has(schedulerId(s.id)));
  for (const source of missing) await scheduleSource(queue, source.id, collectEverySeconds(source, intervalSeconds));
  return missing.length;
}
