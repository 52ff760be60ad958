/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, openPage } from '../support/browser';
import { insertAccounts, signedInPage, until } from '../support/admin';
import { insertNewsItem, insertTool } from '../support/factories';
import { richArticleHtml, rssFeed, startFeedServer, type FeedServer } from '../support/feedServer';

const env = browserSuite();
const db = () => env.sys.database.db;
let feeds: FeedServer;

beforeAll(async () => {
  await insertAccounts(db());
  feeds = await startFeedServer();
  // 60 distinct tags: tag-00 on 60 items ... tag-59 on 1 item, plus a mixed-case spelling.
  const items = Array.from({ length: 60 }, () => [] as string[]);
  for (let t = 0; t < 60; t++) for (let i = 0; i < 60 - t; i++) items[i]!.push(`tag-${String(t).padStart(2, '0')}`);
  items[0]!.push('Tag-00');
  for (const tags of items) await insertNewsItem(db(), { tags });
});
afterAll(async () => feeds?.close());

async function operatorPage(path: string): Promise<Page & { errors: Error[] }> {
  const page = await signedInPage(await openPage(env.browser), env.sys.url);
  await page.goto(`${env.sys.url}${path}`);
  return page;
}
const toast = (page: Page) => page.locator('[role="status"][data-variant]');
const tagNames = (page: Page) => page.locator('tbody tr td:first-child').allTextContents();

describe('tag management', () => {
  it('shows the overview: unique tags, case variations, bands, top 20 and categories', async () => {
    const page = await operatorPage('/admin/tags');
    await page.getByTestId('unique-tags').getByText('61').waitFor();
    expect(await page.getByTestId('case-variations').textContent()).toBe('1');
    expect(await page.getByTestId('non-lowercase').textContent()).toBe('1 (1.6%)');
    const bands = page.locator('[aria-label="Tags by usage band"] li');
    expect(await bands.locator('.value').allTextContents()).toEqual(['0', '51', '7', '1', '2']);
    const top = page.locator('section', { has: page.getByRole('heading', { name: 'Top 20 tags' }) }).locator('li');
    expect(await top.count()).toBe(20);
    expect(await top.first().textContent()).toBe('tag-0060');
    await page.getByRole('cell', { name: 'Research' }).waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('pages, sorts, changes the page size and searches', async () => {
    const page = await operatorPage('/admin/tags');
    await page.getByRole('tab', { name: 'Tag List' }).click();
    await page.getByTestId('tag-range').getByText('Showing 1 to 50 of 61 tags').waitFor();
    expect((await tagNames(page)).slice(0, 3)).toEqual(['tag-00', 'tag-01', 'tag-02']);

    await page.getByLabel('Page size').selectOption('25');
    await page.getByTestId('tag-range').getByText('Showing 1 to 25 of 61 tags').waitFor();
    const pager = page.getByRole('navigation', { name: 'Tag list pages' });
    expect(await pager.getByRole('button').allTextContents()).toEqual(['Previous', '1', '2', '3', 'Next']);
    await pager.getByRole('button', { name: '3' }).click();
    await page.getByTestId('tag-range').getByText('Showing 51 to 61 of 61 tags').waitFor();

    await page.getByLabel('Page size').selectOption('25');
    await page.getByRole('button', { name: /Tag Name/ }).click();
    await page.getByTestId('tag-range').getByText('Showing 1 to 25 of 61 tags').waitFor();
    await page.waitForFunction(() => document.querySelector('tbody tr td')?.textContent === 'Tag-00');
    // Case-insensitive by name, then byte order between the spellings of one name.
    expect((await tagNames(page)).slice(0, 3)).toEqual(['Tag-00', 'tag-00', 'tag-01']);
    await page.getByRole('button', { name: /Tag Name/ }).click();
    await page.waitForFunction(() => document.querySelector('tbody tr td')?.textContent === 'tag-59');
    expect(await page.locator('th[aria-sort="descending"]').textContent()).toMatch(/Tag Name/);

    // Back to the usage column: it starts descending again.
    await page.getByRole('button', { name: /Usage Count/ }).click();
    await page.waitForFunction(() => document.querySelector('tbody tr td')?.textContent === 'tag-00');
    expect(await page.locator('th[aria-sort="descending"]').textContent()).toMatch(/Usage Count/);

    const row = page.getByRole('row', { name: /^Tag-00/ });
    await page.getByLabel('Search tags').fill('TAG-00');
    await page.getByLabel('Search tags').press('Enter');
    await page.getByTestId('tag-range').getByText('Showing 1 to 2 of 2 tags').waitFor();
    expect(await row.getByText('mixed case').count()).toBe(1);
    expect(
      await page
        .getByRole('row', { name: /^tag-00/ })
        .getByText('lowercase')
        .count(),
    ).toBe(1);

    await page.getByLabel('Search tags').fill('no such tag');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No tags found for the current search criteria').waitFor();
    await page.context().close();
  });

  it('shows ellipses once there are more than five pages', async () => {
    for (let i = 0; i < 150; i++) await insertNewsItem(db(), { tags: [`extra-${i}`] });
    const page = await operatorPage('/admin/tags');
    await page.getByRole('tab', { name: 'Tag List' }).click();
    await page.getByLabel('Page size').selectOption('25');
    const pager = page.getByRole('navigation', { name: 'Tag list pages' });
    await pager.getByRole('button', { name: '9' }).waitFor();
    expect(await pager.textContent()).toBe('Previous12…9Next');
    await pager.getByRole('button', { name: '2' }).click();
    await pager.getByRole('button', { name: '3' }).click();
    await pager.getByRole('button', { name: '4' }).click();
    expect(await pager.textContent()).toBe('Previous1…345…9Next');
    await page.getByTestId('tag-range').getByText('Showing 76 to 100 of 211 tags').waitFor();
    await page.context().close();
  });

  it('says when the statistics cannot be loaded', async () => {
    const page = await signedInPage(await openPage(env.browser), env.sys.url);
    await page.route('**/api/tags/**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"status":503,"code":"service_unavailable","message":"down"}}',
      }),
    );
    await page.goto(`${env.sys.url}/admin/tags`);
    await page.getByText('Error loading tag statistics. Please try again.').waitFor();
    await page.getByRole('tab', { name: 'Tag List' }).click();
    await page.getByText('Error loading tag list. Please try again.').waitFor();
    await page.context().close();
  });
});

