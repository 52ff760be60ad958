/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, openPage } from '../support/browser';
import { adminCall, insertAccounts, signIn, signedInPage, until } from '../support/admin';
import { insertNewsItem } from '../support/factories';

// The weekly job only composes drafts here: the operator sends.
const env = browserSuite({ MAIL_CATCHER_PORT: '0', NEWSLETTER_AUTO_SEND: 'false' });
const db = () => env.sys.database.db;
const READERS = ['first.reader@example.com', 'second.reader@example.com'];

beforeAll(async () => {
  await insertAccounts(db());
  const day = 86_400_000;
  for (let i = 1; i <= 3; i++) {
    await insertNewsItem(db(), {
      title: `Agents story number ${i}`,
      slug: `agents-story-${i}`,
      publish_date: new Date(Date.now() - i * day),
    });
  }
  await db()('newsletters').insert([
    ...READERS.map((email) => ({ email, status: 'confirmed', confirmed_at: new Date() })),
    { email: 'never.confirmed@example.com', status: 'pending' },
  ]);
});

const toast = (page: Page) => page.locator('[role="status"][data-variant]');
const preview = (page: Page) => page.frameLocator('iframe[title^="Preview of issue"]');

/** Caught mail as the console's Mail page reads it. */
async function caughtMail(cookie: string) {
  const res = await adminCall(env.sys.url, cookie, '/api/admin/mail');
  return res.body.messages as { id: string; to: string[]; subject: string }[];
}

describe('newsletter console', () => {
  it('composes an issue, previews it, edits the intro, sends a test and sends it once to every confirmed subscriber; the archive shows it; its unsubscribe link works only with the button', async () => {
    const cookie = await signIn(env.sys.url);
    const page = await signedInPage(await openPage(env.browser), env.sys.url);
    await page.goto(`${env.sys.url}/admin`);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Newsletter' }).click();
    await page.getByRole('heading', { name: 'Newsletter', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Compose issue' }).click();
    await page.waitForURL(/\/admin\/newsletter\/\d+$/);
    const id = Number(page.url().split('/').pop());
    await page.getByText(/^Issue #\d+ · /).waitFor();
    await page.locator('[data-status="draft"]').first().waitFor();
    await preview(page).getByText('Agents story number 1').first().waitFor();
    expect(await page.locator('iframe[title^="Preview of issue"]').getAttribute('sandbox')).not.toContain('allow-scripts');

    await page.getByLabel('Intro').fill('A hand-written intro for this week.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page).getByText('Issue saved').waitFor();
    await preview(page).getByText('A hand-written intro for this week.').waitFor();
    expect((await db()('newsletter_issues').where({ id }).first()).intro).toBe('A hand-written intro for this week.');

    await page.getByRole('button', { name: 'Count recipients (dry run)' }).click();
    await page.getByTestId('dry-run-count').getByText('2', { exact: true }).waitFor();

    await page.getByLabel('Send a test').fill('editor@example.com');
    await page.getByRole('button', { name: 'Send test' }).click();
    await toast(page).getByText('Test sent', { exact: true }).waitFor();
    await until(async () => (await caughtMail(cookie)).some((m) => m.to.includes('editor@example.com')), 30_000, 200);
    expect((await db()('newsletter_issues').where({ id }).first()).status).toBe('draft');

    await page.getByRole('button', { name: 'Send now' }).click();
    const dialog = page.getByRole('dialog', { name: /^Send issue #\d+ now\?$/ });
    await dialog.getByText('(2 now)', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Send to all subscribers' }).click();
    // The page follows the delivery on its own until the issue is sent.
    await page.locator('[data-status="sent"]').first().waitFor({ timeout: 45_000 });
    expect(await page.getByTestId('count-sent').textContent()).toBe('2');
    expect(await page.getByTestId('count-failed').textContent()).toBe('0');
    await page.getByText('This issue has been sent: it can no longer be edited.').waitFor();
    const subject = (await db()('newsletter_issues').where({ id }).first()).subject as string;

    const issueMail = (await caughtMail(cookie)).filter((m) => m.subject === subject);
    for (const reader of READERS) expect(issueMail.filter((m) => m.to.includes(reader))).toHaveLength(1);
    expect(issueMail.some((m) => m.to.includes('never.confirmed@example.com'))).toBe(false);

    // The mail as the console shows it: the one-click headers and the footer link.
    await page.goto(`${env.sys.url}/admin/mail`);
    const row = page.locator('tbody tr', { hasText: READERS[0]! }).filter({ hasText: subject });
    await row.getByRole('button').click();
    await page.getByRole('tab', { name: 'Headers' }).click();
    const headers = page.getByRole('table', { name: 'Headers' });
    await headers.getByText('List-Unsubscribe=One-Click').waitFor();
    const unsubscribeLink = await page
      .getByRole('tab', { name: 'HTML' })
      .click()
      .then(() =>
        page.frameLocator('iframe[title^="Message:"]').locator('a[href*="/newsletter/unsubscribe?token="]').first().getAttribute('href'),
      );

    const reader = await openPage(env.browser);
    await reader.goto(`${env.sys.url}${new URL(unsubscribeLink!).pathname}${new URL(unsubscribeLink!).search}`);
    await reader.getByRole('button', { name: 'Unsubscribe' }).waitFor();
    await reader.getByText(/^f.*@example\.com$/).waitFor();
    expect(await reader.getByText(READERS[0]!).count()).toBe(0);
    expect((await db()('newsletters').where({ email: READERS[0] }).first()).status).toBe('confirmed');
    await reader.getByRole('button', { name: 'Unsubscribe' }).click();
    await reader.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    expect((await db()('newsletters').where({ email: READERS[0] }).first()).status).toBe('unsubscribed');

    await reader.goto(`${env.sys.url}/newsletter/archive`);
    await reader.getByRole('link', { name: subject }).click();
    await reader.getByText('A hand-written intro for this week.').waitFor();
    await reader.getByRole('link', { name: 'Agents story number 1' }).first().waitFor();
    expect(reader.errors).toEqual([]);
    expect(page.errors).toEqual([]);
    await reader.context().close();
    await page.context().close();
  });

  it('schedules a draft for later; the list shows it scheduled', async () => {
    const page = await signedInPage(await openPage(env.browser), env.sys.url);
    await page.goto(`${env.sys.url}/admin/newsletter`);
    await page.getByRole('button', { name: 'Compose issue' }).click();
    await page.waitForURL(/\/admin\/newsletter\/\d+$/);
    const id = Number(page.url().split('/').pop());
    await page.getByLabel('Schedule').fill('2031-05-04T09:30');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await toast(page).getByText('Issue scheduled').waitFor();
    const row = await db()('newsletter_issues').where({ id }).first();
    expect(row.status).toBe('scheduled');
    expect(new Date(row.scheduled_for).getTime()).toBe(new Date('2031-05-04T09:30').getTime());
    await page.getByRole('link', { name: '← All issues' }).click();
    await page.locator(`tr[data-issue="${id}"] [data-status="scheduled"]`).waitFor();
    await page
      .locator(`tr[data-issue="${id}"]`)
      .getByText(/^Scheduled for May 4, 2031/)
      .waitFor();
    await page.context().close();
  });
});
