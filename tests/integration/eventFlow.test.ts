import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus, createRedis } from '@neuralbeat/common';
import { ToolService } from '../../services/content/src/services/toolService';
import { startSystem, type RunningSystem } from '../support/system';
import { until } from '../support/until';

let sys: RunningSystem;
beforeAll(async () => {
  sys = await startSystem();
});
afterAll(async () => sys.stop());

describe('event bus across services', () => {
  it('a tool approved in content reaches the search index only after commit, once', async () => {
    const redis = createRedis(sys.config.REDIS_URL);
    const bus = new EventBus({ connection: redis, prefix: sys.config.REDIS_PREFIX });
    const tools = new ToolService(sys.database.db, bus);
    const submitted = await tools.submit({
      name: 'Quiver Vectorizer',
      slug: 'quiver-vectorizer',
      description: 'Turns raster sketches into clean vector paths for designers.',
      shortDescription: 'Raster to vector for designers',
      websiteUrl: 'https://quiver.example',
      logoUrl: null,
      category: 'Image Generation',
      tags: ['vector', 'design'],
      features: [],
      pricing: 'Freemium',
      submittedById: 1,
    });
    const search = async () => (await fetch(`${sys.url}/api/tools/search?q=vectorizer`)).json() as Promise<{ slug: string }[]>;
    // Submitted but unapproved: nothing is indexed.
    expect(await search()).toEqual([]);

    await tools.approve(submitted.id, 'req-flow-1');
    const hits = await until(async () => {
      const r = await search();
      return r.length ? r : undefined;
    });
    expect(hits).toEqual([
      {
        id: submitted.id,
        slug: 'quiver-vectorizer',
        name: 'Quiver Vectorizer',
        description: 'Raster to vector for designers',
        tags: ['vector', 'design'],
        why: { field: 'title', match: 'exact', terms: ['vectorizer', 'vector'] },
      },
    ]);

    // Approving again emits nothing new and the index still holds one document.
    await tools.approve(submitted.id);
    const { rows } = await sys.database.db.raw(`SELECT count(*)::int AS n FROM search_documents WHERE kind = 'tools'`);
    expect(rows[0].n).toBe(1);
    await bus.close();
    redis.disconnect();
  });

  it('a failed transaction publishes nothing', async () => {
    const redis = createRedis(sys.config.REDIS_URL);
    const published: string[] = [];
    const bus = { publish: async (name: string) => void published.push(name) } as unknown as EventBus;
    const tools = new ToolService(sys.database.db, bus);
    const input = {
      name: 'Dup Tool',
      slug: 'dup-tool',
      description: 'A tool description long enough.',
      shortDescription: 'Short enough text',
      websiteUrl: 'https://dup.example',
      logoUrl: null,
      category: 'Development' as const,
      tags: [],
      features: [],
      pricing: null,
      submittedById: 1 as const,
    };
    await tools.submit(input);
    await expect(tools.submit(input)).rejects.toMatchObject({ status: 409, field: 'slug' });
    expect(published).toEqual(['tool.submitted']);
    redis.disconnect();
  });
});
