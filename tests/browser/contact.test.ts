/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, openPage } from '../support/browser';
import { insertAccounts, signedInPage, until } from '../support/admin';

const CONTACT_TO = 'team@neuralbeat.example';
const env = browserSuite({ MAIL_CATCHER_PORT: '0', SITE_CONTACT_EMAIL: CONTACT_TO });
const db = () => env.sys.database.db;
beforeAll(async () => insertAccounts(db()));

const toast = (page: Page) => page.locator('[role="status"][data-variant]');

async function fillContact(page: Page, over: Partial<Record<'name' | 'email' | 'subject' | 'message', string>> = {}) {
  const v = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Hello', message: 'Great site', ...over };
  await page.getByLabel('Name').fill(v.name);
  await page.getByLabel('Email').fill(v.email);
  await page.getByLabel('Subject').fill(v.subject);
  await page.getByLabel('Message').fill(v.message);
}

/** Holds the next POST /api/contact until `release` is called, so the sending state can be seen. */
async function holdContactPost(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contact', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('contact page', () => {
  it('sends the message: Sending..., Message Sent!, the toast, cleared fields; it reaches the inbox, the mail and Mark read', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/contact`);
    await page.getByText('Monday - Friday: 9am - 5pm PST').waitFor();
    await fillContact(page, { subject: 'Partnership idea', message: 'Let us talk about a partnership.\nSecond line.' });
    const release = await holdContactPost(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('button', { name: 'Sending...' }).waitFor();
    expect(await page.getByLabel('Name').isDisabled()).toBe(true);
    release();
    await page.getByRole('heading', { name: 'Message Sent!' }).waitFor();
    await page.getByText('24-48 business hours').waitFor();
    expect(await toast(page).textContent()).toContain('Message sent!');
    expect(await toast(page).textContent()).toContain("We'll get back to you as soon as possible.");
    await page.getByRole('button', { name: 'Send Another Message' }).click();
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    expect(await page.getByLabel('Subject').inputValue()).toBe('');

    const [row] = await db()('contact_messages').where({ subject: 'Partnership idea' });
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'Let us talk about a partnership.\nSecond line.',
    });
    expect(page.errors).toEqual([]);

    const admin = await signedInPage(await openPage(env.browser), env.sys.url);
    await admin.goto(`${env.sys.url}/admin/messages`);
    const card = admin.locator(`[data-message="${row.id}"]`);
    await card.getByRole('heading', { name: 'Partnership idea' }).waitFor();
    await card.getByText('ada@example.com').waitFor();
    await card.getByText('Second line.', { exact: false }).waitFor();
    expect(await card.getAttribute('data-unread')).toBe('true');
    // The pipeline mails it to SITE_CONTACT_EMAIL; the inbox says so once delivered_at is set.
    await until(async () => (await db()('contact_messages').where({ id: row.id }).first())?.delivered_at, 20_000);
    await admin.reload();
    await card.getByText(/^Mailed /).waitFor();
    await card.getByRole('button', { name: 'Mark read' }).click();
    await until(async () => (await card.getAttribute('data-unread')) === 'false');
    expect((await db()('contact_messages').where({ id: row.id }).first()).read_at).not.toBeNull();
    expect(await card.getByRole('button', { name: 'Mark read' }).count()).toBe(0);

    await admin.goto(`${env.sys.url}/admin/mail`);
    const mailRow = admin.locator('tbody tr', { hasText: CONTACT_TO }).filter({ hasText: 'Partnership idea' });
    await mailRow.waitFor();
    await mailRow.getByRole('button').click();
    await admin.getByRole('tab', { name: 'Headers' }).click();
    const headers = admin.getByRole('table', { name: 'Headers' });
    await headers
      .locator('tr', { hasText: /^reply-to/i })
      .getByText('ada@example.com', { exact: false })
      .waitFor();
    await admin.getByRole('tab', { name: 'Text' }).click();
    expect(await admin.getByTestId('mail-text').textContent()).toContain('Let us talk about a partnership.');
    expect(admin.errors).toEqual([]);
    await admin.context().close();
    await page.context().close();
  });

  it('a failed send shows the Error toast with the message and keeps what was typed', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/contact`);
    // The browser's own email check would stop this address; the server's answer is what is tested.
    await fillContact(page, { email: 'ada@example.com', subject: 'x'.repeat(1000) });
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: { status: 400, code: 'validation_error', message: 'subject is too long', field: 'subject' } }),
      }),
    );
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page).getByText('subject is too long').waitFor();
    expect(await toast(page).textContent()).toContain('Error');
    expect(await page.getByLabel('Name').inputValue()).toBe('Ada Lovelace');
    expect(await page.getByRole('heading', { name: 'Message Sent!' }).count()).toBe(0);
    await page.context().close();
  });

  it('has a honeypot people never see or reach; a bot that fills it is answered the same and nothing is kept', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/contact`);
    const trap = page.locator('input[name="website"]');
    expect(await trap.getAttribute('tabindex')).toBe('-1');
    expect(await trap.getAttribute('autocomplete')).toBe('off');
    expect(await trap.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
    const box = await trap.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(0);
    // Tabbing from Message goes to the Send button, never into the trap.
    await page.getByLabel('Message').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).getAttribute('name'))).not.toBe('website');

    await fillContact(page, { subject: 'Bot subject' });
    await trap.fill('https://spam.example');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('heading', { name: 'Message Sent!' }).waitFor();
    expect(await db()('contact_messages').where({ subject: 'Bot subject' })).toHaveLength(0);
    await page.context().close();
  });
});

describe("about page's message form", () => {
  it('sends for real and clears', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/about`);
    const form = page.getByRole('form', { name: 'Message form' });
    await form.getByLabel('Name').fill('Grace Hopper');
    await form.getByLabel('Email').fill('grace@example.com');
    await form.getByLabel('Message').fill('Hello from About');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await toast(page).getByText('Message sent!').waitFor();
    expect(await form.getByLabel('Name').inputValue()).toBe('');
    const rows = await db()('contact_messages').where({ email: 'grace@example.com' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Grace Hopper', message: 'Hello from About', subject: 'Message from the About page' });
    await page.context().close();
  });
});
