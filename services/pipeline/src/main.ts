import { createLogger, onShutdownSignal } from '@neuralbeat/common';
import { pipelineConfig } from './config';
import { startPipeline } from './server';

const cfg = pipelineConfig();
const logger = createLogger('pipeline', cfg.LOG_LEVEL);
const server = await startPipeline(cfg, logger);
onShutdownSignal(logger, server.close, cfg);
