import { Queue } from 'bullmq';
import type { Knex } from '@neuralbeat/common';
import { eventQueueName } from '@neuralbeat/common/contracts';
import { until } from './faults';
import { testRedis } from './testEnv';

/**
 * Waits until the pipeline has handled every confirmation request content
 * published for a subscriber (their jobs on the pipeline's event queue are
 * completed), so a test can then say that no (further) mail went out.
 * Returns how many requests there were.
 */
export async function confirmationRequestsHandled(db: Knex, redisPrefix: string, subscriberId: number): Promise<number> {
  const rows = (await db('event_outbox').where({ name: 'newsletter.confirmation-requested' })).filter(
    (r: { payload: { subscriberId: number } }) => r.payload.subscriberId === subscriberId,
  ) as { event_id: string }[];
  const connection = testRedis();
  const queue = new Queue(eventQueueName('pipeline'), { connection, prefix: redisPrefix });
  try {
    await until(
      async () => (await Promise.all(rows.map(async (r) => (await queue.getJob(r.event_id))?.isCompleted()))).every(Boolean),
      `the pipeline handled subscriber ${subscriberId}'s confirmation requests`,
    );
  } finally {
    await queue.close();
    connection.disconnect();
  }
  return rows.length;
}
