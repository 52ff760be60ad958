import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createRedis, EventBus, transactionWithEvents, type RunningServer } from '@neuralbeat/common';
import type { SearchKind } from '@neuralbeat/common/contracts';
import { ToolService } from '../../../services/content/src/services/toolService';
import { seed } from '../../../services/content/src/db/seed';
import { startContent } from '../../../services/content/src/server';
import { startSearch } from '../../../services/search/src/server';
import { PostgresSearchEngine } from '../../../services/search/src/engine/postgresEngine';
import { ContentClient } from '../../../services/search/src/contentClient';
import { SEARCH_PURGE_INTERVAL_MS, SearchResultCache } from '../../../services/search/src/services/resultCache';
import { INDEX_VERSION, reindexIfNeeded, reindexReason } from '../../../services/search/src/services/reindex';
import { startSystem, type RunningSystem } from '../../support/system';
import { createTestDatabase, testConfig } from '../../support/testEnv';
import { insertEvent, insertJob, insertNewsItem, insertResource } from '../../support/factories';
import { fetchUntilChanged, until } from '../../support/until';
import { freePort } from '../../support/throwawayServers';

/** Seeding before the search service existed: the rows are written, nobody hears of them. */
const nobodyListening = { publish: async () => 'dropped' };

let sys: RunningSystem;
let bus: EventBus;
let redis: ReturnType<typeof createRedis>;
const slugs = async (kind: SearchKind, q: string, base = sys.url) => {
  const res = await fetch(`${base}/api/${kind}/search?q=${encodeURIComponent(q)}`);
  return ((await res.json()) as { slug?: string; id: number }[]).map((r) => r.slug ?? r.id);
};
const found = (kind: SearchKind, q: string, expected: unknown[]) =>
  until(async () => {
    const got = await slugs(kind, q);
    return JSON.stringify(got) === JSON.stringify(expected) ? got : undefined;
  });

beforeAll(async () => {
  sys = await startSystem();
  redis = createRedis(sys.config.REDIS_URL);
  bus = new EventBus({ connection: redis, prefix: sys.config.REDIS_PREFIX });
});
afterAll(async () => {
  await bus.close();
  redis.disconnect();
  await sys.stop();
});

