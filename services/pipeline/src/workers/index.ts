import { Worker, type ConnectionOptions, type Job, type Processor } from 'bullmq';
import { PIPELINE_QUEUES, type PipelineStage } from '@neuralbeat/common/contracts';
import { queueTelemetry } from '@neuralbeat/common';
import { rewriteProviderFor } from '../providers';
import { ArticlesRepository } from '../repositories/articlesRepository';
import { createCollectProcessor } from './collect';
import { createDedupeProcessor } from './dedupe';
import { createFullTextProcessor } from './fullText';
import { createPublishProcessor } from './publish';
import { createRewriteProcessor } from './rewrite';
import { createSeoProcessor } from './seo';
import { createTagProcessor } from './tag';
import type { WorkerDeps } from './types';

type StageWorkers = Exclude<PipelineStage, 'adminFix'>;

/** One processor per queue; the queue names and payloads live in the shared contracts. */
export function createProcessors(deps: WorkerDeps): Record<StageWorkers, Processor> {
  return {
    collect: createCollectProcessor(deps),
    fullText: createFullTextProcessor(deps),
    dedupe: createDedupeProcessor(deps),
    seo: createSeoProcessor(deps),
    rewrite: createRewriteProcessor(deps, rewriteProviderFor(deps.config)),
    tag: createTagProcessor(deps),
    publish: createPublishProcessor(deps),
  };
}

/** Marks an article failed, keeping the error, once its job has used its last attempt. */
async function onFinalFailure(deps: WorkerDeps, stage: StageWorkers, job: Job | undefined, err: Error): Promise<void> {
  if (!job || stage === 'collect') return;
  const attempts = job.opts.attempts ?? 1;
  const finalAttempt = job.attemptsMade >= attempts || err.name === 'UnrecoverableError';
  deps.logger.warn(
    { stage, articleId: job.data?.articleId, attempt: job.attemptsMade, err: err.message, requestId: job.data?.requestId },
    'stage attempt failed',
  );
  if (!finalAttempt || !job.data?.articleId) return;
  await new ArticlesRepository(deps.db).failed(job.data.articleId, `${stage}: ${err.message}`);
}

/** Starts one BullMQ worker per pipeline queue. A job whose worker died is picked up again after PIPELINE_LOCK_MS. */
export function startWorkers(deps: WorkerDeps, connection: ConnectionOptions): Worker[] {
  const processors = createProcessors(deps);
  return (Object.keys(processors) as StageWorkers[]).map((stage) => {
    const worker = new Worker(PIPELINE_QUEUES[stage].name, processors[stage], {
      connection,
      prefix: deps.config.REDIS_PREFIX,
      telemetry: queueTelemetry(),
      // Page fetching is I/O bound and polite per host, so it has its own setting.
      concurrency: stage === 'collect' ? 2 : stage === 'fullText' ? deps.config.FULL_TEXT_CONCURRENCY : deps.config.PIPELINE_CONCURRENCY,
      lockDuration: deps.config.PIPELINE_LOCK_MS,
      stalledInterval: deps.config.PIPELINE_LOCK_MS,
      maxStalledCount: 3,
    });
    worker.on('failed', (job, err) => {
      onFinalFailure(deps, stage, job, err).catch((e) => deps.logger.error({ err: e }, 'could not record a failure'));
    });
    worker.on('error', (err) => deps.logger.error({ err, stage }, 'worker error'));
    return worker;
  });
}
