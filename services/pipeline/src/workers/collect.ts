import type { Job } from 'bullmq';
import type { PipelineJob } from '@neuralbeat/common/contracts';
import { Collector, type CollectResult } from '../collect/collector';
import { crawlerUserAgent } from '../crawler';
import type { WorkerDeps } from './types';

/**
 * Collects one source and enters each new article into the pipeline; an
 * article the feed edited runs through it again. A failing source is recorded, not retried here.
 */
export function createCollectProcessor(deps: WorkerDeps) {
  const collector = new Collector(deps.db, deps.logger, deps.config.FEED_TIMEOUT_MS, crawlerUserAgent(deps.config));
  return async (job: Job<PipelineJob<'collect'>>): Promise<CollectResult> => {
    const result = await collector.collect(job.data.sourceId, job.data.requestId);
    for (const id of [...result.newArticleIds, ...result.updatedArticleIds]) await deps.flow.start(id, job.data.requestId);
    return result;
  };
}
