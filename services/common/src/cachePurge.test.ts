import { afterEach, describe, expect, it } from 'vitest';
import { parsePurgeMessage, PurgeSchedule } from './cachePurge';

/** Real timers with short intervals: what is purged when, as the gateways would hear it. */
const INTERVAL = 200;
const QUIET = 600;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let schedule: PurgeSchedule | undefined;
afterEach(() => schedule?.cancel());

function recorded(quietMs?: number) {
  const started = Date.now();
  const purges: { keys: string[]; soft: boolean; at: number }[] = [];
  schedule = new PurgeSchedule({
    intervalMs: INTERVAL,
    quietMs,
    purge: (keys, { soft }) => purges.push({ keys, soft, at: Date.now() - started }),
  });
  return { schedule, purges };
}

describe('PurgeSchedule', () => {
  it('purges a quiet key hard at once', () => {
    const { schedule, purges } = recorded();
    schedule.changed(['content:tools', 'content:news']);
    expect(purges).toEqual([{ keys: ['content:tools', 'content:news'], soft: false, at: expect.any(Number) }]);
  });

  it('purges the changes that follow within the interval once, softly, at its end', async () => {
    const { schedule, purges } = recorded();
    schedule.changed(['content:news']);
    await sleep(50);
    schedule.changed(['content:news']);
    await sleep(50);
    schedule.changed(['content:news', 'content:tools']);
    expect(purges.map((p) => [p.keys, p.soft])).toEqual([
      [['content:news'], false],
      [['content:tools'], false],
    ]);
    await sleep(INTERVAL);
    expect(purges.map((p) => [p.keys, p.soft])).toEqual([
      [['content:news'], false],
      [['content:tools'], false],
      [['content:news'], true],
    ]);
    expect(purges[2]!.at).toBeGreaterThanOrEqual(INTERVAL - 5);
  });

  it('keeps a key that changes about once an interval busy: each change purged softly, without waiting', async () => {
    const { schedule, purges } = recorded(QUIET);
    schedule.changed(['search:news']);
    for (let i = 0; i < 3; i++) {
      await sleep(INTERVAL + 20);
      schedule.changed(['search:news']);
      await sleep(5);
    }
    expect(purges.map((p) => p.soft)).toEqual([false, true, true, true]);
    // Each soft purge follows its change within a few ms, not an interval later.
    for (const [i, p] of purges.entries()) expect(p.at).toBeLessThan(i * (INTERVAL + 25) + 50);
  });

  it('purges hard again once the key has been quiet for quietMs', async () => {
    const { schedule, purges } = recorded(QUIET);
    schedule.changed(['search:tools']);
    await sleep(QUIET + 20);
    schedule.changed(['search:tools']);
    expect(purges.map((p) => p.soft)).toEqual([false, false]);
  });

  it('drops the purges still due when cancelled', async () => {
    const { schedule, purges } = recorded();
    schedule.changed(['content:jobs']);
    schedule.changed(['content:jobs']);
    schedule.cancel();
    await sleep(INTERVAL + 50);
    expect(purges.map((p) => p.soft)).toEqual([false]);
  });

  it('after everything was purged, drops the purges due and makes any key’s next change wait for the interval', async () => {
    const { schedule, purges } = recorded();
    schedule.changed(['content:jobs']);
    schedule.changed(['content:jobs']);
    schedule.purgedAll();
    schedule.changed(['content:news:item:7', 'content:news']);
    expect(purges.map((p) => [p.keys, p.soft])).toEqual([[['content:jobs'], false]]);
    await sleep(INTERVAL + 30);
    expect(purges.map((p) => [p.keys, p.soft])).toEqual([
      [['content:jobs'], false],
      [['content:news:item:7'], true],
      [['content:news'], true],
    ]);
  });
});

describe('PurgeSchedule with many keys', () => {
  it('forgets keys that have been quiet, and treats them as quiet when they change again', async () => {
    const { schedule, purges } = recorded(QUIET);
    const items = Array.from({ length: 1500 }, (_, i) => `content:news:item:${i}`);
    schedule.changed(items.slice(0, 1000));
    await sleep(QUIET + 20);
    // Past 1,000 keys the quiet ones are swept: only the keys changed since are remembered.
    schedule.changed(items.slice(1000));
    const remembered = (schedule as unknown as { lastChangeAt: Map<string, number> }).lastChangeAt;
    expect(remembered.size).toBe(500);
    schedule.changed(['content:news:item:3']);
    expect(purges.map((p) => [p.keys.length, p.soft])).toEqual([
      [1000, false],
      [500, false],
      [1, false],
    ]);
  });
});

describe('parsePurgeMessage', () => {
  it('reads soft keys by their mark', () => {
    expect(parsePurgeMessage('content:news ~search:news  ~content')).toEqual([
      { key: 'content:news', soft: false },
      { key: 'search:news', soft: true },
      { key: 'content', soft: true },
    ]);
  });
});
