import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@neuralbeat/common';
import { PostgresSearchEngine } from '../../../services/search/src/engine/postgresEngine';
import { ContentClient } from '../../../services/search/src/contentClient';
import { reindex } from '../../../services/search/src/services/reindex';
import { startSystem, type RunningSystem } from '../../support/system';
import { insertJob, insertTool } from '../../support/factories';

let sys: RunningSystem;
let dist: string;

beforeAll(async () => {
  // The gateway fills the head markers of web/index.html; a copy stands in for the built app.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-search-seo-'));
  fs.writeFileSync(path.join(dist, 'index.html'), fs.readFileSync('web/index.html', 'utf8'));
  sys = await startSystem({ WEB_DIST: dist, SITE_URL: 'https://neuralbeat.example' });
  const db = sys.database.db;
  await insertTool(db, { name: 'Lumen Canvas', slug: 'lumen-canvas' });
  await insertJob(db, { title: 'Lumen Platform Engineer', company: 'Acme' });
  await reindex({
    db,
    engine: new PostgresSearchEngine(db),
    content: new ContentClient(sys.services.content.url),
    logger: createLogger('test', 'silent'),
    onChange: async () => {},
  });
});
afterAll(async () => {
  await sys.stop();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function head(p: string) {
  const res = await fetch(`${sys.url}${p}`);
  const html = await res.text();
  const attr = (re: RegExp) => html.match(re)?.[1];
  return {
    status: res.status,
    title: attr(/<title data-ssr>([^<]*)<\/title>/),
    description: attr(/<meta data-ssr name="description" content="([^"]*)"/),
    robots: attr(/<meta data-ssr name="robots" content="([^"]*)"/),
    canonical: attr(/<link data-ssr rel="canonical" href="([^"]*)"/),
  };
}

describe('/search for crawlers', () => {
  it('names the query and counts the results across all kinds', async () => {
    expect(await head('/search?q=lumen')).toEqual({
      status: 200,
      title: 'Search results for “lumen” | NeuralBeat',
      description: '2 results for “lumen” in AI news, tools, guides, events and jobs on NeuralBeat.',
      robots: 'index, follow',
      canonical: 'https://neuralbeat.example/search?q=lumen',
    });
  });

  it('is noindex when nothing matched, and escapes the query', async () => {
    const page = await head(`/search?q=${encodeURIComponent('zzqx "<script>"')}`);
    expect(page).toMatchObject({
      status: 200,
      title: 'No results for “zzqx &quot;&lt;script&gt;&quot;” | NeuralBeat',
      robots: 'noindex, nofollow',
    });
  });

  it('without a query is the plain search page', async () => {
    expect(await head('/search')).toMatchObject({
      status: 200,
      title: 'Search | NeuralBeat',
      robots: 'index, follow',
      canonical: 'https://neuralbeat.example/search',
    });
    expect((await head('/search?q=%E0%A4%A')).status).toBe(200);
  });
});
