import { createDb, createLogger, createRedis, EventBus, serve, type Config, type Logger, type RunningServer } from '@neuralbeat/common';
import { createPipelineApp } from './app';
import { startPipelineAdmin } from './admin';
import { scheduleCollection } from './collect/scheduler';
import { demoFeedsRouter, registerDemoSources } from './demoFeeds';
import { QueueArticleFlow } from './flow';
import { closeQueues, createPipelineQueues } from './queues';
import { startWorkers } from './workers';

export interface PipelineOptions {
  /** Tests that drive processors directly turn the workers off. */
  workers?: boolean;
}

/** Wires the pipeline: queues, the stage workers, collection schedules, demo feeds and the HTTP side. Used by main.ts and tests. */
export async function startPipeline(cfg: Config, logger: Logger = createLogger('pipeline', cfg.LOG_LEVEL), options: PipelineOptions = {}): Promise<RunningServer> {
  const db = createDb(cfg.DATABASE_URL);
  const redis = createRedis(cfg.REDIS_URL);
  const bus = new EventBus({ connection: redis, prefix: cfg.REDIS_PREFIX, logger });
  const queues = createPipelineQueues(redis, cfg);
  const flow = new QueueArticleFlow(queues, db);
  const admin = startPipelineAdmin({ db, redis, logger, config: cfg, flow, bus }, queues, { worker: options.workers !== false });
  const app = createPipelineApp({ db, redis, logger, routes: { '/api/admin': admin.router, ...(cfg.DEMO_FEEDS ? { '/demo-feeds': demoFeedsRouter() } : {}) } });
  const server = await serve(app, cfg.PIPELINE_PORT, cfg.LISTEN_HOST);
  const workers = options.workers === false ? [] : startWorkers({ db, redis, logger, config: cfg, flow, bus }, redis);
  if (cfg.DEMO_FEEDS) await registerDemoSources(db, `http://127.0.0.1:${server.port}`);
  if (workers.length) {
    const scheduled = await scheduleCollection(queues.collect, db, cfg.COLLECT_INTERVAL_SECONDS);
    logger.info({ port: server.port, sources: scheduled }, 'pipeline listening; collection scheduled');
  }
  return {
    ...server,
    close: async () => {
      await server.close();
      // Running jobs finish before the workers close; unstarted ones stay queued for the next start.
      await Promise.all(workers.map((w) => w.close()));
      await admin.close();
      await closeQueues(queues);
      await bus.close();
      await db.destroy();
      redis.disconnect();
    },
  };
}
