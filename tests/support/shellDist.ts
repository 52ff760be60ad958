import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A stand-in for the built SPA (an index.html with the head markers) for API-level tests that also ask for pages. */
export function shellDist(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-shell-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><!--app-head--><title>NeuralBeat</title><!--/app-head--></head><body><div id="root"></div></body></html>',
  );
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
