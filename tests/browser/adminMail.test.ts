/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, openPage } from '../support/browser';
import { insertAccounts, signedInPage, until } from '../support/admin';

const env = browserSuite({ MAIL_CATCHER_PORT: '0' });
const db = () => env.sys.database.db;
beforeAll(async () => insertAccounts(db()));

describe('console mail page', () => {
  it('lists caught mail, opens one with its HTML in a sandboxed frame, its text and headers, and clears the list', async () => {
    // A confirmation request is the simplest mail to cause.
    const res = await fetch(`${env.sys.url}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: env.sys.url },
      body: JSON.stringify({ email: 'mail.page@example.com' }),
    });
    expect(res.status).toBe(200);
    const page = await signedInPage(await openPage(env.browser), env.sys.url);
    await page.goto(`${env.sys.url}/admin`);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Mail' }).click();
    await page.getByText('local catcher').waitFor();
    const row = page.locator('tbody tr', { hasText: 'mail.page@example.com' });
    // The list refreshes on its own while the pipeline sends.
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button').click();
    expect(page.url()).toMatch(/\/admin\/mail\?id=/);
    const frame = page.locator('iframe[title^="Message:"]');
    expect(await frame.getAttribute('sandbox')).toBe('allow-same-origin allow-popups allow-popups-to-escape-sandbox');
    await page.frameLocator('iframe[title^="Message:"]').locator('a[href*="/newsletter/confirm?token="]').first().waitFor();
    await page.getByRole('tab', { name: 'Text' }).click();
    expect(await page.getByTestId('mail-text').textContent()).toMatch(/\/newsletter\/confirm\?token=/);
    await page.getByRole('tab', { name: 'Headers' }).click();
    await page.getByRole('table', { name: 'Headers' }).getByText('mail.page@example.com').first().waitFor();

    // Opened by its address, the message shows again (a link an operator can share).
    await page.reload();
    await page.locator('iframe[title^="Message:"]').waitFor();

    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByText('No mail caught yet.', { exact: false }).waitFor();
    await page.waitForURL((url) => !url.searchParams.has('id'));
    expect(await page.locator('#mail-message-title').count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('says the catcher is off when mail goes to an SMTP server', async () => {
    const page = await signedInPage(await openPage(env.browser), env.sys.url);
    // The state of a system started with SMTP_URL, as the pipeline answers it.
    await page.route('**/api/admin/mail', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ enabled: false, smtp: 'smtps://mail.example.com:465', messages: [] }),
      }),
    );
    await page.goto(`${env.sys.url}/admin/mail`);
    await page.getByText('The mail catcher is not enabled').waitFor();
    await page.getByText('smtps://mail.example.com:465', { exact: false }).waitFor();
    expect(await page.locator('table').count()).toBe(0);
    await page.context().close();
  });
});

describe('console subscribers page', () => {
  it('exports everything about a subscriber and deletes them after a confirmation', async () => {
    const [sub] = await db()('newsletters').insert({ email: 'leaving@example.com' }).returning('*');
    const page = await signedInPage(await openPage(env.browser), env.sys.url);
    await page.goto(`${env.sys.url}/admin/subscribers`);
    const row = page.locator('tr[data-subscriber="leaving@example.com"]');
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: 'Export' }).click()]);
    const exported = JSON.parse(await new Response((await download.createReadStream()) as unknown as ReadableStream).text());
    expect(JSON.stringify(exported)).toContain('leaving@example.com');

    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this subscriber?' });
    await dialog.getByText('leaving@example.com').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await db()('newsletters').where({ id: sub.id })).toHaveLength(1);
    await row.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    await until(async () => (await db()('newsletters').where({ id: sub.id })).length === 0);
    await page.context().close();
  });
});
