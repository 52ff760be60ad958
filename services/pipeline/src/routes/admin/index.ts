import { Router } from 'express';
import { requireAdmin, type SessionStore } from '@neuralbeat/common';
import type { AdminFixRunner } from '../../services/adminFixRunner';
import type { DiagnosticsService } from '../../services/diagnosticsService';
import type { PipelineStatsService } from '../../services/pipelineStatsService';
import type { QueueMonitor } from '../../services/queueMonitor';
import type { SourcesConsole } from '../../services/sourcesConsole';
import type { Knex } from '@neuralbeat/common';
import type { NewsletterIssues } from '../../newsletter/newsletterIssues';
import type { PipelineMail } from '../../mail/pipelineMail';
import { fixRoutes } from './fixes';
import { mailRoutes } from './mail';
import { newsletterRoutes } from './newsletter';
import { operationsRoutes } from './operations';
import { statsRoutes } from './stats';

/** What the Mail page reads: the local catcher, if this pipeline runs one, and where mail goes. */
export type AdminMail = Pick<PipelineMail, 'catcher' | 'smtp'>;

export interface AdminRouteDeps {
  db: Knex;
  sessions: SessionStore;
  siteUrl: string;
  stats: PipelineStatsService;
  runner: AdminFixRunner;
  diagnostics: DiagnosticsService;
  queues: QueueMonitor;
  sources: SourcesConsole;
  mail: AdminMail;
  newsletter: NewsletterIssues;
}

/** The operator API under /api/admin: every call behind the one operator gate of services/common. */
export function adminRoutes(deps: AdminRouteDeps): Router {
  const router = Router();
  router.use(requireAdmin({ sessions: deps.sessions, siteUrl: deps.siteUrl }));
  router.use(statsRoutes(deps.stats));
  router.use(fixRoutes(deps.runner));
  router.use(operationsRoutes(deps));
  router.use(mailRoutes({ db: deps.db, mail: deps.mail }));
  router.use(newsletterRoutes({ db: deps.db, issues: deps.newsletter }));
  return router;
}
