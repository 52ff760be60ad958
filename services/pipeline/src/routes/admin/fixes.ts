import { Router, type Request } from 'express';
import { parseRequest } from '@neuralbeat/common';
import { dryRunRequestSchema, duplicateResetRequestSchema } from '@neuralbeat/common/contracts';
import type { AdminFixRunner } from '../../services/adminFixRunner';

const actor = (req: Request) => ({ id: req.adminUser!.id, username: req.adminUser!.username });

/** The fix tools (docs/operator-console.md), each a job on the admin-fix queue whose result is the answer. Dry run unless `dryRun: false`. */
export function fixRoutes(runner: AdminFixRunner): Router {
  const router = Router();
  router.post('/reset-duplicates', async (req, res) => {
    const body = parseRequest(duplicateResetRequestSchema, req.body ?? {});
    res.json(await runner.run({ kind: 'duplicateReset', ...body, requestId: req.requestId, actor: actor(req) }));
  });
  router.post('/fix-published-statuses', async (req, res) => {
    const { dryRun } = parseRequest(dryRunRequestSchema, req.body ?? {});
    res.json(await runner.run({ kind: 'publishedStatusFix', dryRun, requestId: req.requestId, actor: actor(req) }));
  });
  router.post('/fix-low-seo-articles', async (req, res) => {
    const { dryRun } = parseRequest(dryRunRequestSchema, req.body ?? {});
    res.json(await runner.run({ kind: 'lowSeoFix', dryRun, requestId: req.requestId, actor: actor(req) }));
  });
  router.post('/requeue-stuck-articles', async (req, res) => {
    const { dryRun } = parseRequest(dryRunRequestSchema, req.body ?? {});
    res.json(await runner.run({ kind: 'stuckRequeue', dryRun, requestId: req.requestId, actor: actor(req) }));
  });
  return router;
}
