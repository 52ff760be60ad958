import { Queue, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Logger } from '@neuralbeat/common';
import { NEWSLETTER_QUEUES, type NewsletterBatchJob, type NewsletterIssueJob } from '@neuralbeat/common/contracts';
import { BATCH_ATTEMPTS, type NewsletterIssues } from '../newsletter/newsletterIssues';

export interface NewsletterQueues {
  issue: Queue;
  batch: Queue;
}

interface QueueSettings {
  REDIS_PREFIX: string;
  PIPELINE_LOCK_MS: number;
}

export function createNewsletterQueues(connection: ConnectionOptions, config: QueueSettings): NewsletterQueues {
  const make = (name: string) => {
    const queue = new Queue(name, {
      connection,
      prefix: config.REDIS_PREFIX,
      defaultJobOptions: { attempts: 3, removeOnComplete: { count: 5000 }, removeOnFail: { count: 5000 } },
    });
    queue.on('error', () => undefined);
    return queue;
  };
  return { issue: make(NEWSLETTER_QUEUES.issue.name), batch: make(NEWSLETTER_QUEUES.batch.name) };
}

export async function closeNewsletterQueues(queues: NewsletterQueues): Promise<void> {
  await Promise.all([queues.issue.close(), queues.batch.close()]);
}

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export const WEEKLY_SCHEDULER_ID = 'newsletter-weekly';

/** The weekly cron pattern ("minute hour * * weekday") for NEWSLETTER_DIGEST_DAY and NEWSLETTER_DIGEST_HOUR. */
export const weeklyPattern = (day: (typeof DAYS)[number], hour: number) => `0 ${hour} * * ${DAYS.indexOf(day)}`;

/**
 * One job scheduler for the whole installation (its id is fixed, so every
 * pipeline process upserts the same one): the weekly digest at the configured
 * day, hour and time zone.
 */
export async function scheduleWeeklyDigest(
  queue: Queue,
  config: { NEWSLETTER_DIGEST_DAY: (typeof DAYS)[number]; NEWSLETTER_DIGEST_HOUR: number; NEWSLETTER_TIME_ZONE: string },
): Promise<void> {
  const data: NewsletterIssueJob = { kind: 'weekly' };
  await queue.upsertJobScheduler(
    WEEKLY_SCHEDULER_ID,
    { pattern: weeklyPattern(config.NEWSLETTER_DIGEST_DAY, config.NEWSLETTER_DIGEST_HOUR), tz: config.NEWSLETTER_TIME_ZONE },
    { name: 'weekly', data, opts: { attempts: 3 } },
  );
}

/**
 * The digest's workers: `newsletter-issue` (the weekly job, an issue's start)
 * and `newsletter-batch` (sending). A worker killed mid-batch leaves its job
 * locked; after PIPELINE_LOCK_MS another process (or this one restarted) takes
 * it up and sends only what is not yet marked sent.
 */
export function startNewsletterWorkers(
  issues: NewsletterIssues,
  connection: ConnectionOptions,
  config: QueueSettings & { MAIL_POOL_SIZE: number },
  logger: Logger,
): Worker[] {
  const common = {
    connection,
    prefix: config.REDIS_PREFIX,
    lockDuration: config.PIPELINE_LOCK_MS,
    stalledInterval: config.PIPELINE_LOCK_MS,
  };
  const issueWorker = new Worker(
    NEWSLETTER_QUEUES.issue.name,
    async (job: Job<NewsletterIssueJob>) => {
      const data = NEWSLETTER_QUEUES.issue.payload.parse(job.data);
      if (data.kind === 'weekly') {
        const issue = await issues.weekly();
        logger.info({ issueId: issue.id, number: issue.number, status: issue.status }, 'weekly newsletter issue');
      } else {
        await issues.start(data.issueId);
      }
    },
    { ...common, concurrency: 1, maxStalledCount: 10 },
  );
  // Two batches at once keep the transport's pool busy while one waits on the database.
  const batchWorker = new Worker(
    NEWSLETTER_QUEUES.batch.name,
    async (job: Job<NewsletterBatchJob>) => issues.sendBatch(NEWSLETTER_QUEUES.batch.payload.parse(job.data)),
    { ...common, concurrency: 2, maxStalledCount: 10 },
  );
  batchWorker.on('failed', (job, err) => {
    if (!job) return;
    if (job.attemptsMade >= (job.opts.attempts ?? BATCH_ATTEMPTS) || err.name === 'UnrecoverableError') {
      issues.giveUpBatch(job, err).catch((e) => logger.error({ err: e }, 'could not record a failed newsletter batch'));
    } else {
      logger.info({ issueId: job.data.issueId, attempt: job.attemptsMade, err: err.message }, 'newsletter batch will retry');
    }
  });
  issueWorker.on('failed', (job, err) => logger.error({ err, job: job?.data }, 'newsletter issue job failed'));
  for (const w of [issueWorker, batchWorker]) w.on('error', (err) => logger.error({ err }, 'newsletter worker error'));
  return [issueWorker, batchWorker];
}
