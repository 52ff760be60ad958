import { createDb, createLogger, createRedis, serve, type Config, type Logger, type RunningServer } from '@neuralbeat/common';
import { createPipelineApp } from './app';

/** Wires the pipeline service; used by main.ts and tests. */
export async function startPipeline(cfg: Config, logger: Logger = createLogger('pipeline', cfg.LOG_LEVEL)): Promise<RunningServer> {
  const db = createDb(cfg.DATABASE_URL);
  const redis = createRedis(cfg.REDIS_URL);
  const server = await serve(createPipelineApp({ db, redis, logger }), cfg.PIPELINE_PORT, cfg.LISTEN_HOST);
  logger.info({ port: server.port }, 'pipeline service listening');
  return {
    ...server,
    close: async () => {
      await server.close();
      await db.destroy();
      redis.disconnect();
    },
  };
}
