import nodemailer, { type Transporter } from 'nodemailer';

export interface MailTransportSettings {
  /** smtp://user:pass@host:587 (STARTTLS when the server offers it), smtps://…:465 or ?secure=true for TLS from the start. */
  SMTP_URL: string;
  MAIL_POOL_SIZE: number;
  /** 0 = no limit. */
  MAIL_RATE_PER_SECOND: number;
}

export type MailTransport = Transporter;

/**
 * The one SMTP transport of a sending process (the pipeline): nodemailer's
 * pool of MAIL_POOL_SIZE connections, which also holds the send rate to
 * MAIL_RATE_PER_SECOND across them.
 */
export function createMailTransport(settings: MailTransportSettings): MailTransport {
  return nodemailer.createTransport({
    url: settings.SMTP_URL,
    pool: true,
    maxConnections: settings.MAIL_POOL_SIZE,
    // A connection is reopened after this many messages; relays tolerate far more than nodemailer's default 100.
    maxMessages: 1000,
    ...(settings.MAIL_RATE_PER_SECOND > 0 ? { rateDelta: 1000, rateLimit: settings.MAIL_RATE_PER_SECOND } : {}),
  });
}

/** Where mail goes, for logs and the console: the relay's address without its user or password. */
export function describeSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}
