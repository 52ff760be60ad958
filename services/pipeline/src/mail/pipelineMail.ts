import type { Knex, Logger } from '@neuralbeat/common';
import { MailCatcher } from '@neuralbeat/common/mail/catcher';
import { createMailTransport, describeSmtpUrl, type MailTransport } from '@neuralbeat/common/mail/transport';
import { newsletterSecret } from '@neuralbeat/common/mail/tokens';

export interface PipelineMailSettings {
  SMTP_URL?: string;
  MAIL_CATCHER_PORT: number;
  MAIL_POOL_SIZE: number;
  MAIL_RATE_PER_SECOND: number;
  NEWSLETTER_SECRET?: string;
}

/** Where the pipeline's mail goes and what sends it. */
export interface PipelineMail {
  /** SMTP_URL, or the local catcher's address. */
  smtpUrl: string;
  /** smtpUrl without credentials, for the console and logs. */
  smtp: string;
  /** The catcher this process runs (no SMTP_URL, and its port was free). */
  catcher?: MailCatcher;
  transport: MailTransport;
  /** The secret that signs newsletter links. */
  secret(): Promise<string>;
  close(): Promise<void>;
}

const isAddressInUse = (err: unknown) => (err as NodeJS.ErrnoException).code === 'EADDRINUSE';

/**
 * The pipeline's mail: the relay at SMTP_URL, or with none the local catcher
 * on MAIL_CATCHER_PORT, started here so a fresh install shows every mail in
 * the console. When that port is taken (another pipeline on this machine runs
 * one), mail goes to the catcher already there.
 */
export async function startPipelineMail(deps: { db: Knex; logger: Logger; config: PipelineMailSettings }): Promise<PipelineMail> {
  const { config, logger } = deps;
  let catcher: MailCatcher | undefined;
  let smtpUrl = config.SMTP_URL;
  if (!smtpUrl) {
    let port = config.MAIL_CATCHER_PORT;
    try {
      catcher = await new MailCatcher({ port }).start();
      port = catcher.port;
    } catch (err) {
      if (!isAddressInUse(err)) throw err;
      logger.info({ catcherPort: port }, 'mail catcher port in use: sending to the catcher already there');
    }
    smtpUrl = `smtp://127.0.0.1:${port}`;
  }
  const transport = createMailTransport({ ...config, SMTP_URL: smtpUrl });
  let secret: Promise<string> | undefined;
  const getSecret = () => {
    secret ??= newsletterSecret(deps.db, config.NEWSLETTER_SECRET).catch((err: unknown) => {
      secret = undefined;
      throw err;
    });
    return secret;
  };
  return {
    smtpUrl,
    smtp: describeSmtpUrl(smtpUrl),
    catcher,
    transport,
    secret: getSecret,
    close: async () => {
      transport.close();
      await catcher?.stop();
    },
  };
}
