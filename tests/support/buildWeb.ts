import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { build } from 'vite';

declare module 'vitest' {
  export interface ProvidedContext {
    webDist: string;
  }
}

/** Browser tests run against a production build of the web app, made once per run in its own directory. */
export default async function setup(project: TestProject) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-web-'));
  // vitest sets NODE_ENV=test, which would build React's development runtime; the site ships the production one.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: path.resolve('web'),
      logLevel: 'warn',
      mode: 'production',
      configFile: path.resolve('web/vite.config.ts'),
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  project.provide('webDist', outDir);
  return () => fs.rmSync(outDir, { recursive: true, force: true });
}
