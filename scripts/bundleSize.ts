/**
 * `npm run bundle-size` (part of `npm test`): builds the web app for production
 * and fails when the initial JavaScript of any public route is above the
 * budget. A route's initial JavaScript is the entry chunk and its static
 * imports, plus the route's page chunk and its static imports: everything the
 * browser needs before the first screen can render. Sizes are gzip at the
 * level the gateway serves (zlib default).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, type Manifest, type Plugin } from 'vite';

export const INITIAL_JS_BUDGET_BYTES = 135_000;
/** Validation happens on the server; the browser trusts its own API's types (lint forbids the imports too). */
const FORBIDDEN_IN_BROWSER = /[\\/]node_modules[\\/]zod[\\/]/;
/** Pages that are not public (operator console) do not count against the budget. */
const PRIVATE_PAGE = /\/pages\/admin\//;

export interface RouteSize {
  page: string;
  files: string[];
  gzipBytes: number;
}

/** Initial JavaScript per lazily loaded page of a Vite build, largest first. */
export function initialJsPerPage(distDir: string): RouteSize[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('The build has no entry chunk');
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    if (!gzipped.has(file)) gzipped.set(file, zlib.gzipSync(fs.readFileSync(path.join(distDir, file))).length);
    return gzipped.get(file)!;
  };
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key]!;
    if (into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const dep of chunk.imports ?? []) closure(dep, into);
    return into;
  };
  const pages = (manifest[entryKey]!.dynamicImports ?? []).filter((k) => !PRIVATE_PAGE.test(k));
  // The 404 page and anything else rendered without a lazy chunk: the entry alone.
  const rows: RouteSize[] = [{ page: '(entry only)', files: [...closure(entryKey, new Set())], gzipBytes: 0 }];
  for (const page of pages) rows.push({ page, files: [...closure(page, closure(entryKey, new Set()))], gzipBytes: 0 });
  for (const row of rows) row.gzipBytes = row.files.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + sizeOf(f), 0);
  return rows.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** Records which emitted chunks carry a module from a package the browser must not ship. */
function forbiddenModules(found: string[]): Plugin {
  return {
    name: 'neuralbeat-forbidden-modules',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of Object.keys(chunk.modules)) if (FORBIDDEN_IN_BROWSER.test(id)) found.push(`${chunk.fileName}: ${id}`);
      }
    },
  };
}

async function main() {
  // What ships: the production build of React and of our code.
  process.env.NODE_ENV = 'production';
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-bundle-'));
  const forbidden: string[] = [];
  try {
    await build({
      plugins: [forbiddenModules(forbidden)],
      root: path.resolve('web'),
      configFile: path.resolve('web/vite.config.ts'),
      logLevel: 'warn',
      mode: 'production',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    const rows = initialJsPerPage(outDir);
    const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
    console.table(
      rows.map((r) => ({ page: r.page.replace(/^src\/pages\//, ''), 'initial JS (gzip)': kb(r.gzipBytes), chunks: r.files.length })),
    );
    if (forbidden.length) {
      console.error(`\nzod is in the browser bundle:\n  ${forbidden.join('\n  ')}`);
      process.exitCode = 1;
    }
    const over = rows.filter((r) => r.gzipBytes > INITIAL_JS_BUDGET_BYTES);
    if (over.length) {
      console.error(`\nInitial JavaScript over the ${kb(INITIAL_JS_BUDGET_BYTES)} budget:`);
      for (const r of over) console.error(`  ${r.page}: ${kb(r.gzipBytes)} (${r.files.join(', ')})`);
      process.exitCode = 1;
    } else {
      console.log(
        `Every public route is within the ${kb(INITIAL_JS_BUDGET_BYTES)} initial JavaScript budget (largest ${kb(rows[0]!.gzipBytes)}).`,
      );
    }
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
