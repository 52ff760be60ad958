import {
  createDb,
  createLogger,
  createRedis,
  EventBus,
  OutboxRelay,
  serve,
  ServiceMetrics,
  type Logger,
  type RunningServer,
} from '@neuralbeat/common';
import { createPipelineApp } from './app';
import { startPipelineAdmin } from './admin';
import { scheduleCollection } from './collect/scheduler';
import type { PipelineConfig } from './config';
import { crawlerUserAgent } from './crawler';
import { demoFeedsRouter, registerDemoSources } from './demoFeeds';
import { QueueArticleFlow } from './flow';
import { startForgetUnconfirmed } from './mail/forgetUnconfirmed';
import { MailRepository } from './repositories/mailRepository';
import { startPipelineMail } from './mail/pipelineMail';
import { createDigest } from './newsletter/digest';
import { JobCollector } from './jobs/jobCollector';
import { closeQueues, createPipelineQueues } from './queues';
import { queueMetrics } from './queueMetrics';
import { PipelineSweep } from './sweep/pipelineSweep';
import { startWorkers } from './workers';
import { transactionalMailHandlers } from './workers/transactionalMail';
import { startAdminFixWorker } from './workers/adminFix';

/** The roles PIPELINE_ROLES names (`api`, `worker`, or both). */
function pipelineRoles(cfg: Pick<PipelineConfig, 'PIPELINE_ROLES'>): { api: boolean; worker: boolean } {
  const roles = cfg.PIPELINE_ROLES.split(',');
  return { api: roles.includes('api'), worker: roles.includes('worker') };
}

/**
 * Wires the pipeline for its roles (PIPELINE_ROLES). `api`: the operator API,
 * collection schedules and the sweep. `worker`: the stage workers, the admin-fix
 * worker and the `article.collected` subscription that enters new articles into
 * the first stage. Every role serves health, the demo feeds (a worker collects
 * them from its own address) and runs an outbox relay for the events it writes.
 * What must happen once across the installation is guarded in Postgres or Redis,
 * never here: the sweep by an advisory lock, collection by BullMQ job schedulers,
 * the relay by SKIP LOCKED, admin fixes by an advisory lock (workers/adminFix.ts).
 * Used by main.ts and tests.
 */
export async function startPipeline(cfg: PipelineConfig, logger: Logger = createLogger('pipeline', cfg.LOG_LEVEL)): Promise<RunningServer> {
  const roles = pipelineRoles(cfg);
  const db = createDb(cfg.DATABASE_URL, {}, logger);
  const redis = createRedis(cfg.REDIS_URL, logger);
  const bus = new EventBus({ connection: redis, prefix: cfg.REDIS_PREFIX, logger });
  const queues = createPipelineQueues(redis, cfg);
  const flow = new QueueArticleFlow(queues, db);
  const deps = { db, redis, logger, config: cfg, flow, bus };
  // The pipeline writes events too (collected, published); its relay also covers content's while that is down.
  const relay = new OutboxRelay({ db, bus, logger, pollMs: cfg.OUTBOX_POLL_MS, relayAfterMs: cfg.OUTBOX_RELAY_AFTER_MS }).start();
  // All mail leaves through the relay at SMTP_URL or, with none, the local catcher: the first process of the
  // installation to start takes its port, the others send to it.
  const mail = await startPipelineMail({ db, logger, config: cfg });
  // The weekly digest: its workers (role worker) send where the pipeline's mail goes.
  const digest = await createDigest({ db, redis, logger, config: cfg, smtpUrl: mail.smtpUrl, workers: roles.worker });
  const admin = roles.api ? startPipelineAdmin({ ...deps, mail }, queues, { newsletter: digest.issues }) : undefined;
  const adminFixWorker = roles.worker ? startAdminFixWorker(deps, redis) : undefined;
  const metrics = cfg.METRICS_ENABLED ? new ServiceMetrics('pipeline') : undefined;
  const app = createPipelineApp({
    metrics,
    db,
    redis,
    logger,
    trustProxy: cfg.SERVICE_TRUSTED_PROXIES,
    routes: { ...(admin ? { '/api/admin': admin.router } : {}), ...(cfg.DEMO_FEEDS ? { '/demo-feeds': demoFeedsRouter() } : {}) },
  });
  const server = await serve(app, cfg.PIPELINE_PORT, cfg.LISTEN_HOST);
  const workers = roles.worker ? startWorkers(deps, redis) : [];
  if (metrics) {
    metrics.databasePool(db);
    queueMetrics(metrics, queues, workers);
  }
  let sweep: PipelineSweep | undefined;
  let forgetUnconfirmed: Awaited<ReturnType<typeof startForgetUnconfirmed>> | undefined;
  if (roles.worker) {
    const mailRepo = new MailRepository(db);
    bus.subscribe('pipeline', {
      'article.collected': ({ articleId }, event) => flow.start(articleId, event.requestId),
      ...transactionalMailHandlers({ repo: mailRepo, transport: mail.transport, logger, secret: mail.secret, config: cfg }),
    });
    forgetUnconfirmed = await startForgetUnconfirmed({ connection: redis, prefix: cfg.REDIS_PREFIX, repo: mailRepo, logger });
  }
  if (roles.api) {
    const expiry = new JobCollector(db, logger, bus, {
      timeoutMs: cfg.FEED_TIMEOUT_MS,
      userAgent: crawlerUserAgent(cfg),
      maxAgeDays: cfg.JOB_MAX_AGE_DAYS,
    });
    if (cfg.DEMO_FEEDS) await registerDemoSources(db, `http://127.0.0.1:${server.port}`);
    sweep = new PipelineSweep({
      db,
      flow,
      collectQueue: queues.collect,
      logger,
      intervalSeconds: cfg.PIPELINE_SWEEP_INTERVAL_SECONDS,
      afterSeconds: cfg.PIPELINE_SWEEP_AFTER_SECONDS,
      collectIntervalSeconds: cfg.COLLECT_INTERVAL_SECONDS,
      closeExpiredJobs: async () => (await expiry.closeExpiredJobs()).length,
    }).start();
    const scheduled = await scheduleCollection(queues.collect, db, cfg.COLLECT_INTERVAL_SECONDS);
    logger.info({ port: server.port, sources: scheduled }, 'pipeline API listening; collection scheduled');
  }
  if (roles.worker || mail.catcher) {
    logger.info(
      { smtp: mail.smtp, catcherPort: mail.catcher?.port },
      mail.catcher ? 'mail caught locally (no SMTP_URL)' : 'mail goes to the SMTP relay',
    );
  }
  logger.info({ port: server.port, roles: cfg.PIPELINE_ROLES, workers: workers.length }, 'pipeline started');
  return {
    ...server,
    close: async () => {
      await server.close();
      await sweep?.close();
      // Running jobs finish before the workers close; unstarted ones stay queued for another worker or the next start.
      await Promise.all([...workers, ...(adminFixWorker ? [adminFixWorker] : [])].map((w) => w.close()));
      await forgetUnconfirmed?.close();
      await digest.close();
      await mail.close();
      await relay.close();
      await admin?.close();
      await closeQueues(queues);
      await bus.close();
      await db.destroy();
      redis.disconnect();
    },
  };
}
