/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, openPage } from '../support/browser';
import { insertAccounts, signedInPage, until } from '../support/admin';
import { insertEvent, insertJob } from '../support/factories';

const env = browserSuite();
let operator: Page & { errors: Error[] };

beforeAll(async () => {
  await insertAccounts(env.sys.database.db);
  operator = await signedInPage(await openPage(env.browser), env.sys.url);
});
afterAll(async () => operator?.context().close());

const toast = (page: Page) => page.locator('[role="status"][data-variant]');
const status = async (path: string) => (await fetch(`${env.sys.url}${path}`)).status;
const publicJson = async (path: string) => (await (await fetch(`${env.sys.url}${path}`)).json()) as Record<string, unknown>;

describe('site content in the console', () => {
  it('creates an event (a missing field named beside it), edits, unpublishes and deletes it; visitors follow', async () => {
    const page = operator;
    await page.goto(`${env.sys.url}/admin`);
    await page
      .getByLabel('Admin tools')
      .getByRole('link', { name: /^Site Content/ })
      .click();
    await page.getByRole('heading', { name: 'Site Content: Events' }).waitFor();

    await page.getByRole('button', { name: 'New event' }).click();
    await page.locator('#events-field-name').fill('Console Test Summit');
    await page.getByRole('button', { name: 'Create event' }).click();
    // The API's message stands beside the field it names.
    await page.locator('#events-field-description-error').getByText('description is required').waitFor();
    expect(await page.locator('#events-field-description').getAttribute('aria-invalid')).toBe('true');

    await page.locator('#events-field-description').fill('A day of talks on evaluation and agents.');
    await page.locator('#events-field-startDate').fill('2027-06-01T10:00');
    await page.locator('#events-field-location').fill('Lisbon');
    await page.locator('#events-field-eventType').fill('Conference');
    await page.getByRole('button', { name: 'Create event' }).click();
    await toast(page).getByText('Event "Console Test Summit" was created').waitFor();
    const row = page.getByRole('row', { name: /Console Test Summit/ });
    await row.getByText('published', { exact: true }).waitFor();
    await until(async () => (await status('/api/events/console-test-summit')) === 200, 10_000);

    await row.getByRole('button', { name: 'Edit Console Test Summit' }).click();
    expect(await page.locator('#events-field-slug').inputValue()).toBe('console-test-summit');
    await page.locator('#events-field-location').fill('Porto');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page).getByText('Event "Console Test Summit" was saved').waitFor();
    await until(async () => (await publicJson('/api/events/console-test-summit')).location === 'Porto', 10_000);

    await row.getByRole('button', { name: 'Unpublish Console Test Summit' }).click();
    await row.getByText('unpublished', { exact: true }).waitFor();
    await until(async () => (await status('/api/events/console-test-summit')) === 404, 10_000);

    await row.getByRole('button', { name: 'Delete Console Test Summit' }).click();
    await row.getByRole('button', { name: 'Confirm deleting Console Test Summit' }).click();
    await toast(page).getByText('Event "Console Test Summit" was deleted').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await env.sys.database.db('events').where({ slug: 'console-test-summit' }).first()).toBeUndefined();
    expect(page.errors).toEqual([]);
  });

  it("shows a collected event's relevance score in the list and its reasons, read-only, in the edit view", async () => {
    const page = operator;
    const reasons = ['computer vision ("Computer Vision") in the name: +50', 'an AI topic ("Machine Learning"): +20'];
    await insertEvent(env.sys.database.db, {
      name: 'Scored Vision Day',
      slug: 'scored-vision-day',
      published: false,
      ai_relevance_score: 70,
      ai_relevance_reasons: JSON.stringify(reasons),
    });
    await page.goto(`${env.sys.url}/admin/content/events`);
    await page.getByRole('heading', { name: 'Site Content: Events' }).waitFor();
    await page.getByRole('columnheader', { name: 'Relevance' }).waitFor();
    const row = page.getByRole('row', { name: /Scored Vision Day/ });
    await row.getByRole('cell', { name: '70', exact: true }).waitFor();

    await row.getByRole('button', { name: 'Edit Scored Vision Day' }).click();
    const relevance = page.getByRole('group', { name: 'AI relevance score: 70 / 100' });
    await relevance.waitFor();
    expect(await relevance.getByRole('listitem').allTextContents()).toEqual(reasons);
    // Shown, not edited: no input carries the score or the reasons.
    expect(await relevance.locator('input, textarea').count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(page.errors).toEqual([]);
  });

  it('says whether each job is open, and reopens a closed one with a later Open until; saving another field sends only it and leaves the job closed', async () => {
    const page = operator;
    const db = env.sys.database.db;
    const closed = await insertJob(db, {
      title: 'Board Dropped Engineer',
      valid_through: new Date(Date.now() + 10 * 86_400_000),
      closed_at: new Date(),
    });
    await insertJob(db, { title: 'Still Open Engineer', valid_through: new Date('2030-03-04T12:00:00Z') });
    await page.goto(`${env.sys.url}/admin/content/jobs`);
    await page.getByRole('columnheader', { name: 'Open' }).waitFor();
    const row = page.getByRole('row', { name: /Board Dropped Engineer/ });
    await row.getByRole('cell', { name: 'Closed', exact: true }).waitFor();
    await page
      .getByRole('row', { name: /Still Open Engineer/ })
      .getByRole('cell', { name: /^Open until Mar \d, 2030/ })
      .waitFor();

    // A typo fix: the date shown is not sent, so the job its board closed stays closed.
    await row.getByRole('button', { name: 'Edit Board Dropped Engineer' }).click();
    await page.locator('#jobs-field-salaryRange').fill('$90k');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page).getByText('Job "Board Dropped Engineer" was saved').first().waitFor();
    // The form sends only what changed: the other fields keep following the job's board.
    expect(await db('jobs').where({ id: closed.id }).first()).toMatchObject({
      salary_range: '$90k',
      closed_at: expect.any(Date),
      operator_edited_fields: ['salary_range'],
    });
    expect(await status(`/api/jobs/${closed.id}`)).toBe(410);

    await row.getByRole('button', { name: 'Edit Board Dropped Engineer' }).click();
    await page.locator('#jobs-field-validThrough').fill('2030-06-01T10:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await row.getByRole('cell', { name: /^Open until Jun 1, 2030/ }).waitFor();
    await until(async () => (await status(`/api/jobs/${closed.id}`)) === 200, 10_000);
    expect(page.errors).toEqual([]);
  });

  it('creates a job, edits, unpublishes and deletes it; visitors follow', async () => {
    const page = operator;
    await page.goto(`${env.sys.url}/admin/content/jobs`);
    await page.getByRole('heading', { name: 'Site Content: Jobs' }).waitFor();
    await page.getByRole('button', { name: 'New job' }).click();
    await page.locator('#jobs-field-title').fill('Console Test Engineer');
    await page.locator('#jobs-field-company').fill('Console Labs');
    await page.locator('#jobs-field-location').fill('Remote');
    await page.locator('#jobs-field-jobType').selectOption('Contract');
    await page.locator('#jobs-field-description').fill('Build the evaluation harness.');
    await page.locator('#jobs-field-requirements').fill('TypeScript');
    await page.locator('#jobs-field-applyUrl').fill('not a url');
    await page.getByRole('button', { name: 'Create job' }).click();
    await page.locator('#jobs-field-applyUrl-error').getByText('applyUrl must be a valid URL').waitFor();
    await page.locator('#jobs-field-applyUrl').fill('https://example.com/apply');
    await page.locator('#jobs-field-remote').check();
    await page.getByRole('button', { name: 'Create job' }).click();
    await toast(page).getByText('Job "Console Test Engineer" was created').waitFor();

    const job = await env.sys.database.db('jobs').where({ title: 'Console Test Engineer' }).first();
    expect(job).toMatchObject({ job_type: 'Contract', remote: true, published: true });
    await until(async () => (await status(`/api/jobs/${job.id}`)) === 200, 10_000);

    const row = page.getByRole('row', { name: /Console Test Engineer/ });
    await row.getByRole('button', { name: 'Edit Console Test Engineer' }).click();
    await page.locator('#jobs-field-salaryRange').fill('$150k');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page).getByText('Job "Console Test Engineer" was saved').waitFor();
    await until(async () => (await publicJson(`/api/jobs/${job.id}`)).salaryRange === '$150k', 10_000);

    await row.getByRole('button', { name: 'Unpublish Console Test Engineer' }).click();
    await row.getByText('unpublished', { exact: true }).waitFor();
    await until(async () => (await status(`/api/jobs/${job.id}`)) === 404, 10_000);

    await row.getByRole('button', { name: 'Delete Console Test Engineer' }).click();
    await row.getByRole('button', { name: 'Confirm deleting Console Test Engineer' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await env.sys.database.db('jobs').where({ id: job.id }).first()).toBeUndefined();

    // The dashboard's recent actions name what was done.
    await page.goto(`${env.sys.url}/admin`);
    await page.getByText('Deleted (jobs: Console Test Engineer)').waitFor();
    expect(page.errors).toEqual([]);
  });
});
