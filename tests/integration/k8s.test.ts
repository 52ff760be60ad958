import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { Queue } from 'bullmq';
import { Namespace, Secret, Service, ConfigMap } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { ScaledObject, TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { configSchema, createRedis } from '@neuralbeat/common';
import { PIPELINE_QUEUES } from '@neuralbeat/common/contracts';
import { startSystem, type RunningSystem } from '../support/system';
import { testRedisPrefix } from '../support/testEnv';

/**
 * infra/k8s read the way kustomize and the API server would: every file a
 * kustomization names exists, every patch lands on a resource, every object
 * validates against the Kubernetes (or KEDA CRD) schema, and what the manifests
 * say about the system (settings, ports, probe paths, queue keys) is true of it.
 */
interface Resource {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [key: string]: any;
}

const K8S = 'infra/k8s';
const SCHEMAS: Record<string, new (data: any) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'networking.k8s.io/v1/Ingress': Ingress,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'keda.sh/v1alpha1/TriggerAuthentication': TriggerAuthentication,
};

const readYaml = (file: string): Resource[] =>
  parseAllDocuments(fs.readFileSync(file, 'utf8')).map((doc) => {
    expect(doc.errors, file).toEqual([]);
    return doc.toJS() as Resource;
  });
const idOf = (r: Pick<Resource, 'kind' | 'metadata'>) => `${r.kind}/${r.metadata.name}`;

/** A strategic merge patch as far as these manifests use one: maps merge, everything else is replaced. */
function merge(base: any, patch: any): any {
  if (!patch || typeof patch !== 'object' || Array.isArray(patch) || !base || typeof base !== 'object') return patch;
  const out = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = merge(base[k], v);
  return out;
}

/** Resolves a kustomization the way `kubectl apply -k` does for the fields used here. */
function build(dir: string): Resource[] {
  const file = path.join(dir, 'kustomization.yaml');
  expect(fs.existsSync(file), file).toBe(true);
  const k = readYaml(file)[0]!;
  expect(k.kind).toBe('Kustomization');
  let resources: Resource[] = [];
  for (const entry of k.resources as string[]) {
    const target = path.join(dir, entry);
    expect(fs.existsSync(target), `${file} names ${entry}`).toBe(true);
    resources.push(...(fs.statSync(target).isDirectory() ? build(target) : readYaml(target)));
  }
  for (const { path: patchPath } of (k.patches ?? []) as { path: string }[]) {
    const patchFile = path.join(dir, patchPath);
    expect(fs.existsSync(patchFile), `${file} patches with ${patchPath}`).toBe(true);
    const patch = readYaml(patchFile)[0]!;
    const index = resources.findIndex((r) => idOf(r) === idOf(patch));
    expect(index, `${patchPath} targets ${idOf(patch)}, which the resources lack`).toBeGreaterThanOrEqual(0);
    resources[index] = merge(resources[index], patch);
  }
  for (const image of (k.images ?? []) as { name: string; newName?: string; newTag?: string }[]) {
    const containers = resources.flatMap(podContainers).filter((c) => c.image === image.name);
    expect(containers.length, `image ${image.name} is used`).toBeGreaterThan(0);
    for (const c of containers) c.image = `${image.newName ?? image.name}${image.newTag ? `:${image.newTag}` : ''}`;
  }
  for (const { pairs } of (k.labels ?? []) as { pairs: Record<string, string> }[]) {
    resources = resources.map((r) => ({ ...r, metadata: { ...r.metadata, labels: { ...r.metadata.labels, ...pairs } } }));
  }
  if (k.namespace)
    resources = resources.map((r) => (r.kind === 'Namespace' ? r : { ...r, metadata: { ...r.metadata, namespace: k.namespace } }));
  return resources;
}

const podSpec = (r: Resource) => (r.kind === 'Deployment' || r.kind === 'Job' ? r.spec.template.spec : undefined);
const podContainers = (r: Resource): any[] => podSpec(r)?.containers ?? [];

const base = build(`${K8S}/base`);
const overlay = build(`${K8S}/overlays/example`);
const byId = new Map(base.map((r) => [idOf(r), r]));
const deployments = base.filter((r) => r.kind === 'Deployment');
const catalogue = Object.keys(configSchema.shape).sort();
const configMap = byId.get('ConfigMap/neuralbeat-config')!;
const secret = byId.get('Secret/neuralbeat-secrets')!;
const isCredential = (key: string) =>
  /(_API_KEY|_MASTER_KEY|_SECRET|_PASSWORD|_TOKEN)$/.test(key) || ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL'].includes(key);
