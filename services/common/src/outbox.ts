import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { EVENT_SCHEMAS, type EventName } from './contracts/events';
import { BusUnavailableError, type EventBus, type EventPayload } from './events';
import type { ServiceMetrics } from './metrics';
import { currentTraceContext, withTraceContext, type TraceContext } from './tracing';

/**
 * The transactional outbox (table `event_outbox`, content migration 2026112310A).
 *
 * An event is a row written in the same transaction as the change it announces,
 * so it exists exactly when the change does. Right after the commit the writing
 * process publishes its own rows and marks them sent (the fast path: the event is
 * on the bus a few milliseconds after the commit). Whatever that misses — the
 * process died between commit and publish, Redis was down, the publish timed out —
 * stays unsent, and an OutboxRelay publishes it on its next poll. Delivery is at
 * least once; subscribers are idempotent, and the event id doubles as the job id
 * so a repeated publish is absorbed by the queue while it remembers the first.
 */
export const OUTBOX_TABLE = 'event_outbox';

interface OutboxRow {
  id: string;
  event_id: string;
  name: EventName;
  payload: unknown;
  request_id: string | null;
  /** The trace of the request that wrote it, so a relay's publish continues that trace (null when tracing is off). */
  trace_context: TraceContext | null;
  occurred_at: Date;
}

type Bus = Pick<EventBus, 'publish'>;
export type Emit = <N extends EventName>(name: N, payload: EventPayload<N>, requestId?: string) => void;

const publishRow = (bus: Bus, row: OutboxRow) =>
  bus.publish(row.name, row.payload as EventPayload<EventName>, {
    id: row.event_id,
    requestId: row.request_id ?? undefined,
    occurredAt: row.occurred_at,
  });

/** Publishes freshly committed rows in order and marks the ones that went out; failures are left to the relay. */
async function publishCommitted(db: Knex, bus: Bus, rows: OutboxRow[]): Promise<void> {
  const sent: string[] = [];
  for (const row of rows) {
    try {
      await publishRow(bus, row);
    } catch {
      // The bus logged why; the row stays unsent and the relay takes it.
      break;
    }
    sent.push(row.id);
  }
  if (!sent.length) return;
  await db(OUTBOX_TABLE)
    .whereIn('id', sent)
    .whereNull('published_at')
    .update({ published_at: db.fn.now(), attempts: db.raw('attempts + 1') })
    // Not marked (the database went away after the commit): the relay publishes them again, which the queue absorbs.
    .catch(() => undefined);
}

/**
 * Runs `work` in a transaction; the events it emits are written to the outbox in
 * that transaction, so they are published if and only if it commits. Publishing
 * follows the commit at once; if it cannot happen now, the relay does it later,
 * and the caller still gets its result (the change is committed either way).
 * Payloads are validated when emitted: a bad one fails the transaction.
 */
export async function transactionWithEvents<T>(
  db: Knex,
  bus: Bus,
  work: (trx: Knex.Transaction, emit: Emit, writeEmitted: () => Promise<void>) => Promise<T>,
): Promise<T> {
  const committed: OutboxRow[] = [];
  const result = await db.transaction(async (trx) => {
    const pending: Omit<OutboxRow, 'id' | 'occurred_at'>[] = [];
    // Writes the events emitted so far; `work` may call it early, before a statement that locks rows other writers wait for.
    const writeEmitted = async () => {
      const rows = pending.splice(0);
      if (!rows.length) return;
      const inserted: { id: string; occurred_at: Date }[] = await trx(OUTBOX_TABLE)
        .insert(rows.map((p) => ({ ...p, payload: JSON.stringify(p.payload) })))
        .returning(['id', 'occurred_at']);
      committed.push(...rows.map((p, i) => ({ ...p, id: inserted[i]!.id, occurred_at: inserted[i]!.occurred_at })));
    };
    const value = await work(
      trx,
      (name, payload, requestId) => {
        pending.push({
          event_id: randomUUID(),
          name,
          payload: EVENT_SCHEMAS[name].parse(payload),
          request_id: requestId ?? null,
          trace_context: currentTraceContext() ?? null,
        });
      },
      writeEmitted,
    );
    await writeEmitted();
    return value;
  });
  // Inside a caller's transaction this commit is only a savepoint: the relay publishes once the outer one commits.
  if (committed.length && !(db as Knex.Transaction).isTransaction) await publishCommitted(db, bus, committed);
  return result;
}

export interface OutboxRelayOptions {
  db: Knex;
  bus: Bus;
  logger: Logger;
  /** How often to look for events left unsent. */
  pollMs: number;
  /** Events younger than this are left to the process that committed them (its fast path). */
  relayAfterMs: number;
  batchSize?: number;
  /** Sent events are kept this long for inspection, then deleted. */
  keepSentHours?: number;
}

const MAX_IDLE_BACKOFF_MS = 30_000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Publishes outbox rows their writer did not: a poll every `pollMs`, each batch
 * taken with FOR UPDATE SKIP LOCKED so any number of relays (one per process
 * that writes events) share the work without sending a row twice. While the bus
 * or the database is down it backs off, logging once when it starts failing and
 * once when it recovers.
 */
