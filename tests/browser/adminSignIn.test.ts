/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, openPage } from '../support/browser';
import { ADMIN, READER, insertAccounts, signedInPage } from '../support/admin';
import { insertNewsItem } from '../support/factories';

const env = browserSuite();
beforeAll(async () => {
  await insertAccounts(env.sys.database.db);
  await insertNewsItem(env.sys.database.db, { title: 'Public news item', slug: 'public-news-item' });
});

const ADMIN_PAGES = [
  '/admin',
  '/admin/tags',
  '/admin/duplicates',
  '/admin/fix-status',
  '/admin/pipeline-diagnostics',
  '/admin/fix-low-seo',
  '/admin/tools',
  '/admin/sources',
];

describe('operator sign-in', () => {
  it('sends a signed-out visitor of every admin page to sign-in; the gateway marks every admin page noindex', async () => {
    const page = await openPage(env.browser);
    for (const path of ADMIN_PAGES) {
      await page.goto(`${env.sys.url}${path}`);
      await page.waitForURL(`${env.sys.url}/admin/login?next=${encodeURIComponent(path)}`);
      const html = await (await fetch(`${env.sys.url}${path}`)).text();
      expect(html, path).toMatch(/<meta[^>]* name="robots" content="noindex, nofollow"/);
    }
    await page.getByRole('heading', { name: 'Operator sign in' }).waitFor();
    expect(await page.locator('meta[name="robots"]').last().getAttribute('content')).toBe('noindex, nofollow');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('signs in, back to where the operator was going, and out again', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/admin/sources`);
    await page.waitForURL(`${env.sys.url}/admin/login?next=${encodeURIComponent('/admin/sources')}`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Incorrect username or password.').waitFor();
    expect(await page.getByLabel('Password').inputValue()).toBe('');

    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${env.sys.url}/admin/sources`);
    await page.getByRole('heading', { name: 'News Sources' }).waitFor();
    await page.getByText(`Signed in as ${ADMIN.username}`).waitFor();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'nb_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('nb_session');

    // The pages say noindex themselves too, once the app has taken over the head.
    for (const path of ['/admin', '/admin/tags', '/admin/pipeline-diagnostics']) {
      await page.goto(`${env.sys.url}${path}`);
      await page.waitForFunction(() => document.title.endsWith('| NeuralBeat') && !document.title.startsWith('Operator'));
      expect(await page.locator('meta[name="robots"]').last().getAttribute('content'), path).toBe('noindex, nofollow');
    }

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${env.sys.url}/admin/login`);
    await page.goto(`${env.sys.url}/admin`);
    await page.waitForURL(/\/admin\/login\?next=%2Fadmin$/);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('only returns to admin pages after sign-in', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/admin/login?next=${encodeURIComponent('https://evil.example/')}`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${env.sys.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.context().close();
  });

  it('tells a signed-in non-operator so, and lets them sign out', async () => {
    const page = await signedInPage(await openPage(env.browser), env.sys.url, READER);
    await page.goto(`${env.sys.url}/admin/tags`);
    await page.getByRole('heading', { name: 'Operators only' }).waitFor();
    await page.getByText(`You are signed in as ${READER.username}`).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${env.sys.url}/admin/login`);
    await page.context().close();
  });

  it('sends an operator whose session ended back to sign-in on their next call', async () => {
    const page = await signedInPage(await openPage(env.browser), env.sys.url);
    await page.goto(`${env.sys.url}/admin/fix-status`);
    await page.getByRole('heading', { name: 'Fix Article Status Mismatches' }).waitFor();
    // The session is removed on the server (expired, or signed out elsewhere).
    const redis = (await import('ioredis')).Redis;
    const client = new redis(env.sys.config.REDIS_URL);
    for (const key of await client.keys(`${env.sys.config.REDIS_PREFIX}:session:*`)) await client.del(key);
    client.disconnect();
    await page.getByRole('button', { name: 'Preview Status Fixes (Dry Run)' }).click();
    await page.waitForURL(`${env.sys.url}/admin/login?next=${encodeURIComponent('/admin/fix-status')}`);
    await page.context().close();
  });
});

describe('admin code stays out of the public pages', () => {
  it('a visitor browsing the site downloads no admin chunk', async () => {
    const page = await openPage(env.browser);
    const scripts = new Set<string>();
    page.on('request', (req) => {
      if (req.url().endsWith('.js')) scripts.add(req.url());
    });
    for (const path of ['/', '/news', '/news/public-news-item', '/directory', '/ai-stats', '/no-such-page']) {
      await page.goto(`${env.sys.url}${path}`);
      await page.waitForLoadState('networkidle');
    }
    const text = async (url: string) => (await fetch(url)).text();
    const publicScripts = [...scripts];
    expect(publicScripts.length).toBeGreaterThan(3);
    for (const url of publicScripts)
      expect(await text(url), url).not.toMatch(/LIVE UPDATE|\/api\/admin|\/api\/auth|Operator sign in|Duplicates per day/);

    await page.goto(`${env.sys.url}/admin/login`);
    await page.getByRole('heading', { name: 'Operator sign in' }).waitFor();
    const adminScripts = [...scripts].filter((u) => !publicScripts.includes(u));
    expect(adminScripts.length).toBeGreaterThan(0);
    expect((await Promise.all(adminScripts.map(text))).some((t) => t.includes('/api/auth/session'))).toBe(true);
    await page.context().close();
  });
});
