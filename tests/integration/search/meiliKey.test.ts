import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import { serve, type RunningServer } from '@neuralbeat/common';
import { SEARCH_SERVICE_ACTIONS, searchKeyUid, setupMeilisearch } from '../../../services/search/src/meiliSetup';
import { MeilisearchEngine } from '../../../services/search/src/engine/meilisearchEngine';

/**
 * No Meilisearch server can be installed here, so this speaks its HTTP API
 * (keys, settings, documents, tasks, with its 403/404 error bodies) closely
 * enough to check who uses which key for what.
 */
const MASTER = 'master-key-for-tests';
interface FakeKey {
  uid: string;
  key: string;
  actions: string[];
  indexes: string[];
  name: string;
  description: string;
  expiresAt: null;
  createdAt: string;
  updatedAt: string;
}
const keys = new Map<string, FakeKey>();
const requests: { method: string; path: string; key: string }[] = [];
let taskUid = 0;
let meili: RunningServer;
let dir: string;

function startFakeMeili() {
  const app = express();
  app.use(express.json());
  const keyOf = (req: express.Request) => (req.header('authorization') ?? '').replace(/^Bearer /, '');
  const allowed = (req: express.Request, action: string, index?: string) => {
    const presented = keyOf(req);
    if (presented === MASTER) return true;
    const key = [...keys.values()].find((k) => k.key === presented);
    if (!key || !key.actions.includes(action)) return false;
    return !index || key.indexes.some((p) => (p.endsWith('*') ? index.startsWith(p.slice(0, -1)) : p === index));
  };
  const denied = (res: express.Response) =>
    res.status(403).json({
      message: 'The provided API key is invalid.',
      code: 'invalid_api_key',
      type: 'auth',
      link: 'https://docs.meilisearch.com/errors#invalid_api_key',
    });
  const task = (res: express.Response, indexUid: string, type: string) =>
    res.status(202).json({ taskUid: ++taskUid, indexUid, status: 'enqueued', type, enqueuedAt: new Date().toISOString() });
  app.use((req, _res, next) => {
    requests.push({ method: req.method, path: req.path, key: keyOf(req) });
    next();
  });
  app.patch('/indexes/:uid/settings', (req, res) =>
    allowed(req, 'settings.update', req.params.uid) ? task(res, req.params.uid, 'settingsUpdate') : denied(res),
  );
  app.post('/indexes/:uid/documents', (req, res) =>
    allowed(req, 'documents.add', req.params.uid) ? task(res, req.params.uid, 'documentAdditionOrUpdate') : denied(res),
  );
  app.get('/tasks/:id', (req, res) =>
    allowed(req, 'tasks.get')
      ? res.json({
          uid: Number(req.params.id),
          status: 'succeeded',
          type: 'documentAdditionOrUpdate',
          enqueuedAt: new Date().toISOString(),
        })
      : denied(res),
  );
  app.get('/keys/:uid', (req, res) => {
    if (keyOf(req) !== MASTER) return denied(res);
    const key = keys.get(req.params.uid);
    return key
      ? res.json(key)
      : res
          .status(404)
          .json({ message: `API key \`${req.params.uid}\` not found.`, code: 'api_key_not_found', type: 'invalid_request', link: '' });
  });
  app.post('/keys', (req, res) => {
    if (keyOf(req) !== MASTER) return denied(res);
    const now = new Date().toISOString();
    const key: FakeKey = { ...req.body, key: `search-key-${req.body.uid}`, createdAt: now, updatedAt: now };
    keys.set(key.uid, key);
    res.status(201).json(key);
  });
  return serve(app, 0);
}

beforeAll(async () => {
  meili = await startFakeMeili();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-meili-'));
});
afterAll(async () => {
  await meili.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('Meilisearch keys', () => {
  it('setup creates the indexes with the master key and a search key limited to search and documents on our indexes', async () => {
    const keyFile = path.join(dir, 'run/search.key');
    const key = await setupMeilisearch({ host: meili.url, masterKey: MASTER, prefix: 'nbprod', keyFile });
    expect(key).toMatchObject({ uid: searchKeyUid('nbprod'), actions: SEARCH_SERVICE_ACTIONS, indexes: ['nbprod_*'], expiresAt: null });
    expect(key.actions).not.toContain('*');
    expect(key.actions.some((a) => a.startsWith('settings') || a.startsWith('keys') || a.startsWith('indexes'))).toBe(false);
    expect(fs.readFileSync(keyFile, 'utf8')).toBe(key.key);
    expect(requests.filter((r) => r.path.endsWith('/settings')).map((r) => r.path)).toEqual(
      ['news', 'tools', 'resources', 'events', 'jobs'].map((k) => `/indexes/nbprod_${k}/settings`),
    );
    expect(requests.every((r) => r.key === MASTER)).toBe(true);

    // Again: the same key, not a second one.
    const again = await setupMeilisearch({ host: meili.url, masterKey: MASTER, prefix: 'nbprod', keyFile });
    expect(again.key).toBe(key.key);
    expect(keys.size).toBe(1);
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/keys')).toHaveLength(1);
  });

  it('the search service indexes with its limited key, and that key cannot change settings', async () => {
    const key = fs.readFileSync(path.join(dir, 'run/search.key'), 'utf8');
    requests.length = 0;
    const engine = new MeilisearchEngine(meili.url, key, 'nbprod');
    await engine.upsert({
      kind: 'news',
      refId: 1,
      title: 'A headline',
      excerpt: '',
      body: 'Body',
      tags: [],
      publishedAt: null,
      result: { id: 1 },
    });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PATCH /indexes/nbprod_news/settings',
      'POST /indexes/nbprod_news/documents',
      `GET /tasks/${taskUid}`,
    ]);
    expect(requests.every((r) => r.key === key && r.key !== MASTER)).toBe(true);
    // Another system's indexes are out of its reach.
    const other = new MeilisearchEngine(meili.url, key, 'othersystem');
    await expect(
      other.upsert({ kind: 'news', refId: 1, title: 't', excerpt: '', body: 'b', tags: [], publishedAt: null, result: {} }),
    ).rejects.toThrow(/invalid/i);
  });
});