export class OutboxRelay {
  private readonly options: Required<OutboxRelayOptions>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private failingSince: number | undefined;
  private delayMs: number;
  private lastPurge = 0;

  constructor(options: OutboxRelayOptions) {
    this.options = { batchSize: 200, keepSentHours: 72, ...options };
    this.delayMs = options.pollMs;
  }

  start(): this {
    this.stopped = false;
    this.schedule(0);
    return this;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = undefined;
        this.schedule(this.delayMs);
      });
    }, ms);
  }

  private async tick(): Promise<void> {
    const { logger, pollMs, batchSize } = this.options;
    try {
      let result: { sent: number; blocked: boolean };
      do result = await this.relayOnce();
      while (result.sent === batchSize && !result.blocked && !this.stopped);
      if (result.blocked) throw new BusUnavailableError('the event bus refused a publish');
      await this.purgeIfDue();
      if (this.failingSince !== undefined) logger.info({ failedForMs: Date.now() - this.failingSince }, 'outbox relay working again');
      this.failingSince = undefined;
      this.delayMs = pollMs;
    } catch (err) {
      if (this.failingSince === undefined) {
        this.failingSince = Date.now();
        logger.warn({ err: (err as Error).message }, 'outbox relay cannot publish; retrying with backoff');
      }
      this.delayMs = Math.min(this.delayMs * 2, MAX_IDLE_BACKOFF_MS);
    }
  }

  /** Publishes one batch of due rows. `blocked` means the bus refused one and the rest of the batch waits. */
  async relayOnce(): Promise<{ sent: number; blocked: boolean }> {
    const { db, bus, logger, relayAfterMs, batchSize } = this.options;
    return db.transaction(async (trx) => {
      const rows: OutboxRow[] = await trx(OUTBOX_TABLE)
        .select('id', 'event_id', 'name', 'payload', 'request_id', 'trace_context', 'occurred_at')
        .whereNull('published_at')
        .where('occurred_at', '<', trx.raw('clock_timestamp() - make_interval(secs => ?)', [relayAfterMs / 1000]))
        .orderBy('id')
        .limit(batchSize)
        .forUpdate()
        .skipLocked();
      const sent: string[] = [];
      let blocked = false;
      for (const row of rows) {
        try {
          // In the writer's trace: its subscribers' handling joins the request that caused it, however late.
          await withTraceContext(row.trace_context, () => publishRow(bus, row));
          sent.push(row.id);
        } catch (err) {
          await trx(OUTBOX_TABLE)
            .where({ id: row.id })
            .update({ attempts: trx.raw('attempts + 1'), last_error: String((err as Error).message).slice(0, 1000) });
          // A bus that is down refuses everything after this too; any other error concerns this row only.
          if (err instanceof BusUnavailableError || /timed out|connect|closed/i.test((err as Error).message)) {
            blocked = true;
            break;
          }
        }
      }
      if (sent.length) {
        await trx(OUTBOX_TABLE)
          .whereIn('id', sent)
          .update({ published_at: trx.fn.now(), attempts: trx.raw('attempts + 1'), last_error: null });
        logger.info({ count: sent.length, first: rows[0]?.event_id }, 'outbox relay published events left unsent');
      }
      return { sent: sent.length, blocked };
    });
  }

  private async purgeIfDue(): Promise<void> {
    if (Date.now() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = Date.now();
    const { db, keepSentHours } = this.options;
    await db(OUTBOX_TABLE)
      .whereNotNull('published_at')
      .where('published_at', '<', db.raw('now() - make_interval(hours => ?)', [keepSentHours]))
      .delete();
  }

  /** Stops polling and waits for a poll in progress. */
  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}

/**
 * The outbox's unsent events and the age of the oldest, read at scrape time
 * (one indexed query on the unsent rows): a growing age means the relays are
 * not publishing (the bus is down, or no process runs a relay).
 */
export function outboxMetrics(metrics: ServiceMetrics, db: Knex): void {
  let last: Promise<{ unsent: number; oldest: number }> | undefined;
  // Both gauges are read in one scrape: one query answers them.
  const read = () =>
    (last ??= db(OUTBOX_TABLE)
      .whereNull('published_at')
      .first(
        db.raw('count(*)::int as unsent'),
        db.raw('coalesce(extract(epoch from clock_timestamp() - min(occurred_at)), 0)::float as oldest'),
      )
      .then((row: { unsent: number; oldest: number } | undefined) => row ?? { unsent: 0, oldest: 0 })
      .finally(() => setImmediate(() => (last = undefined))));
  metrics.gauge('outbox_unsent_events', 'Events committed to the outbox and not yet published', [], async (g) => {
    g.set((await read()).unsent);
  });
  metrics.gauge('outbox_oldest_unsent_age_seconds', 'Age of the oldest unsent outbox event (0 when none)', [], async (g) => {
    g.set((await read()).oldest);
  });
}
