import { Readable } from 'node:stream';
import type { Logger } from '@neuralbeat/common';
import { ClaimLost, type DeliveryTarget, type IssuesRepository, type PreparedMark } from '../repositories/newsletterIssuesRepository';
import type { IssueMessage, Recipient } from './message';

/** What the sender needs of the mail transport: SmtpPool, which reads a message only after the server's 354. */
export interface RawMailTransport {
  send(envelope: { from: string; to: string[] }, message: Readable): Promise<void>;
}

/** SMTP's answer to a refused message, as nodemailer reports it. */
interface SmtpError extends Error {
  responseCode?: number;
  command?: string;
}

/** nodemailer's DATA stream (dot-stuffing): the last byte it passed on, and the flush that writes the terminating ".". */
interface DataStream {
  lastByte?: number;
  _flush(done: () => void): void;
}

/** Node keeps a readable's pipe destinations here (stable since Node 14, not in the typings). */
type Piped = Readable & { _readableState?: { pipes?: (NodeJS.WritableStream & Partial<Readable>)[] } };

/**
 * Bytes written into this stream's pipe destinations that have not yet been
 * handed to the kernel: what sits in a transform (nodemailer's DATA stream,
 * dot-stuffing) and in the socket's own buffer.
 */
function unflushed(stream: Piped): number {
  let bytes = 0;
  for (const dest of stream._readableState?.pipes ?? []) {
    const next = dest as unknown as Piped & { writableLength?: number; readableLength?: number };
    bytes += next.writableLength ?? 0;
    // A transform also holds its output until the next stream takes it; a socket's readable side is what it received.
    if (next._readableState?.pipes?.length) bytes += (next.readableLength ?? 0) + unflushed(next);
  }
  return bytes;
}

/**
 * The message as a stream for SmtpPool, which reads it only after the server
 * answered DATA; the server accepts a message only on the data's terminating
 * ".". Before ending, the stream waits until every byte of the message has
 * been handed to the kernel and writes the delivery's `sent` mark in an open
 * transaction (`prepare`); then, in one call, it writes the COMMIT and the "."
 * (see finish):
 * - killed before that: the transaction is rolled back with the connection,
 *   the row is still `sending` and sent again on resume, and the server, which
 *   never got the ".", dropped the message — no duplicate;
 * - killed after: the kernel delivers what was written (also after the
 *   process died), Postgres commits and the server accepts — no copy missing;
 * - what is left is the time between the two writes. A kill the moment the
 *   server takes the message (what the crash test does) finds the COMMIT
 *   already written. On a saturated CPU the COMMIT's write can hand the core
 *   to the Postgres backend it wakes, which stretches that time to a
 *   scheduler slice: a kill landing then costs one copy (the crash test saw
 *   the bytes on the wire end without the "." in 3 of 72 kills at load 9-17
 *   on 2 cores). No order of two writes on two sockets closes it; SMTP
 *   itself cannot say whether a message was taken (RFC 1047).
 * (Committing first and ending once the commit is confirmed leaves the
 * COMMIT's round trip and the event loop's queue before the ".": a kill there
 * loses the copy. Writing the "." first and then the COMMIT loses the mark to
 * a kill that follows the server's acceptance: a copy too many.)
 */
export class MarkedMessageStream extends Readable {
  private stage: 'body' | 'prepare' | 'done' = 'body';
  private mark: PreparedMark | undefined;
  /** Settles once the mark is committed (true) or rolled back (false). */
  private settled: Promise<boolean> | undefined;

  constructor(
    private readonly body: Buffer,
    private readonly prepare: () => Promise<PreparedMark>,
  ) {
    super();
  }

  override _read(): void {
    if (this.stage === 'body') {
      this.stage = 'prepare';
      this.push(this.body);
    } else if (this.stage === 'prepare') {
      this.stage = 'done';
      this.flushed()
        .then(() => this.prepare())
        .then(
          (mark) => {
            this.mark = mark;
            this.finish(mark);
          },
          (err: Error) => this.destroy(err),
        );
    }
  }

