import { randomUUID } from 'node:crypto';
import { Queue, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { z } from 'zod';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { EVENT_SCHEMAS, EVENT_SUBSCRIBERS, eventQueueName, type EventName, type ServiceName } from './contracts/events';

export interface EventEnvelope<N extends EventName = EventName> {
  id: string;
  name: N;
  occurredAt: string;
  requestId?: string;
  payload: z.infer<(typeof EVENT_SCHEMAS)[N]>;
}

export type EventPayload<N extends EventName> = z.infer<(typeof EVENT_SCHEMAS)[N]>;
export type EventHandler<N extends EventName> = (payload: EventPayload<N>, event: EventEnvelope<N>) => Promise<void>;
export type EventHandlers = { [N in EventName]?: EventHandler<N> };

interface BusOptions {
  connection: ConnectionOptions;
  prefix: string;
  logger?: Logger;
}

/**
 * Typed publish/subscribe over BullMQ. Each subscribing service has one durable
 * queue; publishing adds the event to the queue of every subscriber named in
 * EVENT_SUBSCRIBERS, so an event published while a subscriber is down waits for it.
 */
export class EventBus {
  private readonly queues = new Map<ServiceName, Queue>();
  private readonly workers: Worker[] = [];
  private readonly options: BusOptions;
  constructor(options: BusOptions) {
    this.options = options;
  }

  private queueFor(service: ServiceName): Queue {
    let queue = this.queues.get(service);
    if (!queue) {
      queue = new Queue(eventQueueName(service), {
        connection: this.options.connection,
        prefix: this.options.prefix,
        defaultJobOptions: {
          attempts: 5,
          backoff: { type: 'exponential', delay: 500 },
          removeOnComplete: 1000,
          removeOnFail: 5000,
        },
      });
      this.queues.set(service, queue);
    }
    return queue;
  }

  /** Validates the payload and delivers it to every subscriber. Returns the event id. */
  async publish<N extends EventName>(name: N, payload: EventPayload<N>, meta: { requestId?: string; id?: string } = {}): Promise<string> {
    const parsed = EVENT_SCHEMAS[name].parse(payload);
    const event: EventEnvelope<N> = {
      id: meta.id ?? randomUUID(),
      name,
      occurredAt: new Date().toISOString(),
      ...(meta.requestId ? { requestId: meta.requestId } : {}),
      payload: parsed as EventPayload<N>,
    };
    await Promise.all(
      EVENT_SUBSCRIBERS[name].map((service) => this.queueFor(service).add(name, event, { jobId: event.id })),
    );
    this.options.logger?.debug({ event: name, eventId: event.id, requestId: meta.requestId }, 'event published');
    return event.id;
  }

  /** Starts consuming the service's event queue. Handlers must be idempotent: delivery is at least once. */
  subscribe(service: ServiceName, handlers: EventHandlers, opts: { concurrency?: number } = {}): Worker {
    const logger = this.options.logger;
    const worker = new Worker(
      eventQueueName(service),
      async (job: Job<EventEnvelope>) => {
        const event = job.data;
        const handler = handlers[event.name] as EventHandler<EventName> | undefined;
        if (!handler) return;
        const payload = EVENT_SCHEMAS[event.name].parse(event.payload);
        await handler(payload, event);
        logger?.info({ event: event.name, eventId: event.id, requestId: event.requestId }, 'event handled');
      },
      { connection: this.options.connection, prefix: this.options.prefix, concurrency: opts.concurrency ?? 5 },
    );
    worker.on('failed', (job, err) => {
      logger?.error({ err, event: job?.name, eventId: job?.id, requestId: job?.data?.requestId }, 'event handler failed');
    });
    this.workers.push(worker);
    return worker;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}

type PendingEvent = { name: EventName; payload: unknown; requestId?: string };

/**
 * Runs `work` in a transaction and publishes the events it emitted only after
 * the commit succeeds, so subscribers never see a change that was rolled back.
 */
export async function transactionWithEvents<T>(
  db: Knex,
  bus: Pick<EventBus, 'publish'>,
  work: (trx: Knex.Transaction, emit: <N extends EventName>(name: N, payload: EventPayload<N>, requestId?: string) => void) => Promise<T>,
): Promise<T> {
  const pending: PendingEvent[] = [];
  const result = await db.transaction((trx) =>
    work(trx, (name, payload, requestId) => {
      pending.push({ name, payload, requestId });
    }),
  );
  for (const e of pending) {
    await bus.publish(e.name, e.payload as EventPayload<typeof e.name>, { requestId: e.requestId });
  }
  return result;
}
