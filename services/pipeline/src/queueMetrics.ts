import type { Job, Worker } from 'bullmq';
import type { ServiceMetrics } from '@neuralbeat/common';
import type { PipelineQueues } from './queues';

const DEPTH_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
const JOB_SECONDS_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800];

/**
 * Queue depth per BullMQ queue, read at scrape time (BullMQ's own
 * `getJobCounts`, under the name its `exportPrometheusMetrics` uses:
 * `bullmq_job_count{queue,state}`), and each finished job's wait (added →
 * started) and processing (started → finished) time from the job's own timestamps.
 */
export function queueMetrics(metrics: ServiceMetrics, queues: PipelineQueues, workers: Worker[]): void {
  metrics.gauge('bullmq_job_count', 'Jobs in each pipeline queue by state', ['queue', 'state'], async (g) => {
    await Promise.all(
      Object.values(queues).map(async (queue) => {
        const counts = await queue.getJobCounts(...DEPTH_STATES);
        for (const state of DEPTH_STATES) g.set({ queue: queue.name, state }, counts[state] ?? 0);
      }),
    );
  });
  const wait = metrics.histogram(
    'bullmq_job_wait_seconds',
    'Time a job waited in its queue before a worker took it',
    ['queue'],
    JOB_SECONDS_BUCKETS,
  );
  const processing = metrics.histogram(
    'bullmq_job_processing_seconds',
    'Time a worker spent on a job, by queue and outcome',
    ['queue', 'outcome'],
    JOB_SECONDS_BUCKETS,
  );
  const record = (job: Job | undefined, outcome: 'completed' | 'failed') => {
    if (!job?.processedOn) return;
    // A retried job's wait is measured from its first addition: the visitor waits for all of it.
    wait.observe({ queue: job.queueName }, Math.max(0, job.processedOn - job.timestamp) / 1000);
    processing.observe({ queue: job.queueName, outcome }, Math.max(0, (job.finishedOn ?? Date.now()) - job.processedOn) / 1000);
  };
  for (const worker of workers) {
    worker.on('completed', (job) => record(job, 'completed'));
    worker.on('failed', (job) => record(job, 'failed'));
  }
}
