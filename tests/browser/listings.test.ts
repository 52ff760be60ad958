/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, openPage } from '../support/browser';
import { insertEvent, insertJob, insertResource } from '../support/factories';

const day = 86_400_000;
const postedAt = new Date(Math.floor(Date.now() / day) * day - 10 * day);
const postedText = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(postedAt);
const env = browserSuite();

describe('empty listings', () => {
  it('events, jobs and learn show their empty states', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/events`);
    await page.getByRole('heading', { name: 'No events found' }).waitFor();
    await page.getByText('There are no upcoming events scheduled at the moment.').waitFor();
    await page.getByRole('button', { name: 'View All Events' }).click();
    await page.getByText('There are no events to display.').waitFor();
    expect(await page.getByRole('button', { name: 'View All Events' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Past Events' }).click();
    await page.getByText('There are no past events to display.').waitFor();

    await page.goto(`${env.sys.url}/jobs`);
    await page.getByRole('heading', { name: 'No jobs found' }).waitFor();
    await page.goto(`${env.sys.url}/learn`);
    await page.getByRole('heading', { name: 'No resources found' }).waitFor();
    await page.context().close();
  });
});

describe('listings with data', () => {
  beforeAll(async () => {
    const db = env.sys.database.db;
    await insertResource(db, {
      title: 'Intro to ML',
      slug: 'intro-ml',
      category: 'Machine Learning',
      difficulty_level: 'Beginner',
      tags: ['basics', 'ml'],
      content: '## First steps\n\nModels learn from examples.\n\n- Collect data\n- Train a model',
    });
    await insertResource(db, {
      title: 'Advanced Vision',
      slug: 'advanced-vision',
      category: 'Computer Vision',
      difficulty_level: 'Advanced',
      tags: ['vision'],
    });
    await insertResource(db, {
      title: 'NLP Middle Ground',
      slug: 'nlp-middle',
      category: 'NLP',
      difficulty_level: 'Intermediate',
      tags: ['ml'],
    });
    const now = Date.now();
    await insertEvent(db, {
      name: 'Past Summit',
      slug: 'past-summit',
      start_date: new Date('2025-03-10T00:00:00Z'),
      end_date: new Date('2025-03-12T00:00:00Z'),
      url: 'https://past.example',
    });
    await insertEvent(db, {
      name: 'Future Expo',
      slug: 'future-expo',
      start_date: new Date(now + 40 * day),
      end_date: new Date(now + 41 * day),
      url: 'https://future.example',
    });
    await insertEvent(db, {
      name: 'Cross Month Meetup',
      slug: 'cross-month',
      start_date: new Date('2027-06-29T00:00:00Z'),
      end_date: new Date('2027-07-02T00:00:00Z'),
    });
    await insertJob(db, {
      title: 'Remote Contract Engineer',
      company: 'Acme AI',
      job_type: 'Contract',
      remote: true,
      salary_range: '$90/h',
      // Within JOB_MAX_AGE_DAYS whenever the test runs: an older job is closed by the pipeline.
      created_at: postedAt,
    });
    await insertJob(db, { title: 'Office Researcher', company: 'Beta Labs', job_type: 'Full-time', remote: false });
    await insertJob(db, { title: 'Part-time Analyst', company: 'Gamma Data', job_type: 'Part-time', remote: true });
  });

  it('learn filters by category on the server and by level and tag in the browser', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/learn`);
    await page.getByRole('link', { name: 'Intro to ML' }).waitFor();
    await page.getByRole('button', { name: 'Natural Language Processing' }).click();
    await page.waitForURL(/category=NLP/);
    await page.getByRole('link', { name: 'NLP Middle Ground' }).waitFor();
    expect(await page.getByRole('link', { name: 'Intro to ML' }).count()).toBe(0);
    // Two clicks before the page renders the first (as fast as a visitor can click while it is busy):
    // the second filter is added to the address the first left, not to the one last rendered.
    await page.evaluate(() => {
      const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;
      button('All Resources').click();
      button('Advanced').click();
    });
    await page.waitForURL((url) => url.search === '?level=Advanced');
    await page.getByRole('link', { name: 'Intro to ML' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Advanced Vision' }).waitFor();
    await page.getByRole('button', { name: 'Beginner' }).click();
    await page.getByRole('button', { name: 'Intermediate' }).click();
    await page.getByRole('link', { name: 'NLP Middle Ground' }).waitFor();
    await page.goto(`${env.sys.url}/learn?tag=vision`);
    await page.getByRole('link', { name: 'Advanced Vision' }).waitFor();
    expect(await page.getByRole('link', { name: 'Intro to ML' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Advanced' }).click();
    await page.getByRole('button', { name: 'Beginner' }).click();
    await page.getByRole('heading', { name: 'No resources found' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('link', { name: 'Intro to ML' }).waitFor();
    await page.context().close();
  });

  it('resource page renders headings, lists and related topics; a missing one says not found', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/learn/intro-ml`);
    await page.getByRole('heading', { level: 1, name: 'Intro to ML' }).waitFor();
    await page.getByRole('heading', { name: 'First steps' }).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Collect data' }).waitFor();
    expect(await page.getByRole('link', { name: 'basics' }).getAttribute('href')).toBe('/learn?tag=basics');
    expect(await page.getByRole('link', { name: 'Browse All Resources' }).getAttribute('href')).toBe('/learn');
    await page.goto(`${env.sys.url}/learn/missing-guide`);
    await page.getByRole('heading', { name: 'Resource not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Learning Resources' }).getAttribute('href')).toBe('/learn');
    await page.context().close();
  });

  it('events default to upcoming; past cards are faded with View Details; ranges are formatted', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/events`);
    await page.getByRole('link', { name: 'Future Expo' }).waitFor();
    expect(await page.getByRole('link', { name: 'Past Summit' }).count()).toBe(0);
    await page.getByText('June 29, 2027 - July 2, 2027').waitFor();
    expect(await page.getByRole('link', { name: 'Register Now' }).first().getAttribute('target')).toBe('_blank');
    await page.getByRole('button', { name: 'Past Events' }).click();
    await page.getByRole('link', { name: 'Past Summit' }).waitFor();
    await page.getByText('March 10-12, 2025').waitFor();
    expect(await page.getByRole('link', { name: 'View Details' }).count()).toBe(1);
    expect(await page.locator('[data-past="true"]').count()).toBe(1);
    await page.getByRole('button', { name: 'All Events' }).click();
    await page.getByRole('link', { name: 'Future Expo' }).waitFor();
    expect(await page.locator('article').count()).toBe(3);
    await page.getByRole('link', { name: 'Future Expo' }).click();
    await page.getByRole('heading', { level: 1, name: 'Future Expo' }).waitFor();
    await page.context().close();
  });

  it('jobs filter live by text, type and location, with badges and posted date', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/jobs`);
    await page.getByRole('link', { name: 'Office Researcher' }).waitFor();
    await page.getByText(`Posted ${postedText}`).waitFor();
    await page.getByPlaceholder('Search jobs by title, company, or keyword...').fill('acme');
    await page.waitForFunction(() => !document.body.textContent?.includes('Office Researcher'));
    await page.getByRole('link', { name: 'Remote Contract Engineer' }).waitFor();
    await page.getByPlaceholder('Search jobs by title, company, or keyword...').fill('');
    await page.getByRole('button', { name: 'Part-time' }).click();
    await page.getByRole('link', { name: 'Part-time Analyst' }).waitFor();
    expect(await page.locator('article').count()).toBe(1);
    await page.getByRole('button', { name: 'All Types' }).click();
    await page.getByRole('button', { name: 'On-site' }).click();
    await page.getByRole('link', { name: 'Office Researcher' }).waitFor();
    expect(await page.locator('article').count()).toBe(1);
    await page.getByRole('button', { name: 'Remote', exact: true }).click();
    await page.getByRole('button', { name: 'Full-time' }).click();
    await page.getByText('No jobs matching your current filters. Try adjusting your search criteria.').waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    expect(await page.locator('article').count()).toBe(3);
    expect(await page.getByRole('link', { name: 'Apply Now' }).first().getAttribute('target')).toBe('_blank');
    await page.getByText('Hiring AI Professionals?').waitFor();
    await page.context().close();
  });
});
