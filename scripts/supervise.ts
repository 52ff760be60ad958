/**
 * The long-running half of `npm start` (scripts/start.ts prepares, then hands
 * over to this, compiled): runs the four compiled services on Node under one
 * Supervisor, prints the site's address once the gateway is ready, and stops
 * them all, gateway first, on Ctrl-C or SIGTERM.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prettyFactory } from 'pino-pretty';
import { parseSettings, settingsOf } from '@neuralbeat/common/config';
import { Supervisor } from './supervisor';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const cfg = parseSettings(settingsOf(['GATEWAY_PORT', 'SITE_URL', 'WEB_DIST']));

/** A pino JSON line made readable; any other line as it is. */
const prettyLine = (prettify: (line: string) => string) => (line: string) => (line.startsWith('{') ? prettify(line).trimEnd() : line);

const SERVICES = [
  { name: 'content', color: 34 },
  { name: 'search', color: 35 },
  { name: 'pipeline', color: 33 },
  { name: 'gateway', color: 32 },
];
const supervisor = new Supervisor(
  SERVICES.map(({ name, color }) => ({
    name,
    color,
    command: process.execPath,
    args: ['--enable-source-maps', `services/${name}/dist/main.js`],
    env: { WEB_DIST: path.resolve(root, cfg.WEB_DIST) },
  })),
  {
    cwd: root,
    // In a terminal the services' JSON log lines read as "[12:04:31.250] INFO: request completed {...}"; piped, they stay JSON.
    ...(process.stdout.isTTY
      ? {
          formatLine: prettyLine(
            prettyFactory({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service,name', singleLine: true }),
          ),
        }
      : {}),
  },
);
supervisor.start();

let stopping = false;
const stopAll = (signal: string) => {
  if (stopping) return;
  stopping = true;
  supervisor.log(`${signal}: stopping every service`);
  // The gateway first, so no request reaches a service that is going away.
  void supervisor.stop(['gateway', 'pipeline', 'search', 'content']).then(() => process.exit(0));
};
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));

const readyz = `http://127.0.0.1:${cfg.GATEWAY_PORT}/readyz`;
for (let i = 0; i < 240 && !stopping; i++) {
  const ready = await fetch(readyz).then(
    (r) => r.ok,
    () => false,
  );
  if (ready) {
    console.log(`\n  NeuralBeat is running at ${cfg.SITE_URL}  (Ctrl-C stops everything)\n`);
    break;
  }
  await new Promise((r) => setTimeout(r, 500));
}
