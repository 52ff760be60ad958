import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createLogger, type EventBus } from '@neuralbeat/common';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '../../../../tests/support/testEnv';
import { rssFeed, startFeedServer, type FeedServer } from '../../../../tests/support/feedServer';
import { daysAgo, greenhouseBoard, leverPostings, type FixtureGreenhouseJob } from '../../../../tests/support/jobBoards';
import { buildService } from '../../../../scripts/buildServices';
import { scratchBuildDir } from '../../../../tests/support/scratchBuild';
import type { CollectedJobRow } from '../repositories/collectedJobsRepository';
import { SourcesRepository } from '../repositories/sourcesRepository';
import { JobCollector } from './jobCollector';

const run = promisify(execFile);
let t: TestDatabase;
let boards: FeedServer;
let collector: JobCollector;
let sources: SourcesRepository;
const announced: { name: string; payload: { jobId: number } }[] = [];
const bus = {
  publish: async (name: string, payload: { jobId: number }) => {
    announced.push({ name, payload });
    return 'id';
  },
} as unknown as EventBus;

const GH_PATH = '/v1/boards/acme/jobs?content=true';
const LEVER_PATH = '/v0/postings/acme?mode=json';
const aiEngineer: FixtureGreenhouseJob = { id: 4001, title: 'AI Engineer ', location: 'Remote, US', employmentType: 'Full-time' };
const researcher: FixtureGreenhouseJob = { id: 4002, title: 'Research Scientist', location: 'London, United Kingdom' };

/** A stored job as Postgres reads it back: pay bounds are numerics (strings), and a job may be closed. */
type JobRecord = Omit<CollectedJobRow, 'salary_min' | 'salary_max'> & {
  id: number;
  closed_at: Date | null;
  salary_min: string | null;
  salary_max: string | null;
};
const jobsOf = (sourceId: number) => t.db<JobRecord>('jobs').where('source_id', sourceId).orderBy('external_id');
const changed = () => announced.filter((e) => e.name === 'job.changed').map((e) => e.payload.jobId);

beforeAll(async () => {
  [t, boards] = await Promise.all([createTestDatabase(), startFeedServer()]);
  collector = new JobCollector(t.db, createLogger('test', 'silent'), bus, {
    timeoutMs: 2000,
    userAgent: 'NeuralBeatBot/1.0 (test)',
    maxAgeDays: 45,
  });
  sources = new SourcesRepository(t.db);
});
afterAll(async () => {
  await boards.close();
  await t.drop();
});
beforeEach(() => {
  announced.length = 0;
});

