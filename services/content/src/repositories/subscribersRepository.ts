import type { Knex } from '@neuralbeat/common';
import type { SubscriberStatus } from '@neuralbeat/common/contracts';

export interface SubscriberRow {
  id: number;
  email: string;
  status: SubscriberStatus;
  token_nonce: string;
  created_at: Date;
  updated_at: Date;
  confirmation_sent_at: Date | null;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
  suppressed_at: Date | null;
  suppressed_reason: string | null;
}

export interface SubscriberDeliveryRow {
  issue_id: number;
  number: number | null;
  subject: string | null;
  status: string;
  attempts: number;
  sent_at: Date | null;
}

/** Suppressions by the webhook: the status each event type sets. */
const SUPPRESSED_STATUS = { bounce: 'bounced', complaint: 'complained', unsubscribe: 'unsubscribed' } as const;

/** Newsletter subscribers (`newsletters`): double opt-in state, unsubscribes, suppressions. */
export class SubscribersRepository {
  constructor(private readonly db: Knex) {}

  /** The row of an address, locked for the rest of the transaction; created pending when new. */
  async lockOrCreate(trx: Knex.Transaction, email: string): Promise<{ row: SubscriberRow; created: boolean }> {
    const [inserted] = await trx<SubscriberRow>('newsletters').insert({ email }).onConflict('email').ignore().returning('*');
    if (inserted) return { row: inserted, created: true };
    const row = await trx<SubscriberRow>('newsletters').where({ email }).forUpdate().first();
    return { row: row!, created: false };
  }

  /** Back to pending (a new subscription of an unsubscribed or long-suppressed address), or a pending one asked again. */
  async markPending(trx: Knex.Transaction, id: number): Promise<void> {
    await trx('newsletters').where({ id }).update({
      status: 'pending',
      confirmed_at: null,
      unsubscribed_at: null,
      suppressed_at: null,
      suppressed_reason: null,
      updated_at: trx.fn.now(),
    });
  }

  find(id: number, db: Knex = this.db): Promise<SubscriberRow | undefined> {
    return db<SubscriberRow>('newsletters').where({ id }).first();
  }

  /** Confirms a pending subscriber; a confirmed one stays as it is. Undefined when neither (forgotten, unsubscribed). */
  async confirm(id: number): Promise<SubscriberRow | undefined> {
    const [row] = await this.db<SubscriberRow>('newsletters')
      .where({ id })
      .whereIn('status', ['pending', 'confirmed'])
      .update({
        status: 'confirmed',
        confirmed_at: this.db.raw('coalesce(confirmed_at, now())'),
        updated_at: this.db.raw("CASE WHEN status = 'pending' THEN now() ELSE updated_at END"),
      } as never)
      .returning('*');
    return row;
  }

  /** Unsubscribes a pending or confirmed subscriber; bounced and complained ones stay suppressed as they are. */
  async unsubscribe(id: number): Promise<void> {
    await this.db('newsletters').where({ id }).whereIn('status', ['pending', 'confirmed']).update({
      status: 'unsubscribed',
      unsubscribed_at: this.db.fn.now(),
      updated_at: this.db.fn.now(),
    });
  }

  /** Suppresses the given addresses (a provider's bounce, complaint or unsubscribe report); returns how many rows changed. */
  async suppress(type: keyof typeof SUPPRESSED_STATUS, emails: string[]): Promise<number> {
    if (!emails.length) return 0;
    const status = SUPPRESSED_STATUS[type];
    const changed = await this.db('newsletters')
      .whereIn('email', emails)
      .whereNot({ status })
      // An unsubscribe report does not soften a bounce or a complaint.
      .modify((q) => (type === 'unsubscribe' ? q.whereIn('status', ['pending', 'confirmed']) : q))
      .update({
        status,
        suppressed_at: this.db.fn.now(),
        suppressed_reason: type,
        updated_at: this.db.fn.now(),
        ...(type === 'unsubscribe' ? { unsubscribed_at: this.db.fn.now() } : {}),
      });
    return changed;
  }

  async list(filter: {
    q?: string;
    status?: SubscriberStatus;
    limit: number;
    offset: number;
  }): Promise<{ rows: SubscriberRow[]; total: number }> {
    const where = (q: Knex.QueryBuilder) => {
      if (filter.status) q.where({ status: filter.status });
      if (filter.q) q.whereRaw("email ILIKE '%' || ? || '%'", [filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)]);
    };
    const [rows, [{ total }]] = await Promise.all([
      this.db<SubscriberRow>('newsletters').modify(where).orderBy('id', 'desc').limit(filter.limit).offset(filter.offset),
      this.db('newsletters').modify(where).count<{ total: string }[]>({ total: '*' }),
    ]);
    return { rows, total: Number(total) };
  }

  deliveries(id: number): Promise<SubscriberDeliveryRow[]> {
    return this.db('newsletter_deliveries as d')
      .leftJoin('newsletter_issues as i', 'i.id', 'd.issue_id')
      .where('d.subscriber_id', id)
      .orderBy('d.issue_id')
      .select('d.issue_id', 'i.number', 'i.subject', 'd.status', 'd.attempts', 'd.sent_at');
  }

  /** Deletes the subscriber (their deliveries go with them, by foreign key); false when there was none. */
  async delete(trx: Knex.Transaction, id: number): Promise<boolean> {
    return (await trx('newsletters').where({ id }).delete()) > 0;
  }
}
