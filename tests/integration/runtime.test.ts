import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { SERVICE_NAMES, buildService, importedPackages } from '../../scripts/buildServices';
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

  // Loaded at start they cost the pipeline about 7 MB it holds for nothing under AI_PROVIDER=local (docs/operations.md, Memory).
  it('the pipeline loads the AI SDKs only when a rewrite asks for one', async () => {
    const { metafile } = await buildService('pipeline', { write: false, outdir: scratch.pipeline!.dir });
    const main = Object.entries(metafile.outputs).find(([file]) => file.endsWith('/main.js'))![1];
    const sdk = main.imports.filter((i) => i.path === 'openai' || i.path === '@google/genai');
    expect(sdk.map((i) => [i.path, i.kind]).sort()).toEqual([
      ['@google/genai', 'dynamic-import'],
      ['openai', 'dynamic-import'],
    ]);
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
