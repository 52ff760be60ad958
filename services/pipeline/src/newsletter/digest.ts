import type { Worker } from 'bullmq';
import type { Knex, Logger, Redis } from '@neuralbeat/common';
import {
  closeNewsletterQueues,
  createNewsletterQueues,
  scheduleWeeklyDigest,
  startNewsletterWorkers,
  type NewsletterQueues,
} from '../workers/newsletterDelivery';
import type { RawMailTransport } from './deliver';
import { IssuesRepository } from './issuesRepository';
import { NewsletterIssues, type DigestSettings, type UnsubscribeLinks } from './newsletterIssues';

export interface DigestConfig extends DigestSettings {
  REDIS_PREFIX: string;
  PIPELINE_LOCK_MS: number;
  MAIL_POOL_SIZE: number;
  NEWSLETTER_DIGEST_DAY: 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';
  NEWSLETTER_DIGEST_HOUR: number;
  NEWSLETTER_TIME_ZONE: string;
}

export interface Digest {
  issues: NewsletterIssues;
  queues: NewsletterQueues;
  close(): Promise<void>;
}

/**
 * The weekly digest in a process: its queues, the issue service and, where
 * this process sends (`transport` given and `workers`), the workers and the
 * weekly job scheduler.
 */
export async function createDigest(deps: {
  db: Knex;
  redis: Redis;
  logger: Logger;
  config: DigestConfig;
  links?: UnsubscribeLinks;
  transport?: RawMailTransport;
  workers: boolean;
  /** Deliveries per batch job (tests and the bench use smaller ones). */
  batchSize?: number;
}): Promise<Digest> {
  const { config, logger } = deps;
  const queues = createNewsletterQueues(deps.redis, config);
  const issues = new NewsletterIssues({
    repo: new IssuesRepository(deps.db),
    issueQueue: queues.issue,
    batchQueue: queues.batch,
    config,
    logger,
    links: deps.links,
    transport: deps.transport,
    batchSize: deps.batchSize,
    // Enough messages in flight to keep every pooled connection busy while others wait on their commit.
    concurrency: config.MAIL_POOL_SIZE * 2,
  });
  let workers: Worker[] = [];
  if (deps.workers && deps.transport && deps.links) {
    workers = startNewsletterWorkers(issues, deps.redis, config, logger);
    await scheduleWeeklyDigest(queues.issue, config);
  }
  return {
    issues,
    queues,
    close: async () => {
      await Promise.all(workers.map((w) => w.close()));
      await closeNewsletterQueues(queues);
    },
  };
}
