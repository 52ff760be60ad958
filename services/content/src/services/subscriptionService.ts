import { badRequest, transactionWithEvents, type EventBus, type Knex } from '@neuralbeat/common';
import { NEWSLETTER_MESSAGES, type NewsletterConfirmResponse, type NewsletterUnsubscribeInfo } from '@neuralbeat/common/contracts';
import { maskEmail, normalizeEmail } from '@neuralbeat/common/mail/address';
import { newsletterSecret, unsubscribeTokenSubscriber, verifyConfirmToken, verifyUnsubscribeToken } from '@neuralbeat/common/mail/tokens';
import { SubscribersRepository, type SubscriberRow } from '../repositories/subscribersRepository';

/**
 * A bounced or complained address that subscribes again gets a confirmation
 * only after this long: within it, a hard bounce would only bounce again (and
 * cost the sender's reputation), and a complaint is too recent to mail its
 * owner; after it the mailbox may exist again, and double opt-in proves it.
 */
export const SUPPRESSION_QUIET_MS = 30 * 24 * 60 * 60 * 1000;

const badToken = () => badRequest(NEWSLETTER_MESSAGES.badToken, 'token');

/**
 * Double opt-in subscriptions. Every answer of `subscribe` is the same, and
 * every path is one short transaction (a locked or new row, at most one
 * update, one outbox row and its publication), with any mail sent later by
 * another process: neither the answer nor its timing tells whether an address
 * was known. The confirmation mail is the pipeline's
 * (`newsletter.confirmation-requested`, services/pipeline/src/workers/transactionalMail.ts).
 */
export class SubscriptionService {
  readonly subscribers: SubscribersRepository;
  private secret?: Promise<string>;

  constructor(
    private readonly db: Knex,
    private readonly bus: Pick<EventBus, 'publish'>,
    private readonly configuredSecret: string | undefined,
  ) {
    this.subscribers = new SubscribersRepository(db);
  }

  private tokenSecret(): Promise<string> {
    this.secret ??= newsletterSecret(this.db, this.configuredSecret).catch((err: unknown) => {
      this.secret = undefined;
      throw err;
    });
    return this.secret;
  }

  async subscribe(rawEmail: string, requestId?: string): Promise<void> {
    const email = normalizeEmail(rawEmail);
    await transactionWithEvents(this.db, this.bus, async (trx, emit) => {
      const { row, created } = await this.subscribers.lockOrCreate(trx, email);
      const suppressedFor = row.suppressed_at ? Date.now() - row.suppressed_at.getTime() : Infinity;
      const reopen =
        row.status === 'pending' ||
        row.status === 'unsubscribed' ||
        ((row.status === 'bounced' || row.status === 'complained') && suppressedFor >= SUPPRESSION_QUIET_MS);
      // Pending again, or still: the week before it is forgotten starts now.
      if (!created && reopen) await this.subscribers.markPending(trx, row.id);
      // Asked for every address, known or not, so every answer costs the same: the pipeline mails only a pending
      // address, at most once an hour (its claim on confirmation_sent_at).
      emit('newsletter.confirmation-requested', { subscriberId: row.id }, requestId);
    });
  }

  async confirm(token: string): Promise<NewsletterConfirmResponse> {
    const id = verifyConfirmToken(await this.tokenSecret(), token);
    const row = id === null ? undefined : await this.subscribers.confirm(id);
    if (!row) throw badToken();
    return { message: NEWSLETTER_MESSAGES.confirmed, email: row.email };
  }

  /** The subscriber an unsubscribe link is for, when its signature holds for their current nonce. */
  private async subscriberOf(token: string): Promise<SubscriberRow> {
    const id = unsubscribeTokenSubscriber(token);
    const row = id === null ? undefined : await this.subscribers.find(id);
    if (!row || !verifyUnsubscribeToken(await this.tokenSecret(), token, row.token_nonce)) throw badToken();
    return row;
  }

  async unsubscribeInfo(token: string): Promise<NewsletterUnsubscribeInfo> {
    const row = await this.subscriberOf(token);
    return { email: maskEmail(row.email), status: row.status };
  }

  async unsubscribe(token: string): Promise<void> {
    const row = await this.subscriberOf(token);
    await this.subscribers.unsubscribe(row.id);
  }
}
