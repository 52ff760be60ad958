import { Worker, type ConnectionOptions, type Job } from 'bullmq';
import { PIPELINE_QUEUES } from '@neuralbeat/common/contracts';
import { queueTelemetry } from '@neuralbeat/common';
import { FixTools, type FixJob, type FixResult } from '../services/fixTools';
import type { WorkerDeps } from './types';

/** Runs the operator fix tools; the job's return value is the HTTP answer the admin call waits for. */
export function createAdminFixProcessor(deps: WorkerDeps) {
  const tools = new FixTools({ db: deps.db, flow: deps.flow, logger: deps.logger, stuckMinutes: deps.config.STUCK_ARTICLE_MINUTES });
  return (job: Job<FixJob>): Promise<FixResult> => tools.run(PIPELINE_QUEUES.adminFix.payload.parse(job.data));
}

/** One fix at a time: operators' live runs never interleave. */
export function startAdminFixWorker(deps: WorkerDeps, connection: ConnectionOptions): Worker {
  const worker = new Worker(PIPELINE_QUEUES.adminFix.name, createAdminFixProcessor(deps), {
    connection,
    prefix: deps.config.REDIS_PREFIX,
    telemetry: queueTelemetry(),
    concurrency: 1,
    lockDuration: deps.config.PIPELINE_LOCK_MS,
  });
  worker.on('failed', (job, err) => deps.logger.error({ err, fix: job?.data?.kind, requestId: job?.data?.requestId }, 'admin fix failed'));
  worker.on('error', (err) => deps.logger.error({ err }, 'admin fix worker error'));
  return worker;
}
