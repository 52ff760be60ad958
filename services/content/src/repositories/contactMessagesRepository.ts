import type { Knex } from '@neuralbeat/common';

export interface ContactMessageRow {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Date;
  delivered_at: Date | null;
  delivery_error: string | null;
  read_at: Date | null;
}

/** Contact messages (`contact_messages`): stored for the operators' inbox; the pipeline mails each one. */
export class ContactMessagesRepository {
  constructor(private readonly db: Knex) {}

  async insert(trx: Knex.Transaction, message: Pick<ContactMessageRow, 'name' | 'email' | 'subject' | 'message'>): Promise<number> {
    const [row] = await trx('contact_messages').insert(message).returning('id');
    return row.id as number;
  }

  async list(limit: number, offset: number): Promise<{ rows: ContactMessageRow[]; total: number }> {
    const [rows, [{ total }]] = await Promise.all([
      this.db<ContactMessageRow>('contact_messages')
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(limit)
        .offset(offset),
      this.db('contact_messages').count<{ total: string }[]>({ total: '*' }),
    ]);
    return { rows, total: Number(total) };
  }

  /** Marks a message read (once: the first reading is kept); false when there is no such message. */
  async markRead(trx: Knex.Transaction, id: number): Promise<boolean> {
    const changed = await trx('contact_messages')
      .where({ id })
      .update({ read_at: trx.raw('coalesce(read_at, now())') });
    return changed > 0;
  }
}
