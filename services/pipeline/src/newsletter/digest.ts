import type { Worker } from 'bullmq';
import type { Knex, Logger, Redis } from '@neuralbeat/common';
import { newsletterSecret, unsubscribeMailto, unsubscribeToken, unsubscribeUrl } from '@neuralbeat/common/mail/tokens';
import {
  closeNewsletterQueues,
  createNewsletterQueues,
  scheduleWeeklyDigest,
  startNewsletterWorkers,
  type NewsletterQueues,
} from '../workers/newsletterDelivery';
import { IssuesRepository } from '../repositories/newsletterIssuesRepository';
import { NewsletterIssues, type DigestSettings, type UnsubscribeLinks } from './newsletterIssues';
import { SmtpPool, smtpTargetOf } from './smtpPool';

export interface DigestConfig extends DigestSettings {
  REDIS_PREFIX: string;
  PIPELINE_LOCK_MS: number;
  MAIL_POOL_SIZE: number;
  MAIL_RATE_PER_SECOND: number;
  NEWSLETTER_SECRET?: string;
  NEWSLETTER_UNSUBSCRIBE_MAILTO: string;
  NEWSLETTER_DIGEST_DAY: 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';
  NEWSLETTER_DIGEST_HOUR: number;
  NEWSLETTER_TIME_ZONE: string;
}

export interface Digest {
  issues: NewsletterIssues;
  queues: NewsletterQueues;
  close(): Promise<void>;
}

/** Each subscriber's unsubscribe links, signed with the newsletter secret (shared with content, which checks them). */
export async function unsubscribeLinks(db: Knex, config: DigestConfig): Promise<UnsubscribeLinks> {
  const secret = await newsletterSecret(db, config.NEWSLETTER_SECRET);
  return async (subscriberId, tokenNonce) => {
    const token = unsubscribeToken(secret, subscriberId, tokenNonce);
    return { url: unsubscribeUrl(config.SITE_URL, token), mailto: unsubscribeMailto(config.NEWSLETTER_UNSUBSCRIBE_MAILTO, token) };
  };
}

/**
 * The weekly digest in a process: its queues and the issue service; given
 * `smtpUrl` (SMTP_URL, or the local catcher's), its own pool of SMTP
 * connections for test sends, and with `workers` also the workers that send
 * and the weekly job scheduler.
 */
export async function createDigest(deps: {
  db: Knex;
  redis: Redis;
  logger: Logger;
  config: DigestConfig;
  smtpUrl?: string;
  workers: boolean;
  /** Deliveries per batch job (tests use smaller ones). */
  batchSize?: number;
}): Promise<Digest> {
  const { config, logger } = deps;
  const queues = createNewsletterQueues(deps.redis, config);
  const pool = deps.smtpUrl
    ? new SmtpPool(smtpTargetOf(deps.smtpUrl), { size: config.MAIL_POOL_SIZE, ratePerSecond: config.MAIL_RATE_PER_SECOND, logger })
    : undefined;
  const issues = new NewsletterIssues({
    repo: new IssuesRepository(deps.db),
    issueQueue: queues.issue,
    batchQueue: queues.batch,
    config,
    logger,
    links: pool ? await unsubscribeLinks(deps.db, config) : undefined,
    transport: pool,
    batchSize: deps.batchSize,
    // Enough messages in flight to keep every pooled connection busy while others wait on their commit.
    concurrency: config.MAIL_POOL_SIZE * 2,
  });
  let workers: Worker[] = [];
  if (deps.workers && pool) {
    workers = startNewsletterWorkers(issues, deps.redis, config, logger);
    await scheduleWeeklyDigest(queues.issue, config);
  }
  return {
    issues,
    queues,
    close: async () => {
      // Running batches finish their messages before the pool closes.
      await Promise.all(workers.map((w) => w.close()));
      await pool?.close();
      await closeNewsletterQueues(queues);
    },
  };
}
