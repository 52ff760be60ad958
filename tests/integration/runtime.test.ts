import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { SERVICE_NAMES, buildService, importedPackages } from '../../scripts/buildServices';
import { TRACING_LOADER_HOOK } from '../../services/common/src/tracing';
import { createTestDatabase } from '../support/testEnv';
import { scratchBuildDir } from '../support/scratchBuild';

const run = promisify(execFile);
const readJson = (p: string) => JSON.parse(fs.readFileSync(p, 'utf8'));
const dependencies = (pkg: string) => Object.keys(readJson(pkg).dependencies ?? {});
// Inside each service's folder, so compiled files resolve their packages as dist/ does in production.
const scratch = Object.fromEntries(SERVICE_NAMES.map((service) => [service, scratchBuildDir(service)]));
afterAll(() => Object.values(scratch).forEach((s) => s.remove()));

describe('compiled services', () => {
  // The shared code is bundled in, so its imports resolve from the service's own folder: a package only the
  // shared package declares may resolve there to another major version hoisted for someone else (cookie 0.7 for express).
  it.each(SERVICE_NAMES)('%s imports only packages it declares itself as production dependencies', async (service) => {
    const { metafile } = await buildService(service, { write: false, outdir: scratch[service]!.dir });
    const allowed = new Set(dependencies(`services/${service}/package.json`));
    const imported = importedPackages(metafile);
    expect(imported.length).toBeGreaterThan(3);
    expect(imported.filter((p) => !allowed.has(p))).toEqual([]);
    // Nothing from the tooling: the image has no dev dependencies.
    for (const tool of ['tsx', 'typescript', 'vitest', 'esbuild', 'vite', 'playwright-core']) expect(imported).not.toContain(tool);
  });

  // Redis only for the cache purges it listens to (see apiCache.ts): it serves on without Redis, keeping no answer a purge would have to reach.
  it('the gateway loads no database or queue client', async () => {
    const { metafile } = await buildService('gateway', { write: false, outdir: scratch.gateway!.dir });
    const imported = importedPackages(metafile);
    for (const pkg of ['knex', 'pg', 'bullmq']) expect(imported).not.toContain(pkg);
  });

  // Loaded at start they cost the pipeline memory it holds for nothing most of the time (docs/operations.md, Memory): the AI SDKs
  // about 7 MB under AI_PROVIDER=local, mjml about 60 MB until an issue is composed, mailparser until the catcher keeps a mail.
  it('the pipeline loads the AI SDKs, mjml and mailparser only when it uses them', async () => {
    const lazy = ['openai', '@google/genai', 'mjml', 'mailparser'];
    const { metafile } = await buildService('pipeline', { write: false, outdir: scratch.pipeline!.dir });
    const imports = Object.values(metafile.outputs).flatMap((o) => o.imports.filter((i) => lazy.includes(i.path)));
    expect([...new Set(imports.map((i) => `${i.path} ${i.kind}`))].sort()).toEqual(lazy.map((p) => `${p} dynamic-import`).sort());
  });

  // Tracing's loader hook must be in place before express, pg and ioredis load (docs/observability.md, Traces).
  it.each(SERVICE_NAMES)('%s main.js loads no package before it has started tracing', async (service) => {
    const { metafile } = await buildService(service, { write: false, outdir: scratch[service]!.dir });
    const main = Object.keys(metafile.outputs).find((file) => file.endsWith('/main.js'))!;
    // Everything main.js loads before its own code runs: the files it imports statically, and theirs.
    const before = new Set<string>();
    const visit = (file: string) => {
      for (const imp of metafile.outputs[file]!.imports.filter((i) => i.kind === 'import-statement'))
        if (imp.external) before.add(imp.path);
        else visit(imp.path);
    };
    visit(main);
    expect([...before]).toEqual(['node:module']);
    // The rest comes with the service, imported once tracing has started.
    expect(metafile.outputs[main]!.imports.some((i) => i.kind === 'dynamic-import' && !i.external)).toBe(true);
  });

  // The image installs production dependencies only (npm ci --omit=dev), so the hook must be one installed at the top.
  it('the loader hook tracing registers comes from a production package every service declares', () => {
    const parts = TRACING_LOADER_HOOK.split('/');
    const pkg = parts.slice(0, TRACING_LOADER_HOOK.startsWith('@') ? 2 : 1).join('/');
    const installed = readJson('package-lock.json').packages[`node_modules/${pkg}`];
    expect(installed).toBeDefined();
    expect(installed.dev).toBeUndefined();
    for (const service of SERVICE_NAMES) expect(dependencies(`services/${service}/package.json`)).toContain(pkg);
  });

  it('compiled migrations apply to an empty database under the same names as the TypeScript sources', { timeout: 60_000 }, async () => {
    const outdir = scratch.content!.dir;
    await buildService('content', { outdir });
    const t = await createTestDatabase();
    const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
    await admin.connect();
    const empty = `${new URL(t.url).pathname.slice(1)}_empty`;
    await admin.query(`CREATE DATABASE "${empty}"`);
    const emptyUrl = new URL(t.url);
    emptyUrl.pathname = `/${empty}`;
    try {
      const env = { ...process.env, LOG_LEVEL: 'info' };
      const fresh = await run(process.execPath, [path.join(outdir, 'migrate.js')], { env: { ...env, DATABASE_URL: emptyUrl.toString() } });
      expect(fresh.stdout).toContain('migrations applied');
      // The template was migrated from the .ts sources: the compiled build finds nothing to do there.
      const same = await run(process.execPath, [path.join(outdir, 'migrate.js')], { env: { ...env, DATABASE_URL: t.url } });
      expect(same.stdout).toContain('schema up to date');
      const names = async (url: string) => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        const { rows } = await c.query('SELECT name FROM knex_migrations ORDER BY name');
        await c.end();
        return rows.map((r: { name: string }) => r.name);
      };
      const sources = fs.readdirSync('services/content/src/db/migrations').sort();
      expect(await names(emptyUrl.toString())).toEqual(sources);
      expect(await names(t.url)).toEqual(sources);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${empty}" WITH (FORCE)`);
      await admin.end();
      await t.drop();
    }
  });
});