describe('tool review', () => {
  it('approves a submission into the directory and rejects another for good', async () => {
    await insertTool(db(), { name: 'Harbor Transcribe', slug: 'harbor-transcribe', approved: false, category: 'NLP Tools' });
    await insertTool(db(), { name: 'Totally Not Spam', slug: 'totally-not-spam', approved: false });
    const page = await operatorPage('/admin/tools');
    const card = (name: string) => page.locator('article', { has: page.getByRole('heading', { name }) });
    await card('Harbor Transcribe').getByRole('button', { name: 'Approve' }).click();
    await toast(page).getByText('Tool approved').waitFor();
    await card('Harbor Transcribe').waitFor({ state: 'detached' });

    await card('Totally Not Spam').getByRole('button', { name: 'Reject' }).click();
    await card('Totally Not Spam')
      .getByLabel(/Reason/)
      .fill('Not an AI tool');
    await card('Totally Not Spam').getByRole('button', { name: 'Confirm reject' }).click();
    await toast(page).getByText('Tool rejected').waitFor();
    await page.getByText('No submissions are waiting for review.').waitFor();

    await page.getByRole('tab', { name: 'Rejected' }).click();
    await card('Totally Not Spam')
      .getByText(/Rejected .* by operator: Not an AI tool/)
      .waitFor();

    const visitor = await openPage(env.browser);
    await visitor.goto(`${env.sys.url}/directory/harbor-transcribe`);
    await visitor.getByRole('heading', { level: 1, name: 'Harbor Transcribe' }).waitFor();
    await visitor.goto(`${env.sys.url}/directory/totally-not-spam`);
    await visitor.getByRole('heading', { name: 'Tool not found' }).waitFor();
    await visitor.context().close();
    await page.context().close();
  });
});

