import { startTracing } from '@neuralbeat/common/tracing';

// Before anything instrumented is imported (express, pg, ioredis): the tracing loader hook must see them load.
const stopTracing = await startTracing('content');
const [{ createLogger }, { onShutdownSignal }, { contentConfig }, { startContent }] = await Promise.all([
  // The two helpers' own files, not the package's index: a dynamic import keeps all it names in the bundle.
  import('@neuralbeat/common/logger'),
  import('@neuralbeat/common/http'),
  import('./config'),
  import('./server'),
]);

const cfg = contentConfig();
const logger = createLogger('content', cfg.LOG_LEVEL);
const server = await startContent(cfg, logger);
onShutdownSignal(
  logger,
  async () => {
    await server.close();
    await stopTracing();
  },
  cfg,
);
