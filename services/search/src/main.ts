import { createLogger, onShutdownSignal } from '@neuralbeat/common';
import { searchConfig } from './config';
import { startSearch } from './server';

const cfg = searchConfig();
const logger = createLogger('search', cfg.LOG_LEVEL);
const server = await startSearch(cfg, logger, { reindexIfNeeded: true, waitForContent: true });
onShutdownSignal(logger, server.close, cfg);
