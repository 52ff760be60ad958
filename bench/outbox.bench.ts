/**
 * Outbox latency: time from the end of a transaction that emits an event to the
 * subscriber's handler running, through transactionWithEvents' publish-after-
 * commit; and what writing to the outbox adds to a transaction. Then the relay
 * path: events whose writer never published them (a crash), picked up by an
 * OutboxRelay at the default poll and grace settings.
 */
import { pino } from 'pino';
import { EventBus, OutboxRelay, createRedis, transactionWithEvents } from '@neuralbeat/common';
import { benchDatabase, uniquePrefix } from './support';

const N = 300;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

const { db, drop } = await benchDatabase();
const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const logger = pino({ level: 'silent' });
const bus = new EventBus({ connection: redis, prefix: uniquePrefix(), logger });
const committedAt = new Map<number, number>();
const latencies: number[] = [];
let receivedAll: () => void = () => undefined;
bus.subscribe(
  'search',
  {
    'job.changed': async ({ jobId }) => {
      latencies.push(performance.now() - committedAt.get(jobId)!);
      if (latencies.length === N) receivedAll();
    },
  },
  { concurrency: 20 },
);

try {
  // Warm up connections.
  await transactionWithEvents(db, bus, async (trx) => trx.raw('select 1'));

  const plain: number[] = [];
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    await db.transaction(async (trx) => trx.raw('select 1'));
    plain.push(performance.now() - t0);
  }

  const withEvent: number[] = [];
  const done = new Promise<void>((r) => (receivedAll = r));
  for (let i = 1; i <= N; i++) {
    const t0 = performance.now();
    await transactionWithEvents(db, bus, async (trx, emit) => {
      await trx.raw('select 1');
      emit('job.changed', { jobId: i });
      committedAt.set(i, performance.now());
    });
    withEvent.push(performance.now() - t0);
  }
  await done;
  console.log(`transaction alone:             p50 ${ms(pct(plain, 50))}, p99 ${ms(pct(plain, 99))}`);
  console.log(
    `transaction + event (outbox):  p50 ${ms(pct(withEvent, 50))}, p99 ${ms(pct(withEvent, 99))}  (insert + publish + mark sent)`,
  );
  console.log(
    `commit → subscriber handler:   p50 ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))}, max ${ms(Math.max(...latencies))}  (${N} events, one at a time)`,
  );

  // Crash path: rows nobody published, taken by a relay at the default settings (poll 1000 ms, grace 5000 ms).
  const refused = { publish: async () => Promise.reject(new Error('crashed before publishing')) } as unknown as EventBus;
  const written = performance.now();
  for (let i = 1; i <= 50; i++) await transactionWithEvents(db, refused, async (_trx, emit) => emit('job.changed', { jobId: 10_000 + i }));
  const relay = new OutboxRelay({ db, bus, logger, pollMs: 1000, relayAfterMs: 5000 }).start();
  for (;;) {
    const left = await db('event_outbox').whereNull('published_at').count<{ n: string }[]>({ n: '*' });
    if (Number(left[0]!.n) === 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  console.log(
    `crash path: 50 unpublished events all sent by the relay ${ms(performance.now() - written)} after they were written (grace 5000 ms + poll ≤ 1000 ms)`,
  );
  await relay.close();
} finally {
  await bus.close();
  redis.disconnect();
  await drop();
}
