import { transactionWithEvents, type EventBus, type Knex } from '@neuralbeat/common';
import type { contactMessageSchema } from '@neuralbeat/common/contracts';
import type { z } from 'zod';
import { normalizeEmail } from '@neuralbeat/common/mail/address';
import { ContactMessagesRepository } from '../repositories/contactMessagesRepository';

/** Contact messages: stored, then mailed to SITE_CONTACT_EMAIL by the pipeline (`contact.message-received`). */
export class ContactService {
  readonly messages: ContactMessagesRepository;

  constructor(
    private readonly db: Knex,
    private readonly bus: Pick<EventBus, 'publish'>,
  ) {
    this.messages = new ContactMessagesRepository(db);
  }

  /** Stores and announces a message; one whose honeypot is filled (a bot) is dropped without a trace. */
  async receive(input: z.output<typeof contactMessageSchema>, requestId?: string): Promise<void> {
    if (input.website.trim()) return;
    await transactionWithEvents(this.db, this.bus, async (trx, emit) => {
      const id = await this.messages.insert(trx, {
        name: input.name,
        email: normalizeEmail(input.email),
        subject: input.subject,
        message: input.message,
      });
      emit('contact.message-received', { messageId: id }, requestId);
    });
  }
}
