import { Router, type Request } from 'express';
import { notFound, parseRequest, recordAudit, type AuditAction, type Knex } from '@neuralbeat/common';
import {
  adminContactMessagesQuerySchema,
  adminSubscribersQuerySchema,
  newsletterIdParamSchema,
  type AdminContactMessagesResponse,
  type AdminSubscriber,
  type AdminSubscribersResponse,
  type SubscriberExport,
} from '@neuralbeat/common/contracts';
import type { ContentDeps } from './deps';
import { ContactMessagesRepository, type ContactMessageRow } from '../repositories/contactMessagesRepository';
import { SubscribersRepository, type SubscriberRow } from '../repositories/subscribersRepository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const presentSubscriber = (r: SubscriberRow): AdminSubscriber => ({
  id: r.id,
  email: r.email,
  status: r.status,
  createdAt: r.created_at.toISOString(),
  confirmedAt: iso(r.confirmed_at),
  unsubscribedAt: iso(r.unsubscribed_at),
  suppressedReason: r.suppressed_reason,
});

const presentMessage = (r: ContactMessageRow) => ({
  id: r.id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  createdAt: r.created_at.toISOString(),
  deliveredAt: iso(r.delivered_at),
  deliveryError: r.delivery_error,
  readAt: iso(r.read_at),
});

/**
 * The operator's subscribers (list and search, export, delete) and contact
 * inbox, mounted behind the operator gate. Every change, and every export of
 * someone's data, is in the audit log, written with the change.
 */
export function newsletterAdminRoutes(deps: ContentDeps): Router {
  const subscribers = new SubscribersRepository(deps.db);
  const messages = new ContactMessagesRepository(deps.db);
  const router = Router();
  const audit = (db: Knex, req: Request, action: AuditAction, id: number) =>
    recordAudit(db, {
      actor: { id: req.adminUser!.id, username: req.adminUser!.username },
      action,
      affectedIds: [id],
      requestId: req.requestId,
    });

  router.get('/admin/newsletter/subscribers', async (req, res) => {
    const { rows, total } = await subscribers.list(parseRequest(adminSubscribersQuerySchema, req.query));
    const body: AdminSubscribersResponse = { subscribers: rows.map(presentSubscriber), total };
    res.json(body);
  });
  router.get('/admin/newsletter/subscribers/:id/export', async (req, res) => {
    const { id } = parseRequest(newsletterIdParamSchema, req.params);
    const row = await subscribers.find(id);
    if (!row) throw notFound('Subscriber not found');
    const body: SubscriberExport = {
      exportedAt: new Date().toISOString(),
      subscriber: {
        ...presentSubscriber(row),
        confirmationSentAt: iso(row.confirmation_sent_at),
        suppressedAt: iso(row.suppressed_at),
        updatedAt: row.updated_at.toISOString(),
      },
      deliveries: (await subscribers.deliveries(id)).map((d) => ({
        issueId: d.issue_id,
        issueNumber: d.number,
        subject: d.subject,
        status: d.status,
        attempts: d.attempts,
        sentAt: iso(d.sent_at),
      })),
    };
    await audit(deps.db, req, 'subscriberExport', id);
    res.set('content-disposition', `attachment; filename="subscriber-${id}.json"`);
    res.json(body);
  });
  router.delete('/admin/newsletter/subscribers/:id', async (req, res) => {
    const { id } = parseRequest(newsletterIdParamSchema, req.params);
    await deps.db.transaction(async (trx) => {
      if (!(await subscribers.delete(trx, id))) throw notFound('Subscriber not found');
      await audit(trx, req, 'subscriberDelete', id);
    });
    res.json({ message: 'The subscriber and everything stored about them are deleted.' });
  });

  router.get('/admin/contact-messages', async (req, res) => {
    const { limit, offset } = parseRequest(adminContactMessagesQuerySchema, req.query);
    const { rows, total } = await messages.list(limit, offset);
    const body: AdminContactMessagesResponse = { messages: rows.map(presentMessage), total };
    res.json(body);
  });
  router.post('/admin/contact-messages/:id/read', async (req, res) => {
    const { id } = parseRequest(newsletterIdParamSchema, req.params);
    await deps.db.transaction(async (trx) => {
      if (!(await messages.markRead(trx, id))) throw notFound('Message not found');
      await audit(trx, req, 'contactMessageRead', id);
    });
    res.json({ message: 'Marked as read' });
  });
  return router;
}