describe('Greenhouse boards', () => {
  it('maps each job: company from the source, remote and region from the location, sanitised text, requirements apart, no pay from prose', async () => {
    boards.routes.set(`/gh1${GH_PATH}`, { body: greenhouseBoard([aiEngineer, researcher]), contentType: 'application/json' });
    const source = await sources.upsert('Acme AI', `${boards.url}/gh1${GH_PATH}`, 'greenhouse');
    const result = await collector.collect(source.id);
    expect(result).toMatchObject({ status: 'collected', seen: 2 });
    expect(result.added).toHaveLength(2);
    const [remote, london] = await jobsOf(source.id);
    expect(remote).toMatchObject({
      title: 'AI Engineer',
      company: 'Acme AI',
      location: 'Remote, US',
      remote: true,
      country: 'United States',
      job_type: 'Full-time',
      apply_url: 'https://job-boards.greenhouse.io/acme/jobs/4001',
      salary_range: null,
      closed_at: null,
    });
    expect(london).toMatchObject({ remote: false, country: null, location: 'London, United Kingdom' });
    expect(remote!.description).toContain('Acme builds evaluation tools for language models.');
    expect(remote!.description).toContain('## What you will do\n\n- Ship model evaluation pipelines\n- Work with research');
    expect(remote!.description).not.toMatch(/<|alert|javascript/);
    // Pay stated only in prose stays prose: no salary range is made of it.
    expect(remote!.description).toContain('$100,000');
    expect(remote!.requirements).toBe('## Qualifications\n\n- 3+ years of Python\n- Experience with PyTorch');
    // Posted three days ago; open until 45 days after that.
    expect(Math.round((remote!.valid_through.getTime() - remote!.created_at.getTime()) / 86_400_000)).toBe(45);
    expect(changed().sort()).toEqual([remote!.id, london!.id].sort());
    const row = (await sources.find(source.id))!;
    expect(row).toMatchObject({ last_collection_status: 'collected', items_seen: 2, items_added: 2, items_updated: 0, items_closed: 0 });
  });

  it('updates on a second collection instead of adding, and only what changed', async () => {
    boards.routes.set(`/gh2${GH_PATH}`, { body: greenhouseBoard([aiEngineer, researcher]), contentType: 'application/json' });
    const source = await sources.upsert('Acme Two', `${boards.url}/gh2${GH_PATH}`, 'greenhouse');
    await collector.collect(source.id);
    announced.length = 0;
    // Same answer: the ETag says not modified.
    expect(await collector.collect(source.id)).toMatchObject({ status: 'not-modified', added: [], updated: [] });
    boards.routes.set(`/gh2${GH_PATH}`, {
      body: greenhouseBoard([
        { ...aiEngineer, title: 'Senior AI Engineer', pay: { min: 150_000, max: 170_000, currency: 'USD' } },
        researcher,
      ]),
      contentType: 'application/json',
    });
    const again = await collector.collect(source.id);
    const rows = await jobsOf(source.id);
    expect(rows).toHaveLength(2);
    expect(again.added).toEqual([]);
    expect(again.updated).toEqual([rows[0]!.id]);
    expect(rows[0]).toMatchObject({
      title: 'Senior AI Engineer',
      salary_range: '$150,000 – $170,000',
      salary_min: '150000.00',
      salary_currency: 'USD',
    });
    expect(changed()).toEqual([rows[0]!.id]);
  });

  it('closes a job that left its board at the next collection, and opens it again when it comes back', async () => {
    boards.routes.set(`/gh3${GH_PATH}`, { body: greenhouseBoard([aiEngineer, researcher]), contentType: 'application/json' });
    const source = await sources.upsert('Acme Three', `${boards.url}/gh3${GH_PATH}`, 'greenhouse');
    await collector.collect(source.id);
    boards.routes.set(`/gh3${GH_PATH}`, { body: greenhouseBoard([researcher]), contentType: 'application/json' });
    announced.length = 0;
    const result = await collector.collect(source.id);
    const [gone, kept] = await jobsOf(source.id);
    expect(result.closed).toEqual([gone!.id]);
    expect(gone!.closed_at).toBeInstanceOf(Date);
    expect(kept!.closed_at).toBeNull();
    expect(changed()).toEqual([gone!.id]);
    expect((await sources.find(source.id))!.items_closed).toBe(1);
    boards.routes.set(`/gh3${GH_PATH}`, { body: greenhouseBoard([aiEngineer, researcher]), contentType: 'application/json' });
    const back = await collector.collect(source.id);
    expect(back.updated).toEqual([gone!.id]);
    expect((await jobsOf(source.id))[0]!.closed_at).toBeNull();
  });

  it('closes every job past JOB_MAX_AGE_DAYS, collected or not, and does not take a posting that old', async () => {
    boards.routes.set(`/gh4${GH_PATH}`, {
      body: greenhouseBoard([aiEngineer, { ...researcher, firstPublished: daysAgo(50).toISOString() }]),
      contentType: 'application/json',
    });
    const source = await sources.upsert('Acme Four', `${boards.url}/gh4${GH_PATH}`, 'greenhouse');
    const [editorial] = await t
      .db('jobs')
      .insert({
        title: 'Editorial job',
        company: 'Old Co',
        location: 'Paris',
        job_type: 'Full-time',
        description: 'd',
        requirements: 'r',
        apply_url: 'https://old.example/apply',
        created_at: daysAgo(46),
      })
      .returning('id');
    const result = await collector.collect(source.id);
    expect(result.added).toHaveLength(1);
    expect(result.skipped).toEqual([{ externalId: '4002', reason: 'closed: posted over 45 days ago or past its deadline' }]);
    expect(result.closed).toContain(editorial.id);
    expect((await t.db('jobs').where({ id: editorial.id }).first()).closed_at).toBeInstanceOf(Date);
    // Time passes, the board does not change (not modified): the job closes at its age all the same.
    await t
      .db('jobs')
      .where({ source_id: source.id })
      .update({ created_at: daysAgo(46), valid_through: daysAgo(1) });
    expect(await collector.collect(source.id)).toMatchObject({ status: 'not-modified' });
    const [aged] = await jobsOf(source.id);
    expect(aged!.closed_at).toBeInstanceOf(Date);
  });

  it('closes a stored job its board now dates past the maximum age', async () => {
    boards.routes.set(`/gh8${GH_PATH}`, { body: greenhouseBoard([aiEngineer]), contentType: 'application/json' });
    const source = await sources.upsert('Acme Eight', `${boards.url}/gh8${GH_PATH}`, 'greenhouse');
    await collector.collect(source.id);
    boards.routes.set(`/gh8${GH_PATH}`, {
      body: greenhouseBoard([{ ...aiEngineer, firstPublished: daysAgo(60).toISOString() }]),
      contentType: 'application/json',
    });
    const result = await collector.collect(source.id);
    const [job] = await jobsOf(source.id);
    expect(result.closed).toEqual([job!.id]);
    expect(job!.closed_at).toBeInstanceOf(Date);
  });

  it('takes the type from the Employment Type field, else from the title only where it states one', async () => {
    const titles = [
      'Contract Manager',
      'Counsel, Contract Negotiations',
      'ML Engineer (Contract)',
      'Data Annotator - Contractor',
      'Part-time Data Labeler',
      'Research Engineer [6-month contract]',
      'Summer Intern, Research',
    ];
    boards.routes.set(`/gh9${GH_PATH}`, {
      body: greenhouseBoard([
        ...titles.map((title, i) => ({ id: 4900 + i, title, location: 'Paris, France' })),
        { id: 4990, title: 'Contract Manager', location: 'Paris, France', employmentType: 'Contractor' },
      ]),
      contentType: 'application/json',
    });
    const source = await sources.upsert('Acme Nine', `${boards.url}/gh9${GH_PATH}`, 'greenhouse');
    await collector.collect(source.id);
    expect((await jobsOf(source.id)).map((j) => [j.title, j.job_type])).toEqual([
      ['Contract Manager', 'Full-time'],
      ['Counsel, Contract Negotiations', 'Full-time'],
      ['ML Engineer (Contract)', 'Contract'],
      ['Data Annotator - Contractor', 'Contract'],
      ['Part-time Data Labeler', 'Part-time'],
      ['Research Engineer [6-month contract]', 'Contract'],
      ['Summer Intern, Research', 'Full-time'],
      // The board's field says so: the title is not read.
      ['Contract Manager', 'Contract'],
    ]);
  });

  it('leaves out postings without a description (the list asked without content=true) and says why', async () => {
    boards.routes.set(`/gh5${GH_PATH}`, { body: greenhouseBoard([aiEngineer], { content: false }), contentType: 'application/json' });
    const source = await sources.upsert('Acme Five', `${boards.url}/gh5${GH_PATH}`, 'greenhouse');
    const result = await collector.collect(source.id);
    expect(result).toMatchObject({ status: 'collected', added: [], seen: 1 });
    expect(result.skipped).toEqual([{ externalId: '4001', reason: 'no description (asked without content=true)' }]);
  });

  it('records a board that answers HTML or another shape as the source error', async () => {
    boards.routes.set(`/gh6${GH_PATH}`, { body: '<html><body>Sign in</body></html>', contentType: 'text/html' });
    boards.routes.set(`/gh7${GH_PATH}`, { body: JSON.stringify({ postings: [] }), contentType: 'application/json' });
    const html = await sources.upsert('HTML Board', `${boards.url}/gh6${GH_PATH}`, 'greenhouse');
    const shape = await sources.upsert('Odd Board', `${boards.url}/gh7${GH_PATH}`, 'greenhouse');
    expect(await collector.collect(html.id)).toMatchObject({ status: 'failed', error: 'The board did not answer JSON' });
    expect(await collector.collect(shape.id)).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('Not a Greenhouse board answer (jobs:'),
    });
    expect((await sources.find(shape.id))!).toMatchObject({ last_collection_status: 'failed', consecutive_failures: 1 });
  });
});

