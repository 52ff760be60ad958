import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListingsService } from '../../../services/content/src/services/listingsService';
import { createTestDatabase, type TestDatabase } from '../../support/testEnv';

/** A bus that records what was published, so the tests see exactly which events a write announced. */
function recordingBus() {
  const published: { name: string; payload: unknown }[] = [];
  return {
    published,
    publish: async (name: string, payload: unknown) => {
      published.push({ name, payload });
      return String(published.length);
    },
  };
}

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.drop());

const resource = {
  title: 'Attention, Explained Slowly',
  summary: 'How attention lets a model weigh every word against every other.',
  content: '## Queries, keys and values\n\nEvery token asks a question of every other token.',
  category: 'Deep Learning' as const,
  difficultyLevel: 'Intermediate' as const,
  tags: ['Transformers', 'attention'],
};

describe('ListingsService: resources', () => {
  it('creates with a derived slug and announces it after the commit', async () => {
    const bus = recordingBus();
    const service = new ListingsService(t.db, bus);
    const created = await service.createResource(resource, 'req-1');
    expect(created).toMatchObject({
      slug: 'attention-explained-slowly',
      title: resource.title,
      tags: ['transformers', 'attention'],
      difficultyLevel: 'Intermediate',
    });
    expect(bus.published).toEqual([{ name: 'resource.changed', payload: { resourceId: created.id } }]);
    expect(await t.db('resources').where({ id: created.id }).first('slug')).toEqual({ slug: 'attention-explained-slowly' });
  });

  it('updates only the fields sent, refuses a taken slug with a 409 naming slug, and deletes', async () => {
    const bus = recordingBus();
    const service = new ListingsService(t.db, bus);
    const a = await service.createResource({ ...resource, slug: 'guide-a' });
    const b = await service.createResource({ ...resource, slug: 'guide-b', title: 'Another guide' });
    const updated = await service.updateResource(a.id, { summary: 'A shorter summary of attention.' });
    expect(updated).toMatchObject({
      slug: 'guide-a',
      summary: 'A shorter summary of attention.',
      title: resource.title,
      tags: ['transformers', 'attention'],
    });
    await expect(service.updateResource(b.id, { slug: 'guide-a' })).rejects.toMatchObject({ status: 409, field: 'slug' });
    await service.deleteResource(a.id);
    expect(await t.db('resources').where({ id: a.id }).first()).toBeUndefined();
    expect(bus.published.map((e) => e.name)).toEqual(['resource.changed', 'resource.changed', 'resource.changed', 'resource.changed']);
    expect(bus.published.at(-1)).toEqual({ name: 'resource.changed', payload: { resourceId: a.id } });
  });

  it('rejects bad input with a 400 naming the field, and a missing record with a 404, announcing nothing', async () => {
    const bus = recordingBus();
    const service = new ListingsService(t.db, bus);
    await expect(service.createResource({ ...resource, title: '  ' })).rejects.toMatchObject({ status: 400, field: 'title' });
    await expect(service.createResource({ ...resource, category: 'Cooking' as never })).rejects.toMatchObject({
      status: 400,
      field: 'category',
    });
    await expect(service.createResource({ ...resource, imageUrl: 'javascript:alert(1)' })).rejects.toMatchObject({
      status: 400,
      field: 'imageUrl',
    });
    await expect(service.updateResource(999_999, { title: 'x' })).rejects.toMatchObject({ status: 404 });
    await expect(service.deleteResource(999_999)).rejects.toMatchObject({ status: 404 });
    expect(bus.published).toEqual([]);
  });
});

describe('ListingsService: events', () => {
  it('creates, hides (published false) and keeps what an update did not send', async () => {
    const bus = recordingBus();
    const service = new ListingsService(t.db, bus);
    const created = await service.createEvent({
      name: 'Robot Learning Summit 2027',
      description: 'Two days on learning-based control for real robots.',
      location: 'Zurich, Switzerland',
      startDate: '2027-03-02',
      endDate: '2027-03-03',
      eventType: 'Conference',
      url: 'https://robots.example/summit',
    });
    expect(created).toMatchObject({ slug: 'robot-learning-summit-2027', startDate: '2027-03-02T00:00:00.000Z', virtual: false });
    await service.updateEvent(created.id, { published: false });
    await service.updateEvent(created.id, { location: 'Basel, Switzerland' });
    expect(await t.db('events').where({ id: created.id }).first('published', 'location', 'virtual')).toEqual({
      published: false,
      location: 'Basel, Switzerland',
      virtual: false,
    });
    await expect(service.updateEvent(created.id, { startDate: 'not a date' })).rejects.toMatchObject({ status: 400, field: 'startDate' });
    await service.deleteEvent(created.id);
    expect(bus.published).toEqual(Array(4).fill({ name: 'event.changed', payload: { eventId: created.id } }));
  });
});

describe('ListingsService: jobs', () => {
  it('creates, updates and deletes, announcing each', async () => {
    const bus = recordingBus();
    const service = new ListingsService(t.db, bus);
    const job = await service.createJob({
      title: 'Search Relevance Engineer',
      company: 'Lumen Labs',
      location: 'Remote',
      jobType: 'Full-time',
      description: 'Tune ranking for a catalogue of millions.',
      requirements: '- Information retrieval\n- Python',
      applyUrl: 'https://jobs.example/relevance',
      remote: true,
    });
    expect(job).toMatchObject({ title: 'Search Relevance Engineer', remote: true, salaryRange: null });
    expect((await service.updateJob(job.id, { salaryRange: '$150k – $190k' })).salaryRange).toBe('$150k – $190k');
    await expect(service.createJob({ ...job, jobType: 'Internship' as never })).rejects.toMatchObject({ status: 400, field: 'jobType' });
    await expect(service.updateJob(job.id, [] as never)).rejects.toMatchObject({ status: 400 });
    await service.deleteJob(job.id);
    expect(bus.published).toEqual(Array(3).fill({ name: 'job.changed', payload: { jobId: job.id } }));
  });

  it('publishes nothing when the transaction fails', async () => {
    const published: string[] = [];
    const failing = {
      publish: async (name: string) => {
        published.push(name);
        return '1';
      },
    };
    const service = new ListingsService(t.db, failing);
    await service.createResource({ ...resource, slug: 'only-once' });
    await expect(service.createResource({ ...resource, slug: 'only-once' })).rejects.toMatchObject({ status: 409, field: 'slug' });
    expect(published).toEqual(['resource.changed']);
  });
});
