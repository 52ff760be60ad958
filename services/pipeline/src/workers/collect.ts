import type { Job } from 'bullmq';
import type { PipelineJob, SourceKind } from '@neuralbeat/common/contracts';
import { Collector, type CollectResult } from '../collect/collector';
import { SourcesRepository } from '../repositories/sourcesRepository';
import { crawlerUserAgent } from '../crawler';
import { EventCollector, type EventCollectResult } from '../events/eventCollector';
import { JobCollector, type JobCollectResult } from '../jobs/jobCollector';
import type { WorkerDeps } from './types';

type Collect = (sourceId: number, requestId?: string) => Promise<CollectResult | JobCollectResult | EventCollectResult>;

/**
 * Collects one source with the collector of its kind: every source has one
 * schedule on this queue, whatever it holds. New and edited articles reach their
 * next stage through their `article.collected` events (see startPipeline), not
 * from here, so a crash after the commit loses none. A failing source is recorded, not retried here.
 */
export function createCollectProcessor(deps: WorkerDeps) {
  const userAgent = crawlerUserAgent(deps.config);
  const sources = new SourcesRepository(deps.db);
  const news = new Collector(deps.db, deps.logger, deps.config.FEED_TIMEOUT_MS, deps.bus, userAgent);
  const jobs = new JobCollector(deps.db, deps.logger, deps.bus, {
    timeoutMs: deps.config.FEED_TIMEOUT_MS,
    userAgent,
    maxAgeDays: deps.config.JOB_MAX_AGE_DAYS,
  });
  const events = new EventCollector(deps.db, deps.logger, deps.bus, {
    timeoutMs: deps.config.FEED_TIMEOUT_MS,
    userAgent,
    relevanceThreshold: deps.config.EVENT_RELEVANCE_THRESHOLD,
  });
  // Typed over every kind: a new kind does not compile until it has its collector.
  const collectors: Record<SourceKind, Collect> = {
    news: (id, requestId) => news.collect(id, requestId),
    greenhouse: (id, requestId) => jobs.collect(id, requestId),
    lever: (id, requestId) => jobs.collect(id, requestId),
    'job-feed': (id, requestId) => jobs.collect(id, requestId),
    ical: (id, requestId) => events.collect(id, requestId),
    'event-feed': (id, requestId) => events.collect(id, requestId),
  };
  return async (job: Job<PipelineJob<'collect'>>): Promise<CollectResult | JobCollectResult | EventCollectResult> => {
    const { sourceId, requestId } = job.data;
    const source = await sources.find(sourceId);
    // A missing or disabled source is reported as such by the news collector.
    if (!source) return news.collect(sourceId, requestId);
    return collectors[source.kind](sourceId, requestId);
  };
}
