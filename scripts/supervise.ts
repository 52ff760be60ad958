/**
 * The long-running half of `npm start` (scripts/start.ts prepares, then hands
 * over to this, compiled): runs the four compiled services on Node under one
 * Supervisor, prints the site's address once the gateway is ready, and stops
 * them all, gateway first, on Ctrl-C or SIGTERM.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSettings, settingsOf } from '@neuralbeat/common/config';
import { Supervisor } from './supervisor';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const cfg = parseSettings(settingsOf(['GATEWAY_PORT', 'SITE_URL', 'WEB_DIST']));

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
  { cwd: root },
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
  const ready = await fetch(readyz).then((r) => r.ok, () => false);
  if (ready) {
    console.log(`\n  NeuralBeat is running at ${cfg.SITE_URL}  (Ctrl-C stops everything)\n`);
    break;
  }
  await new Promise((r) => setTimeout(r, 500));
}
