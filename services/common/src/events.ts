import { randomUUID } from 'node:crypto';
import { Queue, Worker, type ConnectionOptions, type Job } from 'bullmq';
import { queueTelemetry } from './tracing';
import type { z } from 'zod';
import type { Logger } from 'pino';
import { withTimeout } from './http';
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

export interface PublishMeta {
  requestId?: string;
  /** The event's id; redelivering the same id adds nothing while the first delivery is still known to the queue. */
  id?: string;
  occurredAt?: Date | string;
}

/** How long a publish may take before it is treated as failed (the outbox keeps the event for the relay). */
const PUBLISH_TIMEOUT_MS = 3000;
/** Subscribers retry a failing handler for about a quarter of an hour (a service or database outage), backing off to 30 s. */
const HANDLER_ATTEMPTS = 40;
const handlerBackoff = (attemptsMade: number) => Math.min(500 * 2 ** Math.max(attemptsMade - 1, 0), 30_000);

export class BusUnavailableError extends Error {
  override name = 'BusUnavailableError';
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
  /** Set once the connection has been ready: after that, not ready means an outage, not a start. */
  private connectedOnce = false;
  constructor(options: BusOptions) {
    this.options = options;
    const connection = options.connection as { status?: string; once?: (event: string, fn: () => void) => void };
    this.connectedOnce = connection.status === 'ready';
    connection.once?.('ready', () => {
      this.connectedOnce = true;
    });
  }

  private queueFor(service: ServiceName): Queue {
    let queue = this.queues.get(service);
    if (!queue) {
      queue = new Queue(eventQueueName(service), {
        connection: this.options.connection,
        prefix: this.options.prefix,
        telemetry: queueTelemetry(),
        defaultJobOptions: {
          attempts: HANDLER_ATTEMPTS,
          backoff: { type: 'capped' },
          removeOnComplete: 1000,
          removeOnFail: 5000,
        },
      });
      // The shared connection logs an outage once (createRedis); the queue's copy of each error adds nothing.
      queue.on('error', () => undefined);
      this.queues.set(service, queue);
    }
    return queue;
  }

  /**
   * Validates the payload and delivers it to every subscriber. Returns the event id.
   * During an outage it fails at once rather than queueing the command in memory
   * (at start it waits for the first connection, up to PUBLISH_TIMEOUT_MS): the
   * caller's outbox row stays unpublished and a relay retries it.
   */
  async publish<N extends EventName>(name: N, payload: EventPayload<N>, meta: PublishMeta = {}): Promise<string> {
    const parsed = EVENT_SCHEMAS[name].parse(payload);
    const occurredAt = meta.occurredAt ? new Date(meta.occurredAt) : new Date();
    const event: EventEnvelope<N> = {
      id: meta.id ?? randomUUID(),
      name,
      occurredAt: occurredAt.toISOString(),
      ...(meta.requestId ? { requestId: meta.requestId } : {}),
      payload: parsed as EventPayload<N>,
    };
    try {
      const status = (this.options.connection as { status?: string }).status;
      if (this.connectedOnce && status !== undefined && status !== 'ready')
        throw new BusUnavailableError(`Redis is not connected (${status})`);
      await withTimeout(
        Promise.all(EVENT_SUBSCRIBERS[name].map((service) => this.queueFor(service).add(name, event, { jobId: event.id }))),
        PUBLISH_TIMEOUT_MS,
      );
    } catch (err) {
      this.options.logger?.warn(
        { event: name, eventId: event.id, requestId: meta.requestId, err: (err as Error).message },
        'event not published yet',
      );
      throw err;
    }
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
      {
        connection: this.options.connection,
        prefix: this.options.prefix,
        telemetry: queueTelemetry(),
        concurrency: opts.concurrency ?? 5,
        settings: { backoffStrategy: handlerBackoff },
      },
    );
    worker.on('failed', (job, err) => {
      const final = !job || job.attemptsMade >= (job.opts.attempts ?? 1);
      const fields = {
        err: final ? err : err.message,
        event: job?.name,
        eventId: job?.id,
        attempt: job?.attemptsMade,
        requestId: job?.data?.requestId,
      };
      if (final) logger?.error(fields, 'event handler failed for good');
      else logger?.warn(fields, 'event handler failed; will retry');
    });
    worker.on('error', (err) => logger?.warn({ err: err.message, service }, 'event worker connection error'));
    this.workers.push(worker);
    return worker;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}
