import { config, createLogger, onShutdownSignal } from '@neuralbeat/common';
import { startSearch } from './server';

const logger = createLogger('search');
const server = await startSearch(config(), logger, { reindexIfNeeded: true });
onShutdownSignal(logger, server.close);
