import type { Job } from 'bullmq';
import type { PipelineJob } from '@neuralbeat/common/contracts';
import { Collector, type CollectResult } from '../collect/collector';
import { crawlerUserAgent } from '../crawler';
import type { WorkerDeps } from './types';

/**
 * Collects one source. New and edited articles reach their next stage through
 * their `article.collected` events (see startPipeline), not from here, so a
 * crash after the commit loses none. A failing source is recorded, not retried here.
 */
export function createCollectProcessor(deps: WorkerDeps) {
  const collector = new Collector(deps.db, deps.logger, deps.config.FEED_TIMEOUT_MS, deps.bus, crawlerUserAgent(deps.config));
  return (job: Job<PipelineJob<'collect'>>): Promise<CollectResult> => collector.collect(job.data.sourceId, job.data.requestId);
}
