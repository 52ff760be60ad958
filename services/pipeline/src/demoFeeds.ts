import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Router } from 'express';
import type { Knex } from '@neuralbeat/common';
import { SourcesRepository } from './repositories/sourcesRepository';

export const DEMO_FEEDS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../demo-feeds');
const FEED_TYPES: Record<string, string> = {
  '.xml': 'application/rss+xml',
  '.atom': 'application/atom+xml',
  '.json': 'application/feed+json',
};
const NAMES: Record<string, string> = {
  'ai-research-digest.xml': 'AI Research Digest (demo)',
  'model-makers-weekly.atom': 'Model Makers Weekly (demo)',
  'ai-policy-brief.json': 'AI Policy Brief (demo)',
};

const demoFiles = () => fs.readdirSync(DEMO_FEEDS_DIR).filter((f) => FEED_TYPES[path.extname(f)]);

/** Serves the project's demo feeds (written for NeuralBeat) so a fresh start has news with no internet. */
export function demoFeedsRouter(): Router {
  const router = express.Router();
  router.use(
    express.static(DEMO_FEEDS_DIR, {
      index: false,
      setHeaders: (res, file) => res.setHeader('content-type', `${FEED_TYPES[path.extname(file)] ?? 'text/plain'}; charset=utf-8`),
    }),
  );
  return router;
}

/** Registers one enabled source per demo feed at `baseUrl`; running it again changes nothing. */
export async function registerDemoSources(db: Knex, baseUrl: string): Promise<number> {
  const sources = new SourcesRepository(db);
  const files = demoFiles();
  for (const file of files) await sources.upsert(NAMES[file] ?? file, `${baseUrl.replace(/\/$/, '')}/demo-feeds/${file}`);
  return files.length;
}
