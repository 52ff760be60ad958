import { QueueEvents } from 'bullmq';
import type { Router } from 'express';
import { sessionStoreFor } from '@neuralbeat/common';
import { PIPELINE_QUEUES } from '@neuralbeat/common/contracts';
import type { NewsletterIssues } from './newsletter/newsletterIssues';
import type { PipelineQueues } from './queues';
import { adminRoutes, type AdminMail } from './routes/admin';
import { AdminFixRunner } from './services/adminFixRunner';
import { DiagnosticsService } from './services/diagnosticsService';
import { PipelineStatsService } from './services/pipelineStatsService';
import { QueueMonitor } from './services/queueMonitor';
import { SourcesConsole } from './services/sourcesConsole';
import type { WorkerDeps } from './workers/types';

export interface PipelineAdmin {
  /** Mounted at /api/admin. */
  router: Router;
  close(): Promise<void>;
}

/** The operator side of the pipeline (role `api`): its API; the admin-fix worker runs with the other workers. */
export function startPipelineAdmin(
  deps: WorkerDeps & { mail: AdminMail },
  queues: PipelineQueues,
  options: { newsletter: NewsletterIssues },
): PipelineAdmin {
  const { db, redis, config } = deps;
  const events = new QueueEvents(PIPELINE_QUEUES.adminFix.name, { connection: redis, prefix: config.REDIS_PREFIX });
  events.on('error', (err) => deps.logger.error({ err }, 'admin fix events error'));
  const monitor = new QueueMonitor(db, queues, redis, config.REDIS_PREFIX);
  const router = adminRoutes({
    db,
    sessions: sessionStoreFor(redis, config),
    siteUrl: config.SITE_URL,
    stats: new PipelineStatsService(db),
    runner: new AdminFixRunner(queues.adminFix, events, config.ADMIN_FIX_TIMEOUT_MS),
    diagnostics: new DiagnosticsService(db, () => monitor.summaries(), config.STUCK_ARTICLE_MINUTES),
    queues: monitor,
    sources: new SourcesConsole(db, queues.collect, config.COLLECT_INTERVAL_SECONDS),
    mail: deps.mail,
    newsletter: options.newsletter,
  });
  return {
    router,
    close: async () => {
      await events.close();
      await monitor.close();
    },
  };
}
