import { config, createLogger, onShutdownSignal } from '@neuralbeat/common';
import { startGateway } from './server';

const logger = createLogger('gateway');
const server = await startGateway(config(), logger);
onShutdownSignal(logger, server.close);
