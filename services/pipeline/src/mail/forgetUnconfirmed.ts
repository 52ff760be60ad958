import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from '@neuralbeat/common';
import { CONFIRM_TOKEN_DAYS } from '@neuralbeat/common/mail/tokens';
import type { MailRepository } from '../repositories/mailRepository';

export const FORGET_UNCONFIRMED_QUEUE = 'newsletter-forget-unconfirmed';
const SCHEDULER_ID = 'forget-unconfirmed-hourly';
const EVERY_MS = 60 * 60 * 1000;

/**
 * Unconfirmed addresses are forgotten once their confirmation link has
 * expired (7 days after they last asked). A BullMQ job scheduler runs it every
 * hour, once across the installation however many pipelines run.
 */
export async function startForgetUnconfirmed(deps: {
  connection: ConnectionOptions;
  prefix: string;
  repo: MailRepository;
  logger: Logger;
}): Promise<{ queue: Queue; close(): Promise<void> }> {
  const queue = new Queue(FORGET_UNCONFIRMED_QUEUE, {
    connection: deps.connection,
    prefix: deps.prefix,
    defaultJobOptions: { removeOnComplete: 10, removeOnFail: 50 },
  });
  queue.on('error', () => undefined);
  await queue.upsertJobScheduler(SCHEDULER_ID, { every: EVERY_MS }, { name: 'forget' });
  const worker = new Worker(
    FORGET_UNCONFIRMED_QUEUE,
    async () => {
      const forgotten = await deps.repo.forgetUnconfirmed(CONFIRM_TOKEN_DAYS);
      if (forgotten) deps.logger.info({ forgotten }, 'unconfirmed newsletter addresses forgotten');
      return { forgotten };
    },
    { connection: deps.connection, prefix: deps.prefix },
  );
  worker.on('error', (err) => deps.logger.warn({ err: err.message }, 'forget-unconfirmed worker connection error'));
  return {
    queue,
    close: async () => {
      await worker.close();
      await queue.close();
    },
  };
}
