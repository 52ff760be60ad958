import type { Queue, QueueEvents } from 'bullmq';
import { AppError } from '@neuralbeat/common';
import type { FixJob, FixResult } from './fixTools';

/** A fix is run once and its job kept a while for the queue panel, never retried: an operator repeats it if they mean to. */
const FIX_JOB_OPTIONS = { attempts: 1, removeOnComplete: { age: 24 * 3600, count: 500 }, removeOnFail: { age: 7 * 24 * 3600, count: 500 } };

/**
 * Runs a fix tool as a job on the admin-fix queue and waits for its result,
 * so the HTTP call answers with it. A fix no worker picks up in time is taken
 * back (nothing changed: 503); one still running when time is up finishes on
 * its own and lands in the audit log (504).
 */
export class AdminFixRunner {
  private readonly queue: Queue;
  private readonly events: QueueEvents;
  private readonly timeoutMs: number;
  constructor(queue: Queue, events: QueueEvents, timeoutMs: number) {
    this.queue = queue;
    this.events = events;
    this.timeoutMs = timeoutMs;
  }

  async run(payload: FixJob): Promise<FixResult> {
    await this.events.waitUntilReady();
    const job = await this.queue.add(payload.kind, payload, FIX_JOB_OPTIONS);
    try {
      return (await job.waitUntilFinished(this.events, this.timeoutMs)) as FixResult;
    } catch (err) {
      const message = (err as Error).message ?? '';
      if (!/^Job wait .* timed out/.test(message)) throw new AppError(500, 'fix_failed', `The fix failed: ${message}`);
      const seconds = Math.round(this.timeoutMs / 1000);
      const state = await job.getState();
      if (state === 'waiting' || state === 'delayed' || state === 'prioritized') {
        const removed = await job.remove().then(
          () => true,
          () => false,
        );
        if (removed)
          throw new AppError(
            503,
            'fix_unavailable',
            `No pipeline worker took the fix within ${seconds} s; nothing was changed. Try again shortly.`,
          );
      }
      throw new AppError(
        504,
        'fix_timeout',
        `The fix is taking longer than ${seconds} s; it keeps running and a live run will appear in the audit log when it finishes.`,
      );
    }
  }
}