describe('news sources', () => {
  it('adds a source that is collected at once, disables and enables it, collects now, and names a bad URL', async () => {
    feeds.routes.set('/console.xml', {
      body: rssFeed([
        { title: 'Open model release tops coding benchmark', link: 'https://console.example/a/1', html: richArticleHtml('coding') },
      ]),
    });
    const page = await operatorPage('/admin/sources');
    await page.getByRole('heading', { name: 'News Sources' }).waitFor();
    await page.getByLabel('Name').fill('Console Wire');
    await page.getByLabel('Feed URL').fill(`${feeds.url}/console.xml`);
    await page.getByRole('button', { name: 'Add source' }).click();
    await toast(page).getByText('Source added').waitFor();
    const row = page.getByRole('row', { name: /Console Wire/ });
    await row.getByText('Every 15 min').waitFor();
    await row.getByText('Enabled').waitFor();
    await page.reload();
    await row.getByText(/last success/).waitFor({ timeout: 20_000 });

    await row.getByRole('button', { name: 'Disable' }).click();
    await row.getByText('Disabled').waitFor();
    await row.getByText('Not scheduled').waitFor();
    await row.getByRole('button', { name: 'Enable' }).click();
    await row.getByText('Every 15 min').waitFor();
    const before = feeds.requests.filter((r) => r.path === '/console.xml').length;
    await row.getByRole('button', { name: 'Collect now' }).click();
    await toast(page).getByText('Collection queued').waitFor();
    await until(async () => feeds.requests.filter((r) => r.path === '/console.xml').length > before);

    await page.getByLabel('Name').fill('Broken');
    await page.getByLabel('Feed URL').fill('ftp://files.example/feed.xml');
    await page.getByRole('button', { name: 'Add source' }).click();
    await page.getByRole('alert').getByText('The feed URL must start with http:// or https://').waitFor();
    expect(await page.getByLabel('Feed URL').getAttribute('aria-invalid')).toBe('true');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('adds a source with its own interval, changes it in the row, and names a bad one', async () => {
    feeds.routes.set('/hourly.xml', {
      body: rssFeed([
        { title: 'Hourly wire on model evaluation', link: 'https://console.example/h/1', html: richArticleHtml('evaluation') },
      ]),
    });
    const page = await operatorPage('/admin/sources');
    await page.getByRole('heading', { name: 'News Sources' }).waitFor();
    await page.getByLabel('Name').fill('Six Hour Wire');
    await page.getByLabel('Feed URL').fill(`${feeds.url}/hourly.xml`);
    await page.getByLabel('Check every (hours)').fill('6');
    await page.getByRole('button', { name: 'Add source' }).click();
    await toast(page).getByText('Source added').waitFor();
    const row = page.getByRole('row', { name: /Six Hour Wire/ });
    await row.getByText('Every 6 h').waitFor();
    expect(await row.getByLabel('Hours between collections').inputValue()).toBe('6');

    await row.getByLabel('Hours between collections').fill('12');
    await row.getByRole('button', { name: 'Set hours' }).click();
    await toast(page).getByText('Interval changed').waitFor();
    await row.getByText('Every 12 h').waitFor();

    await page.getByLabel('Name').fill('Too Slow Wire');
    await page.getByLabel('Feed URL').fill(`${feeds.url}/slow.xml`);
    await page.getByLabel('Check every (hours)').fill('200');
    // The form leaves checking to the API, whose message names the field.
    await page.getByRole('button', { name: 'Add source' }).click();
    await page
      .getByRole('alert')
      .getByText(/intervalHours must be at most 168/)
      .waitFor();
    expect(await page.getByLabel('Check every (hours)').getAttribute('aria-invalid')).toBe('true');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
