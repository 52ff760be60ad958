import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

/** What every caught message has, parsed or not: the SMTP envelope and its size. */
export interface CaughtEnvelope {
  id: string;
  receivedAt: Date;
  /** MAIL FROM. */
  from: string;
  /** RCPT TO, as accepted. */
  to: string[];
  size: number;
}

/** A parsed message as the console's Mail page shows it. */
export interface CaughtMail extends CaughtEnvelope {
  subject: string;
  /** Header lines in order, each value exactly as sent (unfolded only where the sender folded it). */
  headers: { key: string; value: string }[];
  html: string | null;
  text: string | null;
}

/** An SMTP answer code for a recipient: 450 (try later) or 550 (no such mailbox); undefined accepts it. */
export type RecipientPolicy = (address: string) => 450 | 550 | undefined;

export interface MailCatcherOptions {
  /** 0 = any free port (tests, the bench). */
  port: number;
  host?: string;
  /** Parsed messages kept, newest first; older ones are dropped. */
  keep?: number;
  /** Count and hand messages to onMessage without parsing or keeping them (the bench's 100,000 messages). */
  countOnly?: boolean;
  recipientPolicy?: RecipientPolicy;
  /** Called once a message is taken, before the server answers 250 to its data. */
  onMessage?: (message: CaughtEnvelope | CaughtMail) => void;
}

/** The largest message the catcher takes (SMTP SIZE); larger ones are refused with 552. */
const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

class SmtpReply extends Error {
  constructor(
    message: string,
    readonly responseCode: number,
  ) {
    super(message);
  }
}

const drain = (stream: Readable) =>
  new Promise<number>((resolve, reject) => {
    let size = 0;
    stream.on('data', (chunk: Buffer) => (size += chunk.length));
    stream.on('end', () => resolve(size));
    stream.on('error', reject);
  });

/**
 * A local SMTP server that keeps what it is sent: the pipeline runs it when no
 * SMTP_URL is set, so a fresh install shows every mail in the console (Mail);
 * tests and the bench speak real SMTP to it. It accepts any sender, no TLS and
 * no authentication (it listens on loopback by default).
 */
export class MailCatcher {
  private readonly server: SMTPServer;
  private readonly kept: CaughtMail[] = [];
  private readonly keep: number;
  /** Messages taken since start (or the last clear), kept or not. */
  received = 0;
  port = 0;

  constructor(private readonly options: MailCatcherOptions) {
    this.keep = options.keep ?? 500;
    this.server = new SMTPServer({
      name: 'neuralbeat-catcher',
      banner: 'NeuralBeat mail catcher',
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      size: MAX_MESSAGE_BYTES,
      // Many senders at once (a pooled transport, the bench): the default closes idle sockets after 60 s only.
      maxClients: 1000,
      onRcptTo: (address: SMTPServerAddress, _session, callback) => {
        const code = options.recipientPolicy?.(address.address);
        if (code === 450) return callback(new SmtpReply('Mailbox busy, try again later', 450));
        if (code === 550) return callback(new SmtpReply('No such mailbox', 550));
        callback();
      },
      onData: (stream, session, callback) => {
        const envelope = {
          id: randomUUID(),
          receivedAt: new Date(),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        this.take(stream, envelope).then(
          () => callback(),
          (err: Error) => callback(err),
        );
      },
    });
    // A client that drops its connection mid-message is the client's problem, not the catcher's.
    this.server.on('error', () => undefined);
  }

  private async take(stream: Readable & { sizeExceeded?: boolean }, envelope: Omit<CaughtEnvelope, 'size'>): Promise<void> {
    if (this.options.countOnly) {
      const size = await drain(stream);
      if (stream.sizeExceeded) throw new SmtpReply('Message too large', 552);
      this.received++;
      this.options.onMessage?.({ ...envelope, size });
      return;
    }
    // mailparser loads with the first message kept, not with every process that may catch one (before any
    // listener: a 'data' listener would start the stream flowing while the import waits).
    const { simpleParser } = await import('mailparser');
    let size = 0;
    stream.on('data', (chunk: Buffer) => (size += chunk.length));
    const parsed = await simpleParser(stream, { skipImageLinks: true });
    if (stream.sizeExceeded) throw new SmtpReply('Message too large', 552);
    const mail: CaughtMail = {
      ...envelope,
      size,
      subject: parsed.subject ?? '',
      headers: parsed.headerLines.map(({ key, line }) => ({ key, value: line.slice(line.indexOf(':') + 1).trim() })),
      html: typeof parsed.html === 'string' ? parsed.html : null,
      text: parsed.text ?? null,
    };
    this.received++;
    this.kept.unshift(mail);
    if (this.kept.length > this.keep) this.kept.length = this.keep;
    this.options.onMessage?.(mail);
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.server.once('error', reject);
      this.server.listen(this.options.port, this.options.host ?? '127.0.0.1', () => {
        this.server.server.off('error', reject);
        resolve();
      });
    });
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server.server.listening) return;
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The kept messages, newest first. */
  messages(): readonly CaughtMail[] {
    return this.kept;
  }

  message(id: string): CaughtMail | undefined {
    return this.kept.find((m) => m.id === id);
  }

  clear(): void {
    this.kept.length = 0;
    this.received = 0;
  }
}
