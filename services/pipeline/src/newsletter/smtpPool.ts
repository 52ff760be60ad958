import type { Readable } from 'node:stream';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { Logger } from '@neuralbeat/common';

/** Where the digest goes: SMTP_URL, or the local catcher. */
export interface SmtpTarget {
  host: string;
  port: number;
  /** TLS from the first byte (smtps://, ?secure=true); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  auth?: { user: string; pass: string };
}

/** SMTP_URL as connection settings: smtp[s]://[user:pass@]host[:port][?secure=true]. */
export function smtpTargetOf(url: string): SmtpTarget {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:' || u.searchParams.get('secure') === 'true';
  return {
    host: u.hostname,
    port: Number(u.port) || (secure ? 465 : 587),
    secure,
    ...(u.username ? { auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } } : {}),
  };
}

export interface Envelope {
  from: string;
  to: string[];
}

interface Task {
  envelope: Envelope;
  message: Readable;
  resolve: () => void;
  reject: (err: Error) => void;
}

/**
 * Pooled SMTP connections for the digest (nodemailer's SMTPConnection, up to
 * `size` open at once, `ratePerSecond` messages started per second at most, 0
 * = no limit). Unlike nodemailer's pooled transport, which starts reading a
 * message stream as soon as it is queued, a connection here reads the message
 * only once the server has answered DATA with 354: the stream's end (and
 * whatever it waits for) comes strictly between the accepted envelope and the
 * final ".", and a refused recipient never reads it at all.
 */
export class SmtpPool {
  private readonly queue: Task[] = [];
  private readonly idle: SMTPConnection[] = [];
  /** Connections open or being opened. */
  private readonly live = new Set<SMTPConnection>();
  private connecting = 0;
  private nextStart = 0;
  private closed = false;

  constructor(
    private readonly target: SmtpTarget,
    private readonly options: { size: number; ratePerSecond: number; logger: Logger },
  ) {}

  send(envelope: Envelope, message: Readable): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the SMTP pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ envelope, message, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length && (this.idle.length || this.live.size + this.connecting < this.options.size)) {
      const task = this.queue.shift()!;
      const connection = this.idle.pop();
      if (connection) void this.run(connection, task);
      else {
        this.connecting++;
        this.connect().then(
          (c) => {
            this.connecting--;
            this.live.add(c);
            void this.run(c, task);
          },
          (err: Error) => {
            this.connecting--;
            task.reject(err);
            this.pump();
          },
        );
      }
    }
  }

  private connect(): Promise<SMTPConnection> {
    const { host, port, secure, auth } = this.target;
    const connection = new SMTPConnection({
      host,
      port,
      secure,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    // Failures reach the send that is running; a connection that errs or ends (a server closing an idle one) is dropped.
    connection.on('error', (err) => this.options.logger.debug({ err: err.message }, 'smtp connection error'));
    connection.once('end', () => this.forget(connection));
    return new Promise((resolve, reject) => {
      connection.connect((err) => {
        if (err) return reject(err);
        if (!auth) return resolve(connection);
        connection.login(auth, (loginErr) => (loginErr ? reject(loginErr) : resolve(connection)));
      });
    });
  }

  private async run(connection: SMTPConnection, task: Task): Promise<void> {
    const rate = this.options.ratePerSecond;
    if (rate > 0) {
      const now = Date.now();
      const at = Math.max(now, this.nextStart);
      this.nextStart = at + 1000 / rate;
      if (at > now) await new Promise((r) => setTimeout(r, at - now));
    }
    connection.send(task.envelope, task.message, (err) => {
      if (!err) {
        task.resolve();
        this.release(connection);
        return;
      }
      task.reject(err);
      // A refusal leaves the session usable once reset; anything else (a lost connection, a timeout) ends it.
      if ((err as Error & { responseCode?: number }).responseCode) {
        connection.reset((resetErr) => (resetErr ? this.drop(connection) : this.release(connection)));
      } else this.drop(connection);
    });
  }

  private release(connection: SMTPConnection): void {
    if (this.closed) {
      this.drop(connection);
      return;
    }
    this.idle.push(connection);
    this.pump();
  }

  private forget(connection: SMTPConnection): void {
    this.live.delete(connection);
    const i = this.idle.indexOf(connection);
    if (i >= 0) this.idle.splice(i, 1);
    this.pump();
  }

  private drop(connection: SMTPConnection): void {
    try {
      connection.close();
    } catch {
      // already closed
    }
    this.forget(connection);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('the SMTP pool is closed'));
    for (const connection of this.idle.splice(0)) {
      this.live.delete(connection);
      connection.quit();
    }
  }
}