describe('index kept in step by events', () => {
  it('a tool approved in content is searchable within a second', async () => {
    const tools = new ToolService(sys.database.db, bus);
    const tool = await tools.submit({
      name: 'Zephyr Vectorizer',
      slug: 'zephyr-vectorizer',
      description: 'Turns raster sketches into clean vector paths for designers.',
      shortDescription: 'Raster to vector for designers',
      websiteUrl: 'https://zephyr.example',
      logoUrl: null,
      category: 'Image Generation',
      tags: ['vector'],
      features: [],
      pricing: null,
      submittedById: 1,
    });
    expect(await slugs('tools', 'zephyr')).toEqual([]);
    // The gateway replays that answer now: the approval must reach it too.
    await until(async () => (await fetch(`${sys.url}/api/tools/search?q=zephyr`)).headers.get('x-cache') === 'HIT');
    const approvedAt = performance.now();
    await tools.approve(tool.id);
    await found('tools', 'zephyr', ['zephyr-vectorizer']);
    const ms = performance.now() - approvedAt;
    console.log(`tool approved → searchable through the gateway in ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(1000);
  });

  it('follows a resource through create, update and delete', async () => {
    const db = sys.database.db;
    // A write a visitor can see commits with its `*.changed` event, as the seed and any editor must.
    const r = await transactionWithEvents(db, bus, async (trx, emit) => {
      const row = await insertResource(trx, {
        title: 'Gradient Descent by Hand',
        slug: 'gradient-descent-by-hand',
        summary: 'Work through three steps of gradient descent on paper.',
        content: 'Take a bowl-shaped loss and roll downhill.',
        category: 'Machine Learning',
        tags: ['optimisation'],
      });
      emit('resource.changed', { resourceId: row.id });
      return row;
    });
    await found('resources', 'gradient', ['gradient-descent-by-hand']);
    await transactionWithEvents(db, bus, async (trx, emit) => {
      await trx('resources').where({ id: r.id }).update({ title: 'Stochastic Descent by Hand' });
      emit('resource.changed', { resourceId: r.id });
    });
    await found('resources', 'stochastic', ['gradient-descent-by-hand']);
    const [hit] = (await (await fetch(`${sys.url}/api/resources/search?q=stochastic`)).json()) as { title: string }[];
    expect(hit!.title).toBe('Stochastic Descent by Hand');
    await transactionWithEvents(db, bus, async (trx, emit) => {
      await trx('resources').where({ id: r.id }).delete();
      emit('resource.changed', { resourceId: r.id });
    });
    await found('resources', 'stochastic', []);
  });

  it('stops finding a job the moment it passes its validThrough, before the sweep closes it, cached answers included', async () => {
    const db = sys.database.db;
    const closesAt = new Date(Date.now() + 2500);
    const [closing, open] = await transactionWithEvents(db, bus, async (trx, emit) => {
      const jobs = [
        await insertJob(trx, { title: 'Magnetar Data Engineer', valid_through: closesAt }),
        await insertJob(trx, { title: 'Magnetar Research Scientist', valid_through: new Date(Date.now() + 86_400_000) }),
      ];
      for (const job of jobs) emit('job.changed', { jobId: job.id });
      return jobs;
    });
    await found('jobs', 'magnetar', [open.id, closing.id]);
    // The answer above is now cached here and at the gateway; it must not outlive the first job's date.
    await until(async () => (await fetch(`${sys.url}/api/jobs/search?q=magnetar`)).headers.get('x-cache') === 'HIT' || undefined);
    await new Promise((r) => setTimeout(r, closesAt.getTime() - Date.now() + 50));
    expect(await slugs('jobs', 'magnetar')).toEqual([open.id]);
    // Still open in content: the sweep has not closed it, so no job.changed has removed it from the index.
    expect(await db('jobs').where({ id: closing.id }).first('closed_at')).toEqual({ closed_at: null });
  });

  it('drops an event that is unpublished and a job that is deleted', async () => {
    const db = sys.database.db;
    const { e, job } = await transactionWithEvents(db, bus, async (trx, emit) => {
      const e = await insertEvent(trx, {
        name: 'Quantum ML Days',
        slug: 'quantum-ml-days',
        description: 'Quantum machine learning, two days.',
        location: 'Delft, Netherlands',
        event_type: 'Workshop',
      });
      const job = await insertJob(trx, {
        title: 'Quantum Research Engineer',
        company: 'Qubit Works',
        location: 'Delft',
        description: 'Build quantum ML experiments.',
        requirements: 'Python',
        apply_url: 'https://qubit.example/jobs/1',
      });
      emit('event.changed', { eventId: e.id });
      emit('job.changed', { jobId: job.id });
      return { e, job };
    });
    await found('events', 'quantum', ['quantum-ml-days']);
    await found('jobs', 'quantum', [job.id]);
    await transactionWithEvents(db, bus, async (trx, emit) => {
      await trx('events').where({ id: e.id }).update({ published: false });
      await trx('jobs').where({ id: job.id }).delete();
      emit('event.changed', { eventId: e.id });
      emit('job.changed', { jobId: job.id });
    });
    await found('events', 'quantum', []);
    await found('jobs', 'quantum', []);
    await transactionWithEvents(db, bus, async (trx, emit) => {
      await trx('events').where({ id: e.id }).update({ published: true });
      emit('event.changed', { eventId: e.id });
    });
    await found('events', 'quantum', ['quantum-ml-days']);
  });

  it('indexes published news and forgets a news item that is gone', async () => {
    const db = sys.database.db;
    const item = await transactionWithEvents(db, bus, async (trx, emit) => {
      const row = await insertNewsItem(trx, { title: 'Heliograph model reads solar data', slug: 'heliograph-model' });
      emit('newsfeed.published', { newsFeedId: row.id, articleId: row.article_id, slug: row.slug });
      return row;
    });
    await found('news', 'heliograph', ['heliograph-model']);
    await transactionWithEvents(db, bus, async (trx, emit) => {
      await trx('news_feed').where({ id: item.id }).delete();
      emit('newsfeed.updated', { newsFeedId: item.id });
    });
    await found('news', 'heliograph', []);
  });

  it('renews a busy kind’s answers in the background: the old answer stands in while the new one is fetched', async () => {
    const db = sys.database.db;
    const publish = (title: string, slug: string) =>
      transactionWithEvents(db, bus, async (trx, emit) => {
        const row = await insertNewsItem(trx, { title, slug, publish_date: new Date() });
        emit('newsfeed.published', { newsFeedId: row.id, articleId: row.article_id, slug: row.slug });
      });
    await publish('Periscope model maps the seabed', 'periscope-seabed');
    await found('news', 'periscope', ['periscope-seabed']);
    const url = `${sys.url}/api/news/search?q=periscope`;
    await until(async () => (await fetch(url)).headers.get('x-cache') === 'HIT');
    // News changed a moment ago, so it is busy: the next change is purged softly (SEARCH_QUIET_MS).
    const publishedAt = Date.now();
    await publish('Periscope model maps the reef', 'periscope-reef');
    const renewed = await fetchUntilChanged(url, (body: { slug: string }[]) => body.some((r) => r.slug === 'periscope-reef'), 5000);
    const ms = Date.now() - publishedAt;
    console.log(
      `news indexed while busy → searchable through the gateway in ${ms} ms; answers meanwhile: ${[...new Set(renewed.before)].join(', ')}`,
    );
    expect(renewed.before.at(-1)).toBe('UPDATING');
    // Nobody waited for the engine: every answer before the new one was the kept one.
    expect(renewed.before.filter((cache) => cache !== 'HIT' && cache !== 'UPDATING')).toEqual([]);
    expect(ms).toBeLessThan(SEARCH_PURGE_INTERVAL_MS + 1000);
  });
});

describe('full reindex', () => {
  it('finds seeded items after a reindex, and rebuilds only when the index is missing, empty or outdated', async () => {
    const db = sys.database.db;
    await seed(db, nobodyListening);
    expect(await slugs('tools', 'claude')).toEqual([]);
    const cache = new SearchResultCache({ ttlSeconds: 0, redis, prefix: sys.config.REDIS_PREFIX });
    const deps = {
      db,
      engine: new PostgresSearchEngine(db),
      content: new ContentClient(sys.services.content.url),
      logger: createLogger('test', 'silent'),
      onChange: () => cache.invalidate(),
    };
    expect(await reindexReason(db, deps.engine)).toBe('the index has never been built');
    const report = await reindexIfNeeded(deps);
    expect(report?.documents.tools).toBeGreaterThanOrEqual(32);
    expect(report?.documents.jobs).toBeGreaterThanOrEqual(12);
    // The purge reaches the gateway over Redis a moment later: until then it may replay the empty answer asked above.
    await found('tools', 'claude', ['claude']);
    await until(async () => (await slugs('events', 'neurips')).length > 0);

    expect(await reindexIfNeeded(deps)).toBeNull();
    await db('search_index_state').update({ version: INDEX_VERSION - 1 });
    expect(await reindexReason(db, deps.engine)).toMatch(/version/);
    // A row deleted behind the index's back disappears on the next reindex.
    await db('tools').where({ slug: 'claude' }).delete();
    expect((await reindexIfNeeded(deps))?.documents.tools).toBeGreaterThan(0);
    expect(await slugs('tools', 'claude')).toEqual([]);
  });

  it('a search service that starts on an empty index rebuilds it, so a fresh start finds the seed', async () => {
    const database = await createTestDatabase();
    await seed(database.db, nobodyListening);
    const cfg = testConfig(database.url);
    const servers: RunningServer[] = [];
    try {
      const content = await startContent(cfg);
      servers.push(content);
      const search = await startSearch({ ...cfg, CONTENT_URL: content.url }, createLogger('search', 'silent'), { reindexIfNeeded: true });
      servers.push(search);
      await until(async () => ((await slugs('tools', 'midjourney', search.url)).includes('midjourney') ? true : undefined));
    } finally {
      for (const s of servers.reverse()) await s.close();
      await database.drop();
    }
  });

  it('a search service started before content waits for it, then indexes what was published meanwhile, with no failed handler', async () => {
    const database = await createTestDatabase();
    const cfg = testConfig(database.url);
    const contentPort = await freePort();
    const lines: { msg: string }[] = [];
    const logger = createLogger('search', 'info', { write: (line: string) => void lines.push(JSON.parse(line)) });
    const search = await startSearch({ ...cfg, CONTENT_URL: `http://127.0.0.1:${contentPort}` }, logger, {
      reindexIfNeeded: true,
      waitForContent: true,
    });
    const servers: RunningServer[] = [search];
    const eventRedis = createRedis(cfg.REDIS_URL);
    const seedBus = new EventBus({ connection: eventRedis, prefix: cfg.REDIS_PREFIX });
    try {
      // Seeded (and announced) while content is not serving yet, as on a fresh `npm start`.
      await seed(database.db, seedBus);
      await until(async () => (lines.some((l) => l.msg === 'waiting for the content service before indexing') ? true : undefined));
      servers.push(await startContent({ ...cfg, CONTENT_PORT: contentPort }));
      await until(async () => ((await slugs('tools', 'midjourney', search.url)).includes('midjourney') ? true : undefined));
      expect(lines.filter((l) => /failed/.test(l.msg))).toEqual([]);
    } finally {
      for (const s of servers.reverse()) await s.close();
      await seedBus.close();
      eventRedis.disconnect();
      await database.drop();
    }
  });
});
