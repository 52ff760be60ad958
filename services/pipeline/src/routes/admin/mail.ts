import { Router } from 'express';
import { notFound, recordAudit, type Knex } from '@neuralbeat/common';
import type { AdminMailListResponse, AdminMailMessageResponse } from '@neuralbeat/common/contracts';
import type { PipelineMail } from '../../mail/pipelineMail';

/** The console's Mail page: what the local catcher caught (none when mail goes to a relay). */
export function mailRoutes(deps: { db: Knex; mail: Pick<PipelineMail, 'catcher' | 'smtp'> }): Router {
  const { catcher, smtp } = deps.mail;
  const router = Router();
  router.get('/mail', (_req, res) => {
    const body: AdminMailListResponse = {
      enabled: Boolean(catcher),
      smtp,
      messages: (catcher?.messages() ?? []).map((m) => ({
        id: m.id,
        receivedAt: m.receivedAt.toISOString(),
        from: m.from,
        to: m.to,
        subject: m.subject,
        size: m.size,
      })),
    };
    res.json(body);
  });
  router.get('/mail/:id', (req, res) => {
    const m = catcher?.message(String(req.params.id));
    if (!m) throw notFound('No such message (the catcher keeps the last 500)');
    const body: AdminMailMessageResponse = {
      message: {
        id: m.id,
        receivedAt: m.receivedAt.toISOString(),
        from: m.from,
        to: m.to,
        subject: m.subject,
        headers: m.headers,
        html: m.html,
        text: m.text,
      },
    };
    res.json(body);
  });
  router.delete('/mail', async (req, res) => {
    const count = catcher?.messages().length ?? 0;
    catcher?.clear();
    await recordAudit(deps.db, {
      actor: { id: req.adminUser!.id, username: req.adminUser!.username },
      action: 'mailClear',
      affectedIds: [],
      affectedCount: count,
      requestId: req.requestId,
    });
    res.json({ message: count === 1 ? 'Deleted 1 caught message' : `Deleted ${count} caught messages` });
  });
  return router;
}
