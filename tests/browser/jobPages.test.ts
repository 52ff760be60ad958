/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, openPage } from '../support/browser';
import { insertAccounts, signedInPage } from '../support/admin';
import { insertJob } from '../support/factories';
import { startFeedServer, type FeedServer } from '../support/feedServer';
import { greenhouseBoard } from '../support/jobBoards';

const env = browserSuite();
const db = () => env.sys.database.db;
let boards: FeedServer;

beforeAll(async () => {
  await insertAccounts(db());
  boards = await startFeedServer();
});
afterAll(async () => boards?.close());

describe('a page per job', () => {
  it('shows an open job whole, with its requirements and the apply link, and JobPosting data in the head', async () => {
    const job = await insertJob(db(), {
      title: 'Evaluation Engineer',
      company: 'Quill Labs',
      location: 'Remote, Canada',
      remote: true,
      country: 'Canada',
      description: 'Build evaluation harnesses for agents.\n\n## What you will do\n\n- Write graders\n- Track regressions',
      requirements: '## Requirements\n\n- Python\n- Statistics',
      salary_range: '$120,000 – $150,000 a year',
      created_at: new Date(Date.now() - 2 * 86_400_000),
    });
    const page = await openPage(env.browser);
    const res = await page.goto(`${env.sys.url}/jobs/${job.id}`);
    expect(res!.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Evaluation Engineer' }).waitFor();
    await page.getByRole('heading', { name: 'What you will do' }).waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: 'Write graders' }).count()).toBe(1);
    await page.getByRole('heading', { name: 'Requirements', exact: true }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Apply Now' }).getAttribute('href')).toBe(job.apply_url);
    const postings = await page.evaluate(() =>
      Array.from(document.querySelectorAll('script[type="application/ld+json"]'))
        .map((s) => JSON.parse(s.textContent ?? '{}') as Record<string, unknown>)
        .filter((d) => d['@type'] === 'JobPosting'),
    );
    expect(postings.length).toBeGreaterThan(0);
    for (const posting of postings) {
      expect(posting).toMatchObject({
        title: 'Evaluation Engineer',
        jobLocationType: 'TELECOMMUTE',
        applicantLocationRequirements: { '@type': 'Country', name: 'Canada' },
        validThrough: expect.any(String),
        description:
          '<p>Build evaluation harnesses for agents.</p><h2>What you will do</h2><ul><li>Write graders</li><li>Track regressions</li></ul>' +
          '<h2>Requirements</h2><ul><li>Python</li><li>Statistics</li></ul>',
      });
      expect(posting).not.toHaveProperty('jobLocation');
    }
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('says a closed job is no longer open, answers 410 and carries no JobPosting data; the jobs list leaves it out', async () => {
    const job = await insertJob(db(), { title: 'Closed Role Engineer', company: 'Gone Co', closed_at: new Date() });
    const page = await openPage(env.browser);
    const res = await page.goto(`${env.sys.url}/jobs/${job.id}`);
    expect(res!.status()).toBe(410);
    await page.getByRole('heading', { level: 1, name: 'This job is no longer open.' }).waitFor();
    await page.getByRole('link', { name: 'Browse open jobs' }).waitFor();
    expect(await page.locator('script[type="application/ld+json"]').evaluateAll((s) => s.map((e) => e.textContent).join(''))).not.toContain(
      'JobPosting',
    );
    expect(await page.getByText('Closed Role Engineer').count()).toBe(0);
    await page.getByRole('link', { name: 'Browse open jobs' }).click();
    await page.getByRole('heading', { level: 1, name: /Jobs/ }).waitFor();
    await page.getByRole('link', { name: 'Evaluation Engineer' }).waitFor();
    expect(await page.getByText('Closed Role Engineer').count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('the Sources page with every kind', () => {
  it('lists sources of mixed kinds with their last collection and error, and adds a Greenhouse board that is collected at once', async () => {
    await db()('news_sources').insert([
      { name: 'Lab Wire', feed_url: 'https://lab.example/feed.xml', kind: 'news', items_seen: 12, items_added: 3 },
      {
        name: 'Meetup Calendar',
        feed_url: 'https://cal.example/ai.ics',
        kind: 'ical',
        enabled: false,
        last_fetched_at: new Date(),
        last_collection_status: 'failed',
        last_error: 'HTTP 503 Service Unavailable',
        consecutive_failures: 2,
      },
      {
        name: 'Quill Careers',
        feed_url: 'https://api.lever.co/v0/postings/quill?mode=json',
        kind: 'lever',
        enabled: false,
        last_fetched_at: new Date(),
        last_success_at: new Date(),
        last_collection_status: 'collected',
        items_seen: 9,
        items_added: 2,
        items_updated: 1,
        items_closed: 4,
      },
    ]);
    boards.routes.set('/v1/boards/acme/jobs?content=true', {
      body: greenhouseBoard([
        { id: 501, title: 'Agent Infrastructure Engineer', location: 'Remote, US' },
        { id: 502, title: 'Applied ML Researcher', location: 'Paris, France' },
      ]),
      contentType: 'application/json',
    });
    const page = await signedInPage(await openPage(env.browser), env.sys.url);
    await page.goto(`${env.sys.url}/admin/sources`);
    const lever = page.getByRole('row', { name: /Quill Careers/ });
    await lever.getByRole('cell', { name: 'Lever site' }).waitFor();
    await lever.getByText('Items closed: 4').waitFor();
    const ical = page.getByRole('row', { name: /Meetup Calendar/ });
    await ical.getByRole('cell', { name: 'iCalendar' }).waitFor();
    await ical.getByText('HTTP 503 Service Unavailable').waitFor();
    await page
      .getByRole('row', { name: /Lab Wire/ })
      .getByRole('cell', { name: 'News feed' })
      .waitFor();

    await page.getByLabel('Name').fill('Acme Careers');
    await page.getByLabel('Kind').selectOption('greenhouse');
    expect(await page.getByLabel('Feed URL').getAttribute('placeholder')).toBe('https://boards-api.greenhouse.io/v1/boards/{token}/jobs');
    await page.getByLabel('Feed URL').fill(`${boards.url}/v1/boards/acme/jobs`);
    await page.getByRole('button', { name: 'Add source' }).click();
    const added = page.getByRole('row', { name: /Acme Careers/ });
    await added.getByRole('cell', { name: 'Greenhouse board' }).waitFor();
    await page.reload();
    await added.getByText('Items added: 2').waitFor({ timeout: 20_000 });

    await page.getByLabel('Name').fill('Not a board');
    await page.getByLabel('Kind').selectOption('lever');
    await page.getByLabel('Feed URL').fill('https://jobs.lever.co/acme');
    await page.getByRole('button', { name: 'Add source' }).click();
    await page
      .getByRole('alert')
      .getByText("A lever source reads the board's API: https://api.lever.co/v0/postings/{site}?mode=json")
      .waitFor();
    expect(await page.getByLabel('Feed URL').getAttribute('aria-invalid')).toBe('true');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
