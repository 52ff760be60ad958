import type { EventHandlers, Logger } from '@neuralbeat/common';
import { CONFIRMATION_RESEND_MS } from '@neuralbeat/common/contracts';
import { withoutAddresses } from '@neuralbeat/common/mail/address';
import { confirmToken, confirmUrl } from '@neuralbeat/common/mail/tokens';
import type { MailTransport } from '@neuralbeat/common/mail/transport';
import type { MailRepository } from '../repositories/mailRepository';
import { confirmationMail, contactMail } from '../mail/transactionalMessages';

/** SMTP's answer to a refused message, as nodemailer reports it. */
interface SmtpError extends Error {
  responseCode?: number;
}

/** What went wrong, fit for the console and logs: the SMTP reply without the addresses it may quote. */
const describeFailure = (err: SmtpError) =>
  withoutAddresses(`${err.responseCode ? `${err.responseCode} ` : ''}${err.message}`).slice(0, 500);
const isPermanent = (err: SmtpError) => (err.responseCode ?? 0) >= 500;

export interface TransactionalMailDeps {
  repo: MailRepository;
  transport: MailTransport;
  logger: Logger;
  secret: () => Promise<string>;
  config: { MAIL_FROM: string; SITE_URL: string; SITE_CONTACT_EMAIL: string };
}

/**
 * The pipeline's event handlers for transactional mail. Delivery of events is
 * at least once: the confirmation is claimed before it is sent (at most one an
 * hour), and a contact message is sent until it is marked delivered. A 4xx or
 * a lost connection is retried by the event queue with backoff; a 5xx is final.
 */
export function transactionalMailHandlers(deps: TransactionalMailDeps): EventHandlers {
  const { repo, transport, logger, config } = deps;
  return {
    'newsletter.confirmation-requested': async ({ subscriberId }) => {
      const claim = await repo.claimConfirmation(subscriberId, CONFIRMATION_RESEND_MS);
      if (!claim) return;
      const mail = confirmationMail(confirmUrl(config.SITE_URL, confirmToken(await deps.secret(), subscriberId)));
      try {
        await transport.sendMail({ from: config.MAIL_FROM, to: claim.email, ...mail });
      } catch (err) {
        if (isPermanent(err as SmtpError)) {
          await repo.markBounced(subscriberId);
          logger.warn({ subscriberId, reason: describeFailure(err as SmtpError) }, 'confirmation refused for good: address suppressed');
          return;
        }
        await repo.releaseConfirmation(subscriberId, claim);
        throw new Error(`confirmation mail not sent: ${describeFailure(err as SmtpError)}`, { cause: err });
      }
      logger.info({ subscriberId }, 'confirmation mail sent');
    },
    'contact.message-received': async ({ messageId }) => {
      const message = await repo.undeliveredContactMessage(messageId);
      if (!message) return;
      const mail = contactMail(message, `${config.SITE_URL.replace(/\/+$/, '')}/admin/messages`);
      try {
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: config.SITE_CONTACT_EMAIL,
          replyTo: { name: message.name, address: message.email },
          ...mail,
        });
      } catch (err) {
        const reason = describeFailure(err as SmtpError);
        await repo.contactFailed(messageId, reason);
        if (isPermanent(err as SmtpError)) {
          logger.error({ messageId, reason }, 'contact message refused for good by the mail server');
          return;
        }
        throw new Error(`contact message not sent: ${reason}`, { cause: err });
      }
      await repo.contactDelivered(messageId);
      logger.info({ messageId }, 'contact message delivered');
    },
  };
}
