/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, openPage } from '../support/browser';
import { insertAccounts, signedInPage, until } from '../support/admin';

const env = browserSuite({ MAIL_CATCHER_PORT: '0' });
const db = () => env.sys.database.db;
beforeAll(async () => insertAccounts(db()));

const toast = (page: Page) => page.locator('[role="status"][data-variant]');

/** Holds the next call to `pattern` until `release` is called, so a pending state can be seen. */
async function hold(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The operator's Mail page, reloaded until a message to `to` with `subject` is listed; opens it. */
async function openCaughtMail(admin: Page, to: string, subject: RegExp) {
  await admin.goto(`${env.sys.url}/admin/mail`);
  const row = admin.locator('tbody tr', { hasText: to }).filter({ hasText: subject });
  await until(
    async () => {
      if ((await row.count()) > 0) return true;
      await admin.reload();
      await admin.getByRole('heading', { name: 'Mail', exact: true }).waitFor();
      return false;
    },
    30_000,
    500,
  );
  await row.first().getByRole('button').click();
  await admin.locator('#mail-message-title').waitFor();
}

/** Where a link of a mail points on this system (the mail says SITE_URL; the test's gateway listens elsewhere). */
const onThisSystem = (link: string) => {
  const u = new URL(link);
  return `${env.sys.url}${u.pathname}${u.search}`;
};

/** A sent issue as the digest stores it (composed sections, the rendered mail with its per-subscriber placeholder). */
async function insertSentIssue(over: Record<string, unknown> = {}) {
  const [row] = await db()('newsletter_issues')
    .insert({
      number: 7,
      slug: '2026-11-23-issue-7',
      subject: 'Agents everywhere: the week in AI',
      preheader: 'Three stories, two tools and an event worth your time.',
      intro: 'Hello readers,\n\nThis week agents learned to book flights.',
      content: JSON.stringify({
        sections: [
          {
            kind: 'news',
            title: 'Top stories',
            items: [
              {
                id: 1,
                title: 'Lab ships an agent that books flights',
                url: 'http://localhost:8080/news/agent',
                summary: 'It works.',
                outlets: 3,
              },
            ],
          },
          {
            kind: 'tools',
            title: 'New tools',
            items: [{ id: 2, title: 'Canvas Genie', url: 'http://localhost:8080/directory/canvas-genie', summary: 'Paint with words.' }],
          },
        ],
      }),
      html: '<!doctype html><html><head><title>x</title></head><body><h1 id="mail-heading">Agents everywhere</h1><script>parent.document.title = "pwned"</script><a href="%%UNSUBSCRIBE_URL%%">%%UNSUBSCRIBE_LABEL%%</a></body></html>',
      text_body: 'Agents everywhere',
      status: 'sent',
      sent_at: new Date('2026-11-23T08:00:00Z'),
      recipient_count: 2,
      ...over,
    })
    .returning('*');
  return row;
}

describe('newsletter page', () => {
  it('subscribes for real; the confirmation mail is caught; its link confirms only with the button; the console shows the subscriber confirmed', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/newsletter`);
    for (const b of ['Weekly AI News Digest', 'Tool Recommendations', 'Exclusive Insights']) await page.getByText(b).waitFor();
    await page.getByLabel('Email address').fill('Reader.One@Example.COM');
    const release = await hold(page, '**/api/newsletter/subscribe');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('button', { name: 'Subscribing...' }).waitFor();
    release();
    await page.getByRole('heading', { name: 'Thank You for Subscribing!' }).waitFor();
    await page.getByText('Check your inbox and open the confirmation link').waitFor();
    expect(await toast(page).textContent()).toContain('Successfully subscribed!');
    const [subscriber] = await db()('newsletters').where({ email: 'Reader.One@example.com' });
    expect(subscriber.status).toBe('pending');
    await page.getByRole('button', { name: 'Subscribe Another Email' }).click();
    expect(await page.getByLabel('Email address').inputValue()).toBe('');

    const admin = await signedInPage(await openPage(env.browser), env.sys.url);
    await openCaughtMail(admin, 'Reader.One@example.com', /confirm/i);
    expect(await admin.locator('iframe[title^="Message:"]').getAttribute('sandbox')).not.toContain('allow-scripts');
    const htmlLink = await admin
      .frameLocator('iframe[title^="Message:"]')
      .locator('a[href*="/newsletter/confirm?token="]')
      .first()
      .getAttribute('href');
    await admin.getByRole('tab', { name: 'Text' }).click();
    const text = (await admin.getByTestId('mail-text').textContent())!;
    const link = text.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w.~-]+/)![0];
    expect(htmlLink).toBe(link);

    // Opening the link (as a mail scanner would) changes nothing.
    await page.goto(onThisSystem(link));
    await page.getByRole('button', { name: 'Confirm subscription' }).waitFor();
    expect(await page.locator('meta[name="robots"]').last().getAttribute('content')).toContain('noindex');
    expect((await db()('newsletters').where({ id: subscriber.id }).first()).status).toBe('pending');
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await page.getByRole('heading', { name: "You're subscribed!" }).waitFor();
    await page.getByText('Reader.One@example.com').waitFor();
    expect((await db()('newsletters').where({ id: subscriber.id }).first()).status).toBe('confirmed');

    await admin.goto(`${env.sys.url}/admin/subscribers`);
    await admin.getByLabel('Search addresses').fill('reader.one');
    await admin.getByRole('button', { name: 'Search' }).click();
    const row = admin.locator('tr[data-subscriber="Reader.One@example.com"]');
    await row.locator('[data-status="confirmed"]').waitFor();
    await admin.getByLabel('Status').selectOption('pending');
    await admin.getByText('No subscribers match.').waitFor();
    expect(page.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.context().close();
    await page.context().close();
  });

  it('a failed subscription shows the "Subscription failed" toast with "Please try again later." and keeps the form', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/newsletter`);
    await page.route('**/api/newsletter/subscribe', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.getByLabel('Email address').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await toast(page).getByText('Subscription failed').waitFor();
    expect(await toast(page).textContent()).toContain('Please try again later.');
    expect(await page.getByLabel('Email address').inputValue()).toBe('nobody@example.com');
    expect(await page.getByRole('heading', { name: 'Thank You for Subscribing!' }).count()).toBe(0);
    await page.context().close();
  });

  it('a confirmation link that is not valid says so and links to the newsletter page', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/newsletter/confirm?token=not-a-real-token`);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await page
      .getByText(/expired|invalid/i)
      .first()
      .waitFor();
    expect(await page.getByRole('link', { name: 'Subscribe again' }).getAttribute('href')).toBe('/newsletter');
    await page.goto(`${env.sys.url}/newsletter/confirm`);
    await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await page.context().close();
  });
});

describe('unsubscribe page', () => {
  it('a bad token says the link does not work', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/newsletter/unsubscribe?token=forged`);
    await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    expect(await page.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);
    expect(await page.locator('meta[name="robots"]').last().getAttribute('content')).toContain('noindex');
    await page.context().close();
  });
});

