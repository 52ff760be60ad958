import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pino } from 'pino';
import { EventBus, OutboxRelay, createRedis, transactionWithEvents, type EventEnvelope, type Knex } from '@neuralbeat/common';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '../support/testEnv';
import { startThrowawayRedis, waitFor, type ThrowawayRedis } from '../support/throwawayServers';
import { insertTool } from '../support/factories';

const silent = pino({ level: 'silent' });
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.drop());

type Published = { name: string; id: string };
/** A bus that records what it was given, optionally refusing. */
function recordingBus(opts: { fail?: boolean; delayMs?: number } = {}) {
  const published: Published[] = [];
  return {
    published,
    publish: async (name: string, _payload: unknown, meta: { id?: string } = {}) => {
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      if (opts.fail) throw new Error('bus down');
      published.push({ name, id: meta.id! });
      return meta.id!;
    },
  } as unknown as Pick<EventBus, 'publish'> & { published: Published[] };
}

const outbox = (db: Knex) => db('event_outbox').orderBy('id');

async function approveTool(db: Knex, bus: Pick<EventBus, 'publish'>, toolId: number, fail = false) {
  return transactionWithEvents(db, bus, async (trx, emit) => {
    await trx('tools').where({ id: toolId }).update({ approved: true });
    emit('tool.approved', { toolId, slug: `tool-${toolId}` }, 'req-outbox');
    if (fail) throw new Error('rolled back');
    return toolId;
  });
}