describe('Lever sites', () => {
  it('maps commitment, workplace type, structured pay and the requirement lists', async () => {
    boards.routes.set(`/lv1${LEVER_PATH}`, {
      body: leverPostings([
        {
          id: 'a1b2c3d4-0000-4000-8000-000000000001',
          text: 'Speech Research Engineer',
          location: 'New York, NY',
          workplaceType: 'hybrid',
          salary: { min: 150_000, max: 180_000, currency: 'USD', interval: 'per-year-salary' },
        },
        {
          id: 'a1b2c3d4-0000-4000-8000-000000000002',
          text: 'Data Labeler',
          location: 'North America',
          workplaceType: 'remote',
          commitment: 'Part-time',
        },
        { id: 'a1b2c3d4-0000-4000-8000-000000000003', text: 'ML Consultant', location: 'Berlin', commitment: 'Contract', country: 'DE' },
      ]),
      contentType: 'application/json',
    });
    const source = await sources.upsert('Acme Lever', `${boards.url}/lv1${LEVER_PATH}`, 'lever');
    const result = await collector.collect(source.id);
    expect(result.added).toHaveLength(3);
    const [hybrid, remote, contract] = await jobsOf(source.id);
    expect(hybrid).toMatchObject({
      company: 'Acme Lever',
      job_type: 'Full-time',
      remote: false,
      salary_range: '$150,000 – $180,000 a year',
      salary_unit: 'YEAR',
      apply_url: 'https://jobs.lever.co/acme/a1b2c3d4-0000-4000-8000-000000000001/apply',
    });
    expect(hybrid!.description).toBe(
      '## About the Role\n\nYou will train and evaluate speech models.\n\n## Responsibilities\n\n- Train models\n- Write evaluations\n\n## Benefits\n\nWe offer a learning budget.',
    );
    expect(hybrid!.requirements).toBe('## What We Require\n\n- Experience with JAX\n- Published research');
    expect(remote).toMatchObject({ job_type: 'Part-time', remote: true, country: 'United States', salary_range: null });
    expect(contract).toMatchObject({ job_type: 'Contract', remote: false, country: 'Germany' });
  });
});

