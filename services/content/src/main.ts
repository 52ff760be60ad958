import { config, createLogger, onShutdownSignal } from '@neuralbeat/common';
import { startContent } from './server';

const logger = createLogger('content');
const server = await startContent(config(), logger);
onShutdownSignal(logger, server.close);
