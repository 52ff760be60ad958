/**
 * The long-running half of `npm start` (scripts/start.ts prepares, then hands
 * over to this, compiled): runs the four compiled services on Node under one
 * Supervisor, prints the site's address once the gateway is ready, and stops
 * them all, gateway first, on Ctrl-C or SIGTERM.
 *
 * It stays a few MB of plain JavaScript: Node built-ins only (a test checks the
 * compiled file), the settings start.ts resolved read from dist/supervise.json
 * rather than through the zod catalogue, log lines made readable here rather
 * than by pino-pretty, and the readiness probe on node:http rather than fetch.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prettyLogLine } from './logLine';
import { SERVICE_FLAGS } from './memoryBudget';
import { Supervisor } from './supervisor';
import { readSupervisorSettings } from './supervisorSettings';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The services read the .env too: they inherit this process's environment.
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const settings = readSupervisorSettings(root);

const COLORS = { content: 34, search: 35, pipeline: 33, gateway: 32 } as const;
const colorize = Boolean(process.stdout.isTTY);
const supervisor = new Supervisor(
  Object.entries(COLORS).map(([name, color]) => ({
    name,
    color,
    command: process.execPath,
    args: [...SERVICE_FLAGS[name as keyof typeof SERVICE_FLAGS], `services/${name}/dist/main.js`],
    env: { WEB_DIST: settings.webDist },
  })),
  // In a terminal the services' JSON log lines read as "12:04:31.250 INFO request completed {...}"; piped, they stay JSON.
  { cwd: root, ...(colorize ? { formatLine: (line: string) => prettyLogLine(line, colorize) } : {}) },
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

const ready = () =>
  new Promise<boolean>((resolve) => {
    http
      .get(settings.readyUrl, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      })
      .on('error', () => resolve(false));
  });
for (let i = 0; i < 240 && !stopping; i++) {
  if (await ready()) {
    console.log(`\n  NeuralBeat is running at ${settings.siteUrl}  (Ctrl-C stops everything)\n`);
    break;
  }
  await new Promise((r) => setTimeout(r, 500));
}