  /**
   * Writes the COMMIT and then the message's terminating "." straight to the
   * SMTP socket, two writes in one call; nodemailer's DATA stream, told to
   * write no "." of its own, then ends as usual. (Left to the DATA stream, the
   * "." would follow a chain of stream callbacks: a wider window.)
   */
  private finish(mark: PreparedMark): void {
    const data = (this as Piped)._readableState?.pipes?.[0] as unknown as (DataStream & Piped) | undefined;
    const socket = data?._readableState?.pipes?.[0];
    if (!data || !socket || typeof data.lastByte !== 'number' || unflushed(this) > 0) {
      // Not nodemailer's DATA stream as we know it: end without a mark (rolled back; the row is sent again).
      this.destroy(new Error('unexpected SMTP data stream'));
      return;
    }
    const terminator = data.lastByte === 0x0a ? '.\r\n' : data.lastByte === 0x0d ? '\n.\r\n' : '\r\n.\r\n';
    data._flush = (done) => done();
    this.settled = mark.commit().done.then(() => true);
    socket.write(terminator);
    this.push(null);
  }

  /**
   * After the send settled: whether the delivery is marked sent. A mark never
   * committed (the send failed before its ".") is rolled back.
   */
  async outcome(): Promise<boolean> {
    if (!this.mark) return false;
    this.settled ??= this.mark.rollback().then(() => false);
    return this.settled;
  }

  private async flushed(): Promise<void> {
    // Mostly already so: a message's bytes go to a loopback or LAN socket at once.
    while (this.readableLength > 0 || unflushed(this) > 0) await new Promise((r) => setImmediate(r));
  }
}

/** `skipped`: another run of the batch holds the row now and sends it. */
export type DeliveryOutcome = 'sent' | 'retry' | 'bounced' | 'failed' | 'skipped';

export interface SenderDeps {
  repo: IssuesRepository;
  transport: RawMailTransport;
  logger: Logger;
  /** Sends at once per batch (the transport's pool queues the rest). */
  concurrency: number;
}

/**
 * Sends one issue's claimed deliveries. Per recipient: the `sent` mark commits
 * with the message's final "." (MarkedMessageStream). A 4xx
 * (at RCPT TO or after the data) sets the row back to pending, for the batch's
 * retry with backoff; a 5xx bounces it and suppresses the address. A lost
 * connection after the commit keeps `sent`: the server most likely took the
 * message, and a copy too many is the worse mistake.
 */
export class IssueSender {
  constructor(private readonly deps: SenderDeps) {}

  async sendAll(
    issueId: number,
    message: IssueMessage,
    targets: DeliveryTarget[],
    recipientOf: (t: DeliveryTarget) => Recipient,
  ): Promise<Record<DeliveryOutcome, number>> {
    const outcomes: Record<DeliveryOutcome, number> = { sent: 0, retry: 0, bounced: 0, failed: 0, skipped: 0 };
    let next = 0;
    const worker = async () => {
      while (next < targets.length) {
        const target = targets[next++]!;
        outcomes[await this.sendOne(issueId, message, target, recipientOf(target))]++;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(this.deps.concurrency, targets.length)) }, worker));
    return outcomes;
  }

  private async sendOne(issueId: number, message: IssueMessage, target: DeliveryTarget, recipient: Recipient): Promise<DeliveryOutcome> {
    const { repo, transport, logger } = this.deps;
    const stream = new MarkedMessageStream(message.build(recipient), () => repo.prepareSent(issueId, target));
    let failure: SmtpError | undefined;
    try {
      await transport.send({ from: message.envelopeFrom, to: [target.email] }, stream);
    } catch (e) {
      failure = e as SmtpError;
    }
    const marked = await stream.outcome();
    if (!failure) return 'sent';
    if (failure instanceof ClaimLost || stream.errored instanceof ClaimLost) return 'skipped';
    const code = failure.responseCode;
    const reason = `${code ?? failure.name}${failure.command ? ` at ${failure.command}` : ''}: ${failure.message}`;
    if (code && code >= 500) {
      await repo.markBounced(issueId, target, reason);
      logger.warn(
        { issueId, subscriberId: target.subscriber_id, code, command: failure.command },
        'newsletter delivery bounced; address suppressed',
      );
      return 'bounced';
    }
    if (marked && !code) {
      logger.warn({ issueId, subscriberId: target.subscriber_id, err: failure.message }, 'connection lost after the message; kept as sent');
      return 'sent';
    }
    await repo.markUnsent(issueId, target, 'pending', reason);
    logger.info({ issueId, subscriberId: target.subscriber_id, code, command: failure.command }, 'newsletter delivery deferred');
    return 'retry';
  }
}