describe('RSS job feeds', () => {
  it('takes each item as a posting, its guid as the board id', async () => {
    boards.routes.set('/jobs.xml', {
      body: rssFeed(
        [
          {
            title: 'Remote Prompt Engineer',
            link: 'https://jobs.example/1',
            guid: 'job-1',
            category: 'Contract',
            html: '<p>Write prompts.</p><h3>Requirements</h3><ul><li>English</li></ul>',
          },
          {
            title: 'Robotics Engineer',
            link: 'https://jobs.example/2',
            guid: 'job-2',
            html: '<p>Build robots.</p>',
            date: new Date().toUTCString(),
          },
        ],
        'Jobs Feed',
      ),
    });
    const source = await sources.upsert('Robo Jobs', `${boards.url}/jobs.xml`, 'job-feed');
    const result = await collector.collect(source.id);
    expect(result.added).toHaveLength(2);
    const [prompt, robots] = await jobsOf(source.id);
    expect(prompt).toMatchObject({
      external_id: 'job-1',
      remote: true,
      location: 'Remote',
      job_type: 'Contract',
      description: 'Write prompts.',
      requirements: '## Requirements\n\n- English',
    });
    // The item names no place: visitors are sent to the posting.
    expect(robots).toMatchObject({
      external_id: 'job-2',
      remote: false,
      location: 'See the posting',
      job_type: 'Full-time',
      company: 'Robo Jobs',
    });
  });
});

