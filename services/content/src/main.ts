import { createLogger, onShutdownSignal } from '@neuralbeat/common';
import { contentConfig } from './config';
import { startContent } from './server';

const cfg = contentConfig();
const logger = createLogger('content', cfg.LOG_LEVEL);
const server = await startContent(cfg, logger);
onShutdownSignal(logger, server.close, cfg);
