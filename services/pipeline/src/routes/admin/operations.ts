import { Router } from 'express';
import { z } from 'zod';
import { listAudit, parseRequest, type Knex } from '@neuralbeat/common';
import {
  auditQuerySchema,
  queueRetryRequestSchema,
  sourceAddRequestSchema,
  sourceIntervalRequestSchema,
} from '@neuralbeat/common/contracts';
import type { DiagnosticsService } from '../../services/diagnosticsService';
import type { QueueMonitor } from '../../services/queueMonitor';
import type { SourcesConsole } from '../../services/sourcesConsole';

const queueParam = z.object({ name: z.string().min(1).max(200) });
const sourceParam = z.object({
  id: z.coerce.number({ error: 'id must be a source id' }).int('id must be a source id').positive('id must be a source id'),
});
/** Diagnostics, queues, news sources and the audit log. */
export function operationsRoutes(deps: {
  db: Knex;
  diagnostics: DiagnosticsService;
  queues: QueueMonitor;
  sources: SourcesConsole;
}): Router {
  const router = Router();

  router.get('/diagnose-pipeline', async (_req, res) => {
    res.json({ report: await deps.diagnostics.report() });
  });

  router.get('/queues', async (_req, res) => {
    res.json({ queues: await deps.queues.summaries() });
  });
  router.post('/queues/:name/retry', async (req, res) => {
    const { name } = parseRequest(queueParam, req.params);
    const { jobId } = parseRequest(queueRetryRequestSchema, req.body ?? {});
    res.json(await deps.queues.retryFailed(name, req.adminUser!, jobId, req.requestId));
  });

  router.get('/sources', async (_req, res) => {
    res.json({ sources: await deps.sources.list() });
  });
  router.post('/sources', async (req, res) => {
    const { name, feedUrl, kind, intervalHours } = parseRequest(sourceAddRequestSchema, req.body ?? {});
    const row = await deps.sources.sources.add(name, feedUrl, kind, intervalHours);
    await deps.sources.audit(req.adminUser!, 'sourceAdd', row, req.requestId);
    res.status(201).json({
      message: `"${row.name}" is ${row.enabled ? 'scheduled and being collected now' : 'added (disabled)'}`,
      source: await deps.sources.present(row),
    });
  });
  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    router.post(`/sources/:id/${action}`, async (req, res) => {
      const { id } = parseRequest(sourceParam, req.params);
      const row = await deps.sources.sources.setEnabled(id, enabled);
      await deps.sources.audit(req.adminUser!, enabled ? 'sourceEnable' : 'sourceDisable', row, req.requestId);
      res.json({
        message: `"${row.name}" ${enabled ? 'enabled and being collected now' : 'disabled'}`,
        source: await deps.sources.present(row),
      });
    });
  }
  router.patch('/sources/:id', async (req, res) => {
    const { id } = parseRequest(sourceParam, req.params);
    const { intervalHours } = parseRequest(sourceIntervalRequestSchema, req.body ?? {});
    const row = await deps.sources.sources.setInterval(id, intervalHours);
    await deps.sources.audit(req.adminUser!, 'sourceInterval', row, req.requestId);
    res.json({ message: `"${row.name}" is collected every ${intervalHours} h`, source: await deps.sources.present(row) });
  });
  router.post('/sources/:id/collect', async (req, res) => {
    const { id } = parseRequest(sourceParam, req.params);
    const row = await deps.sources.sources.collectNow(id, req.requestId);
    await deps.sources.audit(req.adminUser!, 'sourceCollect', row, req.requestId);
    res.json({ message: `"${row.name}" queued for collection`, source: await deps.sources.present(row) });
  });

  router.get('/audit', async (req, res) => {
    const { limit } = parseRequest(auditQuerySchema, req.query);
    res.json({ entries: await listAudit(deps.db, limit) });
  });

  return router;
}
