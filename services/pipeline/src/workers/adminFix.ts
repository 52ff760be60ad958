import { Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Knex } from '@neuralbeat/common';
import { PIPELINE_QUEUES } from '@neuralbeat/common/contracts';
import { queueTelemetry } from '@neuralbeat/common';
import { FixTools, type FixJob, type FixResult } from '../services/fixTools';
import type { WorkerDeps } from './types';

/** Runs the operator fix tools; the job's return value is the HTTP answer the admin call waits for. */
export function createAdminFixProcessor(deps: WorkerDeps) {
  const tools = new FixTools({ db: deps.db, flow: deps.flow, logger: deps.logger, stuckMinutes: deps.config.STUCK_ARTICLE_MINUTES });
  return (job: Job<FixJob>): Promise<FixResult> => {
    const fix = PIPELINE_QUEUES.adminFix.payload.parse(job.data);
    return fix.dryRun ? tools.run(fix) : oneAtATime(deps.db, ADMIN_FIX_LOCK, () => tools.run(fix));
  };
}

/** The advisory lock live fixes take: any worker process may run one, never two at once across the installation. */
export const ADMIN_FIX_LOCK = 'pipeline-admin-fix';

/**
 * Runs `work` while holding a Postgres advisory lock, waiting for it first: the
 * lock lives in a transaction on one pooled connection, the work uses others,
 * and the lock goes with that transaction however the work ends (or the process dies).
 */
async function oneAtATime<T>(db: Knex, lock: string, work: () => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [lock]);
    return work();
  });
}

/** One fix at a time in this process (concurrency 1) and across processes (the advisory lock): live runs never interleave. */
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
