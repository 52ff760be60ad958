import { pino, type Logger } from 'pino';
import { config } from './config';

export type { Logger };

/** A pino JSON logger named after the service; the level comes from LOG_LEVEL. */
export function createLogger(service: string, level = config().LOG_LEVEL): Logger {
  return pino({ name: service, level, base: { service } });
}
