import { startTracing } from '@neuralbeat/common/tracing';

// Before anything instrumented is imported (express, pg, ioredis): the tracing loader hook must see them load.
const stopTracing = await startTracing('content');
const [{ createLogger, onShutdownSignal }, { contentConfig }, { startContent }] = await Promise.all([
  import('@neuralbeat/common'),
  import('./config'),
  import('./server'),
]);

const cfg = contentConfig();
const logger = createLogger('content', cfg.LOG_LEVEL);
const server = await startContent(cfg, logger);
onShutdownSignal(logger, async () => {
  await server.close();
  await stopTracing();
});
