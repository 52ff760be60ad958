import type { Job } from 'bullmq';
import type { PipelineJob } from '@neuralbeat/common/contracts';
import { Collector, type CollectResult } from '../collect/collector';
import type { WorkerDeps } from './types';

/** Collects one source and enters each new article into the pipeline. A failing source is recorded, not retried here. */
export function createCollectProcessor(deps: WorkerDeps) {
  const collector = new Collector(deps.db, deps.logger, deps.config.FEED_TIMEOUT_MS);
  return async (job: Job<PipelineJob<'collect'>>): Promise<CollectResult> => {
    const result = await collector.collect(job.data.sourceId);
    for (const id of result.newArticleIds) await deps.flow.start(id, job.data.requestId);
    return result;
  };
}
