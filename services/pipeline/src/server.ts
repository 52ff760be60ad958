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
import { demoFeedsRouter, registerDemoSources } from './demoFeeds';
import { QueueArticleFlow } from './flow';
import { closeQueues, createPipelineQueues } from './queues';
import { queueMetrics } from './queueMetrics';
import { PipelineSweep } from './sweep/pipelineSweep';
import { startWorkers } from './workers';

export interface PipelineOptions {
  /** Tests that drive processors directly turn the workers off. */
  workers?: boolean;
}

/**
 * Wires the pipeline: queues, the stage workers, the `article.collected`
 * subscription that enters new articles into the first stage, the sweep,
 * collection schedules, demo feeds, the outbox relay and the HTTP side.
 * Used by main.ts and tests.
 */
export async function startPipeline(
  cfg: PipelineConfig,
  logger: Logger = createLogger('pipeline', cfg.LOG_LEVEL),
  options: PipelineOptions = {},
): Promise<RunningServer> {
  const db = createDb(cfg.DATABASE_URL, {}, logger);
  const redis = createRedis(cfg.REDIS_URL, logger);
  const bus = new EventBus({ connection: redis, prefix: cfg.REDIS_PREFIX, logger });
  const queues = createPipelineQueues(redis, cfg);
  const flow = new QueueArticleFlow(queues, db);
  // The pipeline writes events too (collected, published); its relay also covers content's while that is down.
  const relay = new OutboxRelay({ db, bus, logger, pollMs: cfg.OUTBOX_POLL_MS, relayAfterMs: cfg.OUTBOX_RELAY_AFTER_MS }).start();
  const admin = startPipelineAdmin({ db, redis, logger, config: cfg, flow, bus }, queues, { worker: options.workers !== false });
  const metrics = cfg.METRICS_ENABLED ? new ServiceMetrics('pipeline') : undefined;
  const app = createPipelineApp({
    metrics,
    db,
    redis,
    logger,
    trustProxy: cfg.SERVICE_TRUSTED_PROXIES,
    routes: { '/api/admin': admin.router, ...(cfg.DEMO_FEEDS ? { '/demo-feeds': demoFeedsRouter() } : {}) },
  });
  const server = await serve(app, cfg.PIPELINE_PORT, cfg.LISTEN_HOST);
  const workers = options.workers === false ? [] : startWorkers({ db, redis, logger, config: cfg, flow, bus }, redis);
  if (metrics) {
    metrics.databasePool(db);
    queueMetrics(metrics, queues, workers);
  }
  let sweep: PipelineSweep | undefined;
  if (cfg.DEMO_FEEDS) await registerDemoSources(db, `http://127.0.0.1:${server.port}`);
  if (workers.length) {
    bus.subscribe('pipeline', { 'article.collected': ({ articleId }, event) => flow.start(articleId, event.requestId) });
    sweep = new PipelineSweep({
      db,
      flow,
      collectQueue: queues.collect,
      logger,
      intervalSeconds: cfg.PIPELINE_SWEEP_INTERVAL_SECONDS,
      afterSeconds: cfg.PIPELINE_SWEEP_AFTER_SECONDS,
      collectIntervalSeconds: cfg.COLLECT_INTERVAL_SECONDS,
    }).start();
    const scheduled = await scheduleCollection(queues.collect, db, cfg.COLLECT_INTERVAL_SECONDS);
    logger.info({ port: server.port, sources: scheduled }, 'pipeline listening; collection scheduled');
  }
  return {
    ...server,
    close: async () => {
      await server.close();
      await sweep?.close();
      // Running jobs finish before the workers close; unstarted ones stay queued for the next start.
      await Promise.all(workers.map((w) => w.close()));
      await relay.close();
      await admin.close();
      await closeQueues(queues);
      await bus.close();
      await db.destroy();
      redis.disconnect();
    },
  };
}
