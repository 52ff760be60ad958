import { Queue, type ConnectionOptions } from 'bullmq';
import type { PipelineConfig } from './config';

type QueueSettings = Pick<PipelineConfig, 'REDIS_PREFIX' | 'PIPELINE_BACKOFF_MS'>;
import { PIPELINE_QUEUES, type PipelineStage } from '@neuralbeat/common/contracts';
import { queueTelemetry } from '@neuralbeat/common';

export type PipelineQueues = Record<PipelineStage, Queue>;

/** Every attempt budget and backoff in one place: 3 tries with exponential backoff, finished jobs kept for a while. */
export function pipelineJobOptions(config: QueueSettings) {
  return {
    attempts: 3,
    backoff: { type: 'exponential' as const, delay: config.PIPELINE_BACKOFF_MS },
    removeOnComplete: { count: 5000 },
    removeOnFail: { count: 5000 },
  };
}

export function createPipelineQueues(connection: ConnectionOptions, config: QueueSettings): PipelineQueues {
  const defaultJobOptions = pipelineJobOptions(config);
  return Object.fromEntries(
    (Object.keys(PIPELINE_QUEUES) as PipelineStage[]).map((stage) => {
      const queue = new Queue(PIPELINE_QUEUES[stage].name, {
        connection,
        prefix: config.REDIS_PREFIX,
        defaultJobOptions,
        telemetry: queueTelemetry(),
      });
      // The shared connection logs an outage once (createRedis); the queue's copy of each error adds nothing.
      queue.on('error', () => undefined);
      return [stage, queue];
    }),
  ) as PipelineQueues;
}

export async function closeQueues(queues: PipelineQueues): Promise<void> {
  await Promise.all(Object.values(queues).map((q) => q.close()));
}
