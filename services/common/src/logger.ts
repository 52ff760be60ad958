import { pino, type DestinationStream, type Logger } from 'pino';
import { configSchema, parseSettings } from './config';
import { withoutAddresses } from './mail/address';

export type { Logger };

const CENSOR = '[Redacted]';

/** Header and field names (lower-case) that carry credentials, wherever they sit in a logged object. */
const SECRET_FIELDS = new Set([
  'cookie',
  'authorization',
  'set-cookie',
  'x-api-key',
  'x-goog-api-key',
  'proxy-authorization',
  'password',
  'apikey',
  'api_key',
  'token',
  'sessionid',
  // Mail addresses (issue 22: no address in logs), under the names nodemailer, smtp-server and our code give them.
  'email',
  'emails',
  'replyto',
  'reply-to',
  'recipient',
  'recipients',
  'rcptto',
  'envelope',
  'accepted',
  'rejected',
]);
/** How deep into a logged object secrets are looked for (`err.config.headers.authorization` is four levels). */
const REDACT_DEPTH = 4;

function shallowCopy(value: object): Record<string, unknown> {
  if (Array.isArray(value)) return [...value] as unknown as Record<string, unknown>;
  // Same prototype and own properties (an Error keeps its message and stack for the err serializer).
  const copy = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(value)) copy[key] = (value as Record<string, unknown>)[key];
  return copy;
}

/**
 * `value` with every secret field censored: a copy along the paths that hold
 * one, the value itself when none does (nearly every line), and never a change
 * to the caller's object. Done by hand because pino's path-based redaction
 * costs 11–43 µs per line once its paths have wildcards (measured here), which
 * the request log pays on every request.
 */
function redactSecrets(value: unknown, depth: number): unknown {
  if (depth >= REDACT_DEPTH || value === null || typeof value !== 'object') return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const field = (value as Record<string, unknown>)[key];
    const redacted = SECRET_FIELDS.has(key.toLowerCase()) ? CENSOR : redactSecrets(field, depth + 1);
    if (redacted !== field) (copy ??= shallowCopy(value))[key] = redacted;
  }
  return copy ?? value;
}

/** Values of secret settings (keys, passwords, tokens) present in the environment, to scrub from any log text. */
function secretValues(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(env)
    .filter(([name, value]) => /(API_KEY|SECRET|PASSWORD|TOKEN)$/.test(name) && typeof value === 'string' && value.length >= 6)
    .map(([, value]) => value as string);
}

const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/g;
/** A signed link's token in a logged URL (a request line): it unsubscribes its holder. */
const TOKEN_PARAM = /([?&]token=)[^&\s"]+/g;

/**
 * A pino JSON logger named after the service; the level comes from LOG_LEVEL.
 * Cookies, authorization headers, credential and address fields are censored wherever they sit (four levels deep),
 * and the values of secret settings (…_API_KEY, …_PASSWORD, …), bearer tokens, link tokens
 * and mail addresses are scrubbed from every line, so an error message quoting one leaks nothing.
 */
export function createLogger(
  service: string,
  level = parseSettings(configSchema.pick({ LOG_LEVEL: true })).LOG_LEVEL,
  destination?: DestinationStream,
): Logger {
  const secrets = secretValues(process.env);
  const scrub = (line: string) => {
    let out = line.replace(BEARER, `$1 ${CENSOR}`);
    out = withoutAddresses(out);
    if (out.includes('token=')) out = out.replace(TOKEN_PARAM, `$1${CENSOR}`);
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(CENSOR);
    return out;
  };
  const options = {
    name: service,
    level,
    base: { service },
    formatters: { log: (obj: Record<string, unknown>) => redactSecrets(obj, 0) as Record<string, unknown> },
    hooks: { streamWrite: scrub },
  };
  return destination ? pino(options, destination) : pino(options);
}
