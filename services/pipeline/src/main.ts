import { startTracing } from '@neuralbeat/common/tracing';

// Before anything instrumented is imported (express, pg, ioredis): the tracing loader hook must see them load.
const stopTracing = await startTracing('pipeline');
const [{ createLogger, onShutdownSignal }, { pipelineConfig }, { startPipeline }] = await Promise.all([
  import('@neuralbeat/common'),
  import('./config'),
  import('./server'),
]);

const cfg = pipelineConfig();
const logger = createLogger('pipeline', cfg.LOG_LEVEL);
const server = await startPipeline(cfg, logger);
onShutdownSignal(logger, async () => {
  await server.close();
  await stopTracing();
});
