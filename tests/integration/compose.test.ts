import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configSchema, parseConfig } from '@neuralbeat/common';
import { SERVICE_FLAGS } from '../../scripts/memoryBudget';

interface ComposeService {
  image?: string;
  restart?: string;
  volumes?: string[];
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

// No Docker engine runs here, so the deployment is checked by reading it.
const compose = parse(fs.readFileSync('docker-compose.yml', 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };
const services = compose.services;
const NODE_SERVICES = ['content', 'search', 'pipeline-api', 'pipeline-worker', 'gateway'] as const;
/** The code a compose service runs: both pipeline roles run the one pipeline build. */
const codeOf = (name: string) => name.replace(/-(api|worker)$/, '');

/** Resolves ${VAR:-default} the way compose does when VAR is unset. */
const resolveDefaults = (env: Record<string, string>) =>
  Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1')]));

describe('docker-compose.yml', () => {
  it('runs Postgres, Redis, Meilisearch, its key setup, a migration step, the services (the pipeline as api and worker) and a load balancer', () => {
    expect(Object.keys(services).sort()).toEqual(
      [
        'content',
        'gateway',
        'lb',
        'meili-setup',
        'meilisearch',
        'migrate',
        'pipeline-api',
        'pipeline-worker',
        'postgres',
        'redis',
        'search',
      ].sort(),
    );
    for (const name of ['postgres', 'redis', 'meilisearch', 'lb', ...NODE_SERVICES]) {
      expect(services[name].healthcheck?.test.length, `${name} healthcheck`).toBeGreaterThan(0);
    }
  });

  it('builds every node service from the one multi-stage Dockerfile on Node 24 and runs its compiled JavaScript on node', () => {
    const dockerfile = fs.readFileSync('infra/Dockerfile', 'utf8');
    expect(dockerfile.match(/^FROM node:24/gm)?.length).toBeGreaterThanOrEqual(2);
    for (const name of [...NODE_SERVICES, 'migrate', 'meili-setup']) {
      expect(services[name].build).toEqual({ context: '.', dockerfile: 'infra/Dockerfile' });
    }
    for (const name of NODE_SERVICES) {
      // The heap limits npm start's supervisor gives the service, so both deployments keep one memory budget.
      expect(services[name].command).toEqual([
        'node',
        ...SERVICE_FLAGS[codeOf(name) as keyof typeof SERVICE_FLAGS],
        `services/${codeOf(name)}/dist/main.js`,
      ]);
      expect(dockerfile).toContain(`COPY --from=build /app/services/${codeOf(name)}/dist services/${codeOf(name)}/dist`);
    }
    expect(services.migrate.command!.join(' ')).toBe('sh -c node services/content/dist/migrate.js && node services/content/dist/seed.js');
    expect(dockerfile).toContain(
      `CMD ${JSON.stringify(['node', ...SERVICE_FLAGS.gateway, 'services/gateway/dist/main.js']).replaceAll(',', ', ')}`,
    );
    expect(dockerfile).not.toMatch(/tsx|npm run start/);
  });

  it('ships production dependencies only: the runtime stage copies node_modules from an --omit=dev install', () => {
    const dockerfile = fs.readFileSync('infra/Dockerfile', 'utf8');
    const stages = dockerfile.split(/^FROM /m).slice(1);
    const stage = (name: string) => stages.find((s) => s.split('\n')[0]!.endsWith(` AS ${name}`))!;
    expect(stage('prod-deps')).toMatch(/npm ci --omit=dev/);
    expect(stage('prod-deps')).not.toMatch(/-w web\b/);
    const runtime = stage('runtime');
    expect(runtime).toContain('COPY --from=prod-deps /app/node_modules ./node_modules');
    expect(runtime).not.toMatch(/COPY --from=build \/app\/node_modules|npm (ci|install)/);
    expect(runtime).toMatch(/^USER node$/m);
  });

  it('restarts every long-running container when it dies; one-off steps run once', () => {
    for (const name of ['postgres', 'redis', 'meilisearch', 'lb', ...NODE_SERVICES])
      expect(services[name].restart, name).toBe('unless-stopped');
    for (const name of ['migrate', 'meili-setup']) expect(services[name].restart, name).toBe('no');
  });

  it('keeps the Meilisearch master key out of the services: search reads a limited key written by meili-setup', () => {
    for (const name of NODE_SERVICES) {
      const env = services[name].environment ?? {};
      expect(Object.keys(env), name).not.toContain('MEILI_MASTER_KEY');
      expect(Object.values(env).join(' '), name).not.toMatch(/MEILI_MASTER_KEY|master-key/);
    }
    expect(services['meili-setup'].environment).toMatchObject({ MEILI_API_KEY_FILE: '/run/meili/search.key' });
    expect(services['meili-setup'].environment!.MEILI_MASTER_KEY).toMatch(/MEILI_MASTER_KEY/);
    expect(services.search.environment).toMatchObject({
      MEILI_HOST: 'http://meilisearch:7700',
      MEILI_API_KEY_FILE: '/run/meili/search.key',
    });
    expect(services.search.environment).not.toHaveProperty('MEILI_API_KEY');
    expect(services.search.volumes).toEqual(['meili-key:/run/meili:ro']);
    expect(services.search.depends_on?.['meili-setup'].condition).toBe('service_completed_successfully');
  });

  it('gives each service an environment the config schema accepts, with matching ports and URLs', () => {
    const known = new Set(Object.keys(configSchema.shape));
    const ports: Record<string, number> = {};
    for (const name of [...NODE_SERVICES, 'migrate']) {
      const env = resolveDefaults(services[name].environment ?? {});
      for (const key of Object.keys(env)) expect(known.has(key), `${name}: unknown variable ${key}`).toBe(true);
      const cfg = parseConfig(env);
      expect(cfg.LISTEN_HOST).toBe('0.0.0.0');
      expect(new URL(cfg.DATABASE_URL).hostname).toBe('postgres');
      expect(new URL(cfg.REDIS_URL).hostname).toBe('redis');
      if (name !== 'migrate') ports[name] = cfg[`${codeOf(name).toUpperCase()}_PORT` as 'CONTENT_PORT'];
      expect(new URL(cfg.CONTENT_URL).host).toBe(`content:${ports.content ?? 4001}`);
      expect(new URL(cfg.SEARCH_URL).host).toBe('search:4002');
      expect(new URL(cfg.PIPELINE_URL).host).toBe('pipeline-api:4003');
    }
    expect(ports).toEqual({ content: 4001, search: 4002, 'pipeline-api': 4003, 'pipeline-worker': 4003, gateway: 8080 });
    expect(parseConfig(resolveDefaults(services['pipeline-api'].environment!)).PIPELINE_ROLES).toBe('api');
    expect(parseConfig(resolveDefaults(services['pipeline-worker'].environment!)).PIPELINE_ROLES).toBe('worker');
  });

  it('publishes one host port, the load balancer one, so every service can be scaled (--scale gateway=2)', () => {
    const published = Object.entries(services).filter(([, s]) => s.ports?.length);
    expect(published.map(([name, s]) => [name, s.ports])).toEqual([['lb', ['8080:8080']]]);
    expect(services.lb.volumes).toEqual(['./infra/nginx/compose.conf:/etc/nginx/conf.d/default.conf:ro']);
    const nginx = fs.readFileSync('infra/nginx/compose.conf', 'utf8');
    expect(nginx).toMatch(/listen 8080;/);
    expect(nginx).toMatch(/proxy_pass \$gateway;/);
    expect(nginx).toMatch(/set \$gateway http:\/\/gateway:8080;/);
  });

  it('starts services only after what they depend on is healthy', () => {
    expect(services.migrate.depends_on?.postgres.condition).toBe('service_healthy');
    expect(services.content.depends_on?.migrate.condition).toBe('service_completed_successfully');
    for (const dep of ['content', 'search', 'pipeline-api']) expect(services.gateway.depends_on?.[dep].condition).toBe('service_healthy');
    expect(services.lb.depends_on?.gateway.condition).toBe('service_healthy');
  });
});
