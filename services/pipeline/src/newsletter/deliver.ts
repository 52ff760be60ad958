import { Readable } from 'node:stream';
import type { Logger } from '@neuralbeat/common';
import type { IssuesRepository, DeliveryTarget } from './issuesRepository';
import type { IssueMessage, Recipient } from './message';

/** What the sender needs of the mail transport (nodemailer's transporter, pooled). */
export interface RawMailTransport {
  sendMail(mail: { envelope: { from: string; to: string[] }; raw: Readable }): Promise<unknown>;
}

/** SMTP's answer to a refused message, as nodemailer reports it. */
interface SmtpError extends Error {
  responseCode?: number;
  command?: string;
}

/**
 * The message as a stream that, before it ends, waits for `beforeEnd` (the
 * commit of the delivery's `sent` row). nodemailer writes the SMTP data's
 * terminating "." only when the stream has ended, and the server accepts a
 * message only on that ".": a process killed before the commit leaves a
 * message the server never accepted (sent again on resume, no duplicate); one
 * killed after it has microseconds before "." is written (what the process
 * wrote, the kernel still sends).
 */
export class CommitBeforeEndStream extends Readable {
  private stage: 'body' | 'commit' | 'done' = 'body';
  committed = false;

  constructor(
    private readonly body: Buffer,
    private readonly beforeEnd: () => Promise<void>,
  ) {
    super();
  }

  override _read(): void {
    if (this.stage === 'body') {
      this.stage = 'commit';
      this.push(this.body);
    } else if (this.stage === 'commit') {
      this.stage = 'done';
      this.beforeEnd().then(
        () => {
          this.committed = true;
          this.push(null);
        },
        (err: Error) => this.destroy(err),
      );
    }
  }
}

export type DeliveryOutcome = 'sent' | 'retry' | 'bounced' | 'failed';

export interface SenderDeps {
  repo: IssuesRepository;
  transport: RawMailTransport;
  logger: Logger;
  /** Sends at once per batch (the transport's pool queues the rest). */
  concurrency: number;
}

/**
 * Sends one issue's claimed deliveries. Per recipient: the `sent` mark commits
 * as the last step before the message's end (CommitBeforeEndStream). A 4xx
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
    const outcomes: Record<DeliveryOutcome, number> = { sent: 0, retry: 0, bounced: 0, failed: 0 };
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
    const stream = new CommitBeforeEndStream(message.build(recipient), () => repo.markSent(issueId, target.subscriber_id));
    try {
      await transport.sendMail({ envelope: { from: message.envelopeFrom, to: [target.email] }, raw: stream });
      return 'sent';
    } catch (e) {
      const err = e as SmtpError;
      const code = err.responseCode;
      const reason = `${code ?? err.name}${err.command ? ` at ${err.command}` : ''}: ${err.message}`;
      if (code && code >= 500) {
        await repo.markBounced(issueId, target.subscriber_id, reason);
        logger.warn(
          { issueId, subscriberId: target.subscriber_id, code, command: err.command },
          'newsletter delivery bounced; address suppressed',
        );
        return 'bounced';
      }
      if (stream.committed && !code) {
        logger.warn({ issueId, subscriberId: target.subscriber_id, err: err.message }, 'connection lost after the message; kept as sent');
        return 'sent';
      }
      await repo.markUnsent(issueId, target.subscriber_id, 'pending', reason);
      logger.info({ issueId, subscriberId: target.subscriber_id, code, command: err.command }, 'newsletter delivery deferred');
      return 'retry';
    }
  }
}