describe('sources CLI for every kind', () => {
  const build = scratchBuildDir('pipeline');
  beforeAll(() => buildService('pipeline', { outdir: build.dir }));
  afterAll(() => build.remove());
  const cli = (...args: string[]) =>
    run(process.execPath, [path.join(build.dir, 'sources.js'), ...args], {
      env: { ...process.env, DATABASE_URL: t.url, REDIS_URL: inject('redisUrl'), REDIS_PREFIX: testRedisPrefix(), LOG_LEVEL: 'silent' },
    }).then(
      (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
    );

  it(
    'adds each kind, lists it with its kind, and refuses an unknown kind or a board URL that is not its API',
    { timeout: 120_000 },
    async () => {
      const added = {
        greenhouse: await cli('add', 'Acme GH', 'https://boards-api.greenhouse.io/v1/boards/acme/jobs', '--kind', 'greenhouse'),
        lever: await cli('add', 'Acme Lever', 'https://api.lever.co/v0/postings/acme', '--kind=lever'),
        'job-feed': await cli('add', 'Jobs Feed', 'https://jobs.example/feed.xml', '--kind', 'job-feed'),
        ical: await cli('add', 'Meetups', 'https://cal.example/events.ics', '--kind', 'ical'),
        'event-feed': await cli('add', 'Event Feed', 'https://events.example/feed.xml', '--kind', 'event-feed'),
        news: await cli('add', 'Plain Wire', 'https://wire.example/feed.xml'),
      };
      for (const [kind, r] of Object.entries(added)) {
        expect(r, kind).toMatchObject({ code: 0 });
        expect(r.out, kind).toMatch(/^Source \d+ /);
        const id = Number(r.out.match(/Source (\d+)/)![1]);
        expect((await sources.find(id))!.kind, kind).toBe(kind);
      }
      expect(added.greenhouse.out).toContain('(greenhouse) → https://boards-api.greenhouse.io/v1/boards/acme/jobs?content=true');
      expect(added.lever.out).toContain('https://api.lever.co/v0/postings/acme?mode=json');
      const list = (await cli('list')).out;
      expect(list).toMatch(
        /\d+\s+enabled\s+Acme GH \(greenhouse\)\s+https:\/\/boards-api\.greenhouse\.io\/v1\/boards\/acme\/jobs\?content=true {2}every 24 h\n\s+last collection: never/,
      );
      expect(list).toMatch(/\d+\s+enabled\s+Plain Wire\s+https:\/\/wire\.example\/feed\.xml\n/);

      expect(await cli('add', 'X', 'https://x.example/feed', '--kind', 'podcast')).toMatchObject({
        code: 2,
        err: 'Unknown source kind "podcast": use one of news, ical, event-feed, greenhouse, lever, job-feed\n',
      });
      expect(await cli('add', 'X', 'https://x.example/feed', '--kind')).toMatchObject({
        code: 2,
        err: expect.stringContaining('--kind needs a value'),
      });
      expect(await cli('add', 'X', 'https://boards.greenhouse.io/acme', '--kind', 'greenhouse')).toMatchObject({
        code: 2,
        err: expect.stringContaining(
          "A greenhouse source reads the board's API: https://boards-api.greenhouse.io/v1/boards/{token}/jobs?content=true",
        ),
      });
      expect(await cli('add', 'X', 'ftp://x.example/jobs', '--kind', 'lever')).toMatchObject({
        code: 2,
        err: expect.stringContaining('http:// or https://'),
      });
      expect(await cli('add', 'Again', 'https://wire.example/feed.xml', '--kind', 'job-feed')).toMatchObject({
        code: 2,
        err: expect.stringContaining('is already source'),
      });
    },
  );
});