describe('archive', () => {
  it('lists sent issues; an issue shows its intro and sections, its head tags, and the mail in a frame that runs no scripts', async () => {
    await insertSentIssue();
    await db()('newsletter_issues').insert({
      number: 8,
      slug: 'draft-8',
      subject: 'A draft nobody sees',
      preheader: '',
      content: JSON.stringify({ sections: [] }),
      html: '<p>draft</p>',
      text_body: 'draft',
      status: 'draft',
    });
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/newsletter`);
    await page
      .getByRole('link', { name: /newsletter archive/i })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Newsletter Archive' }).waitFor();
    const issues = page.getByRole('list', { name: 'Issues' });
    await issues.getByText('Issue #7 · November 23, 2026').waitFor();
    expect(await issues.getByText('A draft nobody sees').count()).toBe(0);
    expect(await page.locator('footer').getByRole('link', { name: 'Newsletter Archive' }).getAttribute('href')).toBe('/newsletter/archive');
    await issues.getByRole('link', { name: 'Agents everywhere: the week in AI' }).click();

    await page.getByRole('heading', { level: 1, name: 'Agents everywhere: the week in AI' }).waitFor();
    await page.getByText('This week agents learned to book flights.').waitFor();
    await page.getByRole('heading', { name: 'Top stories' }).waitFor();
    expect(await page.getByRole('link', { name: 'Lab ships an agent that books flights' }).getAttribute('href')).toBe(
      'http://localhost:8080/news/agent',
    );
    await page.getByText('Reported by 3 outlets').waitFor();
    await page.getByRole('button', { name: 'View as e-mail' }).click();
    const frame = page.locator('iframe[title^="Issue #7"]');
    expect(await frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    await page.frameLocator('iframe[title^="Issue #7"]').locator('#mail-heading').waitFor();
    // The web version carries no per-subscriber link, and the mail's script never ran.
    expect(await page.frameLocator('iframe[title^="Issue #7"]').locator('a').first().textContent()).toBe('Subscribe to the newsletter');
    expect(await page.title()).toContain('Agents everywhere');
    expect(page.errors).toEqual([]);

    // Crawlers get the head tags and the first screen's answer in the HTML.
    const html = await (await fetch(`${env.sys.url}/newsletter/2026-11-23-issue-7`)).text();
    expect(html).toContain('<title data-ssr>Agents everywhere: the week in AI | NeuralBeat</title>');
    expect(html).toContain('content="Three stories, two tools and an event worth your time."');
    expect(html).toMatch(/<link data-ssr rel="canonical" href="[^"]+\/newsletter\/2026-11-23-issue-7"/);
    expect(html).toMatch(
      /<link data-ssr rel="alternate" type="application\/rss\+xml" title="NeuralBeat newsletter" href="[^"]+\/newsletter\/rss.xml"/,
    );
    expect(html).toContain('"/api/newsletter/issues/2026-11-23-issue-7"');
    const ld = [...html.matchAll(/<script data-ssr type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    expect(ld).toContainEqual(
      expect.objectContaining({
        '@type': 'Article',
        headline: 'Agents everywhere: the week in AI',
        datePublished: '2026-11-23T08:00:00.000Z',
      }),
    );
    const archive = await (await fetch(`${env.sys.url}/newsletter/archive`)).text();
    expect(archive).toContain('<title data-ssr>Newsletter Archive | NeuralBeat</title>');
    expect(archive).toContain('"/api/newsletter/issues"');

    const sitemap = await (await fetch(`${env.sys.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('/newsletter/archive</loc>');
    expect(sitemap).toContain('/newsletter/2026-11-23-issue-7</loc>');
    expect(sitemap).not.toContain('/newsletter/confirm');
    expect(sitemap).not.toContain('/newsletter/unsubscribe');
    const missing = await fetch(`${env.sys.url}/newsletter/no-such-issue`);
    expect(missing.status).toBe(404);
    await page.goto(`${env.sys.url}/newsletter/no-such-issue`);
    await page.getByRole('heading', { name: 'Issue not found' }).waitFor();
    await page.context().close();
  });
});
