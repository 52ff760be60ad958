import { Router, type Request } from 'express';
import { parseRequest, recordAudit, type AuditAction, type Knex } from '@neuralbeat/common';
import {
  newsletterIssueEditSchema,
  newsletterIssueIdSchema,
  newsletterScheduleSchema,
  newsletterTestSendSchema,
  type AdminNewsletterDryRunResponse,
  type AdminNewsletterIssueResponse,
  type AdminNewsletterIssuesResponse,
} from '@neuralbeat/common/contracts';
import type { NewsletterIssues } from '../../newsletter/newsletterIssues';

/** The operator's newsletter issues: compose, preview, edit, test, schedule, send now, dry run. Every change is audited. */
export function newsletterRoutes(deps: { db: Knex; issues: NewsletterIssues }): Router {
  const { issues } = deps;
  const router = Router();
  const audit = (req: Request, action: AuditAction, id: number, params: Record<string, unknown> = {}) =>
    recordAudit(deps.db, {
      actor: { id: req.adminUser!.id, username: req.adminUser!.username },
      action,
      params,
      affectedIds: [id],
      requestId: req.requestId,
    });
  const detail = async (id: number): Promise<AdminNewsletterIssueResponse> => ({ issue: await issues.detail(id) });

  router.get('/newsletter/issues', async (_req, res) => {
    const body: AdminNewsletterIssuesResponse = { issues: await issues.list() };
    res.json(body);
  });
  router.post('/newsletter/issues', async (req, res) => {
    const row = await issues.compose();
    await audit(req, 'newsletterCompose', row.id, { number: row.number });
    res.status(201).json(await detail(row.id));
  });
  router.get('/newsletter/issues/:id', async (req, res) => {
    const { id } = parseRequest(newsletterIssueIdSchema, req.params);
    res.json(await detail(id));
  });
  router.patch('/newsletter/issues/:id', async (req, res) => {
    const { id } = parseRequest(newsletterIssueIdSchema, req.params);
    const patch = parseRequest(newsletterIssueEditSchema, req.body ?? {});
    await issues.edit(id, patch);
    await audit(req, 'newsletterEdit', id, { fields: Object.keys(patch) });
    res.json(await detail(id));
  });
  router.post('/newsletter/issues/:id/test', async (req, res) => {
    const { id } = parseRequest(newsletterIssueIdSchema, req.params);
    const { email } = parseRequest(newsletterTestSendSchema, req.body ?? {});
    await issues.testSend(id, email);
    // The address itself stays out of the audit log, as out of every log.
    await audit(req, 'newsletterTest', id);
    res.json({ message: 'Test sent' });
  });
  router.post('/newsletter/issues/:id/schedule', async (req, res) => {
    const { id } = parseRequest(newsletterIssueIdSchema, req.params);
    const { at } = parseRequest(newsletterScheduleSchema, req.body ?? {});
    await issues.schedule(id, new Date(at));
    await audit(req, 'newsletterSchedule', id, { at });
    res.json(await detail(id));
  });
  router.post('/newsletter/issues/:id/send-now', async (req, res) => {
    const { id } = parseRequest(newsletterIssueIdSchema, req.params);
    await issues.sendNow(id);
    await audit(req, 'newsletterSend', id);
    res.json(await detail(id));
  });
  router.get('/newsletter/issues/:id/dry-run', async (req, res) => {
    const { id } = parseRequest(newsletterIssueIdSchema, req.params);
    await issues.get(id);
    const body: AdminNewsletterDryRunResponse = { recipients: await issues.dryRun() };
    res.json(body);
  });
  return router;
}
