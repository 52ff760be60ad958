import type { Knex } from '@neuralbeat/common';
import type { ContactMessage } from '../mail/transactionalMessages';

/**
 * A claim on a pending subscriber's confirmation mail: who, and the send time it replaced (to give the claim back).
 * Times are Postgres's own text: a JS Date would lose the microseconds the release compares.
 */
export interface ConfirmationClaim {
  email: string;
  claimedAt: string;
  previous: string | null;
}

/** The pipeline's reads and writes of content's subscriber and contact tables for transactional mail. */
export class MailRepository {
  constructor(private readonly db: Knex) {}

  /**
   * Claims the confirmation mail of a pending subscriber unless one went out
   * within the hour: concurrent or repeated events send at most one.
   */
  async claimConfirmation(subscriberId: number, resendAfterMs: number): Promise<ConfirmationClaim | undefined> {
    const { rows } = await this.db.raw<{ rows: { email: string; claimed_at: string; previous: string | null }[] }>(
      `UPDATE newsletters n SET confirmation_sent_at = now()
         FROM (SELECT id, confirmation_sent_at AS previous FROM newsletters WHERE id = ? FOR UPDATE) p
        WHERE n.id = p.id AND n.status = 'pending'
          AND (n.confirmation_sent_at IS NULL OR n.confirmation_sent_at < now() - make_interval(secs => ?))
      RETURNING n.email, n.confirmation_sent_at::text AS claimed_at, p.previous::text AS previous`,
      [subscriberId, resendAfterMs / 1000],
    );
    const row = rows[0];
    return row && { email: row.email, claimedAt: row.claimed_at, previous: row.previous };
  }

  /** Gives a claim back after a failed send, so the retry (or the next subscribe) may send. */
  async releaseConfirmation(subscriberId: number, claim: ConfirmationClaim): Promise<void> {
    await this.db('newsletters')
      .where({ id: subscriberId })
      .whereRaw('confirmation_sent_at = ?::timestamptz', [claim.claimedAt])
      .update({ confirmation_sent_at: claim.previous === null ? null : this.db.raw('?::timestamptz', [claim.previous]) });
  }

  /** The mail server refused the address for good: it is suppressed like a reported bounce. */
  async markBounced(subscriberId: number): Promise<void> {
    await this.db('newsletters').where({ id: subscriberId }).whereIn('status', ['pending', 'confirmed']).update({
      status: 'bounced',
      suppressed_at: this.db.fn.now(),
      suppressed_reason: 'bounce',
      updated_at: this.db.fn.now(),
    });
  }

  undeliveredContactMessage(id: number): Promise<ContactMessage | undefined> {
    return this.db('contact_messages')
      .where({ id })
      .whereNull('delivered_at')
      .first('id', 'name', 'email', 'subject', 'message', 'created_at');
  }

  async contactDelivered(id: number): Promise<void> {
    await this.db('contact_messages').where({ id }).update({ delivered_at: this.db.fn.now(), delivery_error: null });
  }

  async contactFailed(id: number, error: string): Promise<void> {
    await this.db('contact_messages').where({ id }).update({ delivery_error: error });
  }

  /** Forgets addresses left unconfirmed for `days` days (since they last asked); returns how many. */
  async forgetUnconfirmed(days: number): Promise<number> {
    return this.db('newsletters')
      .where({ status: 'pending' })
      .where('updated_at', '<', this.db.raw('now() - make_interval(days => ?)', [days]))
      .delete();
  }
}
