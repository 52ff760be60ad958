import { createLogger, onShutdownSignal } from '@neuralbeat/common';
import { gatewayConfig } from './config';
import { startGateway } from './server';

const cfg = gatewayConfig();
const logger = createLogger('gateway', cfg.LOG_LEVEL);
const server = await startGateway(cfg, logger);
onShutdownSignal(logger, server.close, cfg);
