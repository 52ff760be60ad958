import { pino, type DestinationStream, type Logger } from 'pino';
import { configSchema, parseSettings } from './config';

export type { Logger };

const CENSOR = '[Redacted]';

/** Header and field names that carry credentials, wherever they sit in a logged object (up to three levels down). */
const SECRET_FIELDS = [
  'cookie', 'Cookie', 'authorization', 'Authorization', '["set-cookie"]', '["x-api-key"]', '["x-goog-api-key"]', '["proxy-authorization"]',
  'password', 'apiKey', 'api_key', 'token', 'sessionId',
];
const REDACT_PATHS = SECRET_FIELDS.flatMap((f) => {
  const key = f.startsWith('[') ? f : `.${f}`;
  return [f, `*${key}`, `*.*${key}`, `*.*.*${key}`];
});

/** Values of secret settings (keys, passwords, tokens) present in the environment, to scrub from any log text. */
function secretValues(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(env)
    .filter(([name, value]) => /(API_KEY|SECRET|PASSWORD|TOKEN)$/.test(name) && typeof value === 'string' && value.length >= 6)
    .map(([, value]) => value as string);
}

const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/g;

/**
 * A pino JSON logger named after the service; the level comes from LOG_LEVEL.
 * Cookies, authorization headers and credential fields are redacted by path,
 * and the values of secret settings (…_API_KEY, …_PASSWORD, …) and bearer tokens
 * are scrubbed from every line, so an error message quoting one leaks nothing.
 */
export function createLogger(
  service: string,
  level = parseSettings(configSchema.pick({ LOG_LEVEL: true })).LOG_LEVEL,
  destination?: DestinationStream,
): Logger {
  const secrets = secretValues(process.env);
  const scrub = (line: string) => {
    let out = line.replace(BEARER, `$1 ${CENSOR}`);
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(CENSOR);
    return out;
  };
  const options = { name: service, level, base: { service }, redact: { paths: REDACT_PATHS, censor: CENSOR }, hooks: { streamWrite: scrub } };
  return destination ? pino(options, destination) : pino(options);
}
