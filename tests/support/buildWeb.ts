import path from 'node:path';
import { build } from 'vite';

/** Browser tests run against the production build of the web app, built once per run. */
export default async function setup() {
  await build({ root: path.resolve('web'), logLevel: 'warn', configFile: path.resolve('web/vite.config.ts') });
}
