import { config, createLogger, onShutdownSignal } from '@neuralbeat/common';
import { startPipeline } from './server';

const logger = createLogger('pipeline');
const server = await startPipeline(config(), logger);
onShutdownSignal(logger, server.close);
