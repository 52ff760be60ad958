/**
 * Compiles each service to plain JavaScript in `services/<name>/dist`, so it runs
 * on Node directly (`node --enable-source-maps services/<name>/dist/main.js`, with
 * the heap limits of scripts/memoryBudget.ts),
 * with no TypeScript loader in the running system. Our shared code
 * (@neuralbeat/common) is bundled in; every npm package stays an import resolved
 * from node_modules, so the image needs production dependencies only. Entries
 * and the chunks they share sit together in the dist folder.
 * `npm run build:services` runs it; `npm start` and the Dockerfile call it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

export const SERVICE_NAMES = ['content', 'search', 'pipeline', 'gateway'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const migrationsOf = (dir: string) =>
  Object.fromEntries(
    fs
      .readdirSync(path.join(ROOT, dir))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => [`migrations/${f.replace(/\.ts$/, '')}`, `${dir}/${f}`]),
  );

/** Entry points of each service: output name (in its dist folder) → source. */
export const SERVICE_ENTRIES: Record<ServiceName, () => Record<string, string>> = {
  content: () => ({
    main: 'services/content/src/main.ts',
    migrate: 'services/content/src/db/migrate.ts',
    seed: 'services/content/src/db/seed.ts',
    ...migrationsOf('services/content/src/db/migrations'),
  }),
  search: () => ({
    main: 'services/search/src/main.ts',
    meiliSetup: 'services/search/src/meiliSetup.ts',
    reindex: 'services/search/src/cli/reindex.ts',
    ...migrationsOf('services/search/src/db/migrations'),
  }),
  pipeline: () => ({ main: 'services/pipeline/src/main.ts', sources: 'services/pipeline/src/cli/sources.ts' }),
  gateway: () => ({ main: 'services/gateway/src/main.ts' }),
};

/**
 * Bare imports stay external (resolved from node_modules at run time), except our
 * own workspace code. None is imported for its side effects, so an import whose
 * bindings are unused is dropped: the gateway does not load knex or BullMQ just
 * because the shared module index mentions them.
 */
const packagesExternal: esbuild.Plugin = {
  name: 'packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@neuralbeat/') ? undefined : { path: args.path, external: true, sideEffects: false },
    );
  },
};

/** The npm packages a compiled service imports (`pino`, `@google/genai`, …), from the build's metafile. */
export function importedPackages(metafile: esbuild.Metafile): string[] {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imp of output.imports) {
      if (!imp.external || imp.path.startsWith('node:')) continue;
      const parts = imp.path.split('/');
      names.add(imp.path.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!);
    }
  }
  return [...names].sort();
}

export interface ServiceBuild {
  service: ServiceName;
  outdir: string;
  metafile: esbuild.Metafile;
}

/**
 * Builds one service into its dist folder (emptied first), or into `outdir`;
 * `write: false` only computes the build (its metafile) without touching disk.
 */
export async function buildService(service: ServiceName, options: { outdir?: string; write?: boolean } = {}): Promise<ServiceBuild> {
  const outdir = options.outdir ?? path.join(ROOT, 'services', service, 'dist');
  if (options.write !== false) fs.rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    write: options.write ?? true,
    absWorkingDir: ROOT,
    entryPoints: SERVICE_ENTRIES[service](),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: 'linked',
    // What an entry imports dynamically goes in chunks of its own, loaded when the import runs, not hoisted into the
    // entry: main.ts starts tracing and only then imports the service, whose express, pg and ioredis the hook must see load.
    // Entries share the chunks (next to them in the dist folder) instead of each carrying a copy of the shared code.
    splitting: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [packagesExternal],
  });
  return { service, outdir, metafile: result.metafile };
}

export async function buildServices(): Promise<ServiceBuild[]> {
  return Promise.all(SERVICE_NAMES.map((s) => buildService(s)));
}

/**
 * npm start's long-running supervisor, compiled to dist/supervise.js like the
 * services; `outfile` elsewhere for a test. No source map: it imports only Node
 * built-ins and keeps its few MB (see scripts/supervise.ts).
 */
export async function buildSupervisor(outfile = path.join(ROOT, 'dist/supervise.js')): Promise<esbuild.Metafile> {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ['scripts/supervise.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    metafile: true,
    logLevel: 'warning',
    plugins: [packagesExternal],
  });
  return result.metafile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const [builds] = await Promise.all([buildServices(), buildSupervisor()]);
  for (const b of builds)
    console.log(
      `${b.service}: ${Object.keys(b.metafile.outputs).filter((f) => f.endsWith('.js')).length} files → ${path.relative(ROOT, b.outdir)}`,
    );
  console.log(`Compiled the services in ${Math.round(performance.now() - started)} ms.`);
}