/** The code each Deployment runs and the port setting it listens on. */
const SERVICE_OF: Record<string, 'gateway' | 'content' | 'search' | 'pipeline'> = {
  gateway: 'gateway',
  content: 'content',
  search: 'search',
  'pipeline-api': 'pipeline',
  'pipeline-worker': 'pipeline',
};
const portSetting = (service: string) => `${service.toUpperCase()}_PORT` as 'GATEWAY_PORT';
const catalogueDefault = (key: string) => (configSchema.shape as Record<string, any>)[key].parse(undefined);

describe('infra/k8s', () => {
  it('resolves: every listed file exists, every patch targets a resource, no object is defined twice', () => {
    for (const list of [base, overlay]) expect(new Set(list.map(idOf)).size).toBe(list.length);
    expect(overlay.find((r) => idOf(r) === 'ConfigMap/neuralbeat-config')!.data.SITE_URL).toBe('https://news.example.com');
    expect(overlay.filter((r) => r.kind !== 'Namespace').every((r) => r.metadata.namespace === 'neuralbeat')).toBe(true);
    expect(overlay.flatMap(podContainers).every((c) => c.image === 'registry.example.com/neuralbeat:1.0.0')).toBe(true);
  });

  it('validates every object against the Kubernetes schemas and KEDA CRDs', () => {
    for (const r of overlay) {
      const Model = SCHEMAS[`${r.apiVersion}/${r.kind}`];
      expect(Model, `a schema for ${r.apiVersion} ${r.kind}`).toBeDefined();
      expect(() => new Model!(r).validate(), idOf(r)).not.toThrow();
    }
    // The validation is real: a misspelt field fails it.
    const broken = structuredClone(deployments[0]!);
    broken.spec.template.spec.containers[0].readinessProbe.httpGet.port = { name: 'http' };
    expect(() => new Deployment(broken as never).validate()).toThrow();
  });

  it('has the ConfigMap and Secret hold exactly the settings of the catalogue, credentials in the Secret', () => {
    const configKeys = Object.keys(configMap.data);
    const secretKeys = Object.keys(secret.stringData);
    expect([...configKeys, ...secretKeys].sort()).toEqual(catalogue);
    expect(secretKeys.sort()).toEqual(catalogue.filter(isCredential));
    expect(configKeys.filter(isCredential)).toEqual([]);
    // Every value the ConfigMap sets parses, as the services will read it.
    const env = Object.fromEntries(Object.entries(configMap.data as Record<string, string>).filter(([, v]) => v !== ''));
    expect(() => configSchema.partial().parse(env)).not.toThrow();
  });

  it('gives containers only settings of the catalogue, and secret references to keys the Secret has', () => {
    for (const r of base.filter(podSpec)) {
      for (const c of podContainers(r)) {
        for (const e of c.env ?? []) {
          expect(catalogue, `${idOf(r)} env ${e.name}`).toContain(e.name);
          const ref = e.valueFrom?.secretKeyRef;
          if (ref) expect(ref, idOf(r)).toMatchObject({ name: 'neuralbeat-secrets', key: e.name });
          if (ref) expect(Object.keys(secret.stringData)).toContain(ref.key);
        }
        expect(c.envFrom).toEqual([{ configMapRef: { name: 'neuralbeat-config' } }]);
        // The master key never reaches a long-running service.
        expect((c.env ?? []).map((e: { name: string }) => e.name)).not.toContain('MEILI_MASTER_KEY');
      }
    }
    const role = (name: string) =>
      podContainers(byId.get(`Deployment/${name}`)!)[0].env.find((e: any) => e.name === 'PIPELINE_ROLES')?.value;
    expect([role('pipeline-api'), role('pipeline-worker')]).toEqual(['api', 'worker']);
  });

  it('agrees on ports with the Dockerfile, the catalogue defaults, the Services and the URLs in the ConfigMap', () => {
    const exposed = /^EXPOSE (.+)$/m.exec(fs.readFileSync('infra/Dockerfile', 'utf8'))![1]!.split(/\s+/).map(Number);
    const services = base.filter((r) => r.kind === 'Service');
    for (const d of deployments) {
      const service = SERVICE_OF[d.metadata.name]!;
      const port = podContainers(d)[0].ports[0].containerPort;
      expect(port, d.metadata.name).toBe(catalogueDefault(portSetting(service)));
      expect(String(port)).toBe(configMap.data[portSetting(service)]);
      expect(exposed).toContain(port);
      expect(podContainers(d)[0].command).toEqual(['node', '--enable-source-maps', `services/${service}/dist/main.js`]);
      const svc = services.find((s) => s.metadata.name === d.metadata.name);
      if (d.metadata.name === 'pipeline-worker') {
        expect(svc).toBeUndefined();
        continue;
      }
      expect(svc!.spec.selector).toEqual(d.spec.selector.matchLabels);
      expect(svc!.spec.ports).toEqual([{ name: 'http', port, targetPort: 'http' }]);
    }
    expect(configMap.data.CONTENT_URL).toBe('http://content:4001');
    expect(configMap.data.SEARCH_URL).toBe('http://search:4002');
    expect(configMap.data.PIPELINE_URL).toBe('http://pipeline-api:4003');
    expect(configMap.data.LISTEN_HOST).toBe('0.0.0.0');
  });

  it('runs every pod as non-root on a read-only root filesystem, with resources, and drains within its grace period', () => {
    const drainMs = Number(configMap.data.SHUTDOWN_DELAY_MS) + Number(configMap.data.SHUTDOWN_TIMEOUT_MS);
    for (const r of base.filter(podSpec)) {
      const spec = podSpec(r);
      expect(spec.securityContext, idOf(r)).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
      for (const c of spec.containers) {
        expect(c.securityContext, idOf(r)).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
        expect(c.resources.requests.cpu && c.resources.requests.memory && c.resources.limits.memory, idOf(r)).toBeTruthy();
      }
      if (r.kind === 'Deployment') expect(spec.terminationGracePeriodSeconds * 1000, idOf(r)).toBeGreaterThan(drainMs);
    }
    expect(Number(configMap.data.SHUTDOWN_DELAY_MS)).toBeGreaterThan(0);
  });

  it('autoscales the web tiers on CPU and the workers on queue backlog; budgets and autoscalers name real Deployments', () => {
    const names = new Set(deployments.map((d) => d.metadata.name));
    const hpas = base.filter((r) => r.kind === 'HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(['content', 'gateway', 'search']);
    const pdbs = base.filter((r) => r.kind === 'PodDisruptionBudget');
    expect(pdbs.map((p) => p.spec.selector.matchLabels['app.kubernetes.io/name']).sort()).toEqual([...names].sort());
    const scaled = byId.get('ScaledObject/pipeline-worker')!;
    expect(names.has(scaled.spec.scaleTargetRef.name)).toBe(true);
    const prefix = configMap.data.REDIS_PREFIX;
    const stages = Object.entries(PIPELINE_QUEUES).filter(([stage]) => stage !== 'adminFix');
    expect(scaled.spec.triggers.map((t: any) => t.metadata.listName)).toEqual(stages.map(([, q]) => `${prefix}:${q.name}:wait`));
    for (const t of scaled.spec.triggers) expect(byId.has(`TriggerAuthentication/${t.authenticationRef.name}`)).toBe(true);
  });

  it('lets only the gateway be reached from outside, and the pipeline API only from the gateway', () => {
    const policies = base.filter((r) => r.kind === 'NetworkPolicy');
    expect(policies.find((p) => p.metadata.name === 'default-deny-ingress')!.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress'] });
    const open = policies.filter((p) => (p.spec.ingress ?? []).some((rule: any) => !rule.from));
    expect(open.map((p) => p.spec.podSelector.matchLabels['app.kubernetes.io/name'])).toEqual(['gateway']);
    const pipeline = policies.filter((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === 'pipeline-api');
    expect(pipeline.flatMap((p) => p.spec.ingress.flatMap((rule: any) => rule.from))).toEqual([
      { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } },
    ]);
    const ingress = overlay.find((r) => r.kind === 'Ingress')!;
    expect(ingress.spec.rules[0].http.paths[0].backend.service).toEqual({ name: 'gateway', port: { number: 8080 } });
  });
});

describe('infra/k8s against the running system', () => {
  let sys: RunningSystem;
  beforeAll(async () => {
    sys = await startSystem();
  });
  afterAll(async () => {
    await sys?.stop();
  });

  it('every probe path answers 200 on the service its Deployment runs', async () => {
    for (const d of deployments) {
      const service = sys.services[SERVICE_OF[d.metadata.name]!];
      const container = podContainers(d)[0];
      for (const probe of [container.readinessProbe, container.livenessProbe]) {
        expect(probe.httpGet.port).toBe('http');
        const res = await fetch(`${service.url}${probe.httpGet.path}`);
        expect(res.status, `${d.metadata.name} ${probe.httpGet.path}`).toBe(200);
      }
    }
  });

  it('BullMQ keeps the waiting jobs the ScaledObject counts in the lists it names', async () => {
    const redis = createRedis(sys.config.REDIS_URL);
    const prefix = testRedisPrefix();
    const scaled = byId.get('ScaledObject/pipeline-worker')!;
    try {
      for (const trigger of scaled.spec.triggers) {
        const queueName = trigger.metadata.listName.split(':')[1];
        const queue = new Queue(queueName, { connection: redis, prefix });
        await queue.add('probe', {});
        await queue.add('later', {}, { delay: 60_000 });
        // The ready job is in the list; the delayed one is not counted.
        expect(await redis.llen(`${prefix}:${queueName}:wait`), queueName).toBe(1);
        await queue.obliterate({ force: true });
        await queue.close();
      }
    } finally {
      redis.disconnect();
    }
  });
});