describe('transactional outbox', () => {
  it('writes the event with the change and publishes it to subscribers right after the commit', async () => {
    const redis = createRedis(inject('redisUrl'));
    const prefix = testRedisPrefix();
    const bus = new EventBus({ connection: redis, prefix, logger: silent });
    const received: EventEnvelope[] = [];
    bus.subscribe('search', { 'tool.approved': async (_p, event) => void received.push(event) });
    try {
      const tool = await insertTool(t.db, { approved: false });
      await approveTool(t.db, bus, tool.id);
      const [row] = await outbox(t.db).where('payload', '@>', JSON.stringify({ toolId: tool.id }));
      expect(row).toMatchObject({
        name: 'tool.approved',
        request_id: 'req-outbox',
        payload: { toolId: tool.id, slug: `tool-${tool.id}` },
        attempts: 1,
      });
      expect(row.published_at).toBeInstanceOf(Date);
      await waitFor(() => received.length === 1, 'the subscriber to get the event');
      expect(received[0]).toMatchObject({ id: row.event_id, name: 'tool.approved', requestId: 'req-outbox', payload: { toolId: tool.id } });
      expect(new Date(received[0]!.occurredAt).getTime()).toBe(row.occurred_at.getTime());
    } finally {
      await bus.close();
      redis.disconnect();
    }
  });

  it('a rolled-back transaction leaves neither the change nor its event', async () => {
    const bus = recordingBus();
    const tool = await insertTool(t.db, { approved: false });
    const before = (await outbox(t.db)).length;
    await expect(approveTool(t.db, bus, tool.id, true)).rejects.toThrow('rolled back');
    expect((await t.db('tools').where({ id: tool.id }).first()).approved).toBe(false);
    expect(await outbox(t.db)).toHaveLength(before);
    expect(bus.published).toEqual([]);
  });

  it('an invalid payload fails the transaction it was emitted in', async () => {
    const bus = recordingBus();
    const tool = await insertTool(t.db, { approved: false });
    await expect(
      transactionWithEvents(t.db, bus, async (trx, emit) => {
        await trx('tools').where({ id: tool.id }).update({ approved: true });
        emit('tool.approved', { toolId: -1, slug: 'x' });
      }),
    ).rejects.toThrow();
    expect((await t.db('tools').where({ id: tool.id }).first()).approved).toBe(false);
  });

  it('inside a caller transaction the event waits for the outer commit and goes out through the relay', async () => {
    const bus = recordingBus();
    const tool = await insertTool(t.db, { approved: false });
    await t.db.transaction(async (outer) => {
      await approveTool(outer, bus, tool.id);
      expect(bus.published).toEqual([]);
    });
    const row = await outbox(t.db)
      .where('payload', '@>', JSON.stringify({ toolId: tool.id }))
      .first();
    expect(row.published_at).toBeNull();
    const relay = new OutboxRelay({ db: t.db, bus, logger: silent, pollMs: 50, relayAfterMs: 0 });
    await relay.relayOnce();
    expect(bus.published).toContainEqual({ name: 'tool.approved', id: row.event_id });
    expect((await outbox(t.db).where({ id: row.id }).first()).published_at).toBeInstanceOf(Date);
  });

  it('when the bus refuses, the change still commits, and the relay publishes the event once Redis is back', async () => {
    let redisServer: ThrowawayRedis | undefined;
    const redis = { conn: undefined as ReturnType<typeof createRedis> | undefined };
    let bus: EventBus | undefined;
    let relay: OutboxRelay | undefined;
    try {
      redisServer = await startThrowawayRedis();
      redis.conn = createRedis(redisServer.url);
      const prefix = 'nb-outbox-fault';
      bus = new EventBus({ connection: redis.conn, prefix, logger: silent });
      const received: string[] = [];
      bus.subscribe('search', { 'tool.approved': async (_p, e) => void received.push(e.id) });
      await waitFor(() => redis.conn!.status === 'ready', 'the bus connected');
      await redisServer.kill();
      await waitFor(() => redis.conn!.status !== 'ready', 'the client to see Redis gone');

      const tool = await insertTool(t.db, { approved: false });
      await approveTool(t.db, bus, tool.id);
      expect((await t.db('tools').where({ id: tool.id }).first()).approved).toBe(true);
      const row = await outbox(t.db)
        .where('payload', '@>', JSON.stringify({ toolId: tool.id }))
        .first();
      expect(row.published_at).toBeNull();

      relay = new OutboxRelay({ db: t.db, bus, logger: silent, pollMs: 50, relayAfterMs: 0 }).start();
      await redisServer.start();
      await waitFor(async () => (await outbox(t.db).where({ id: row.id }).first()).published_at !== null, 'the relay to publish', 20_000);
      await waitFor(() => received.includes(row.event_id), 'the subscriber to get the relayed event', 20_000);
      expect(received.filter((id) => id === row.event_id)).toHaveLength(1);
    } finally {
      await relay?.close();
      await bus?.close();
      redis.conn?.disconnect();
      await redisServer?.remove();
    }
  });

  it('several relays share a backlog without publishing any event twice', async () => {
    await t.db('event_outbox').whereNull('published_at').update({ published_at: t.db.fn.now() });
    const rows = Array.from({ length: 300 }, (_, i) => ({
      event_id: crypto.randomUUID(),
      name: 'job.changed',
      payload: JSON.stringify({ jobId: i + 1 }),
    }));
    await t.db('event_outbox').insert(rows);
    const bus = recordingBus({ delayMs: 1 });
    const relays = Array.from(
      { length: 3 },
      () => new OutboxRelay({ db: t.db, bus, logger: silent, pollMs: 50, relayAfterMs: 0, batchSize: 20 }),
    );
    await Promise.all(
      relays.map(async (relay) => {
        while ((await relay.relayOnce()).sent > 0);
      }),
    );
    const ids = bus.published.map((p) => p.id);
    expect(new Set(ids).size).toBe(300);
    expect(ids).toHaveLength(300);
    expect(await t.db('event_outbox').whereNull('published_at')).toHaveLength(0);
  });

  it('the relay leaves fresh events to the process that committed them', async () => {
    const refused = recordingBus({ fail: true });
    const tool = await insertTool(t.db, { approved: false });
    await approveTool(t.db, refused, tool.id);
    const bus = recordingBus();
    const relay = new OutboxRelay({ db: t.db, bus, logger: silent, pollMs: 50, relayAfterMs: 60_000 });
    expect(await relay.relayOnce()).toEqual({ sent: 0, blocked: false });
    const row = await outbox(t.db)
      .where('payload', '@>', JSON.stringify({ toolId: tool.id }))
      .first();
    expect(row).toMatchObject({ published_at: null });
  });
});
