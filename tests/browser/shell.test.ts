/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { browserSuite, openPage } from '../support/browser';
import { insertNewsItem } from '../support/factories';

const env = browserSuite();

const HEADER_NAV = ['/news', '/directory', '/learn', '/events', '/jobs', '/about'];
const FOOTER_LINKS = [
  '/news',
  '/directory',
  '/learn',
  '/events',
  '/jobs',
  '/submit-tool',
  '/about',
  '/contact',
  '/newsletter',
  '/newsletter/archive',
  '/ai-stats',
  '/privacy-policy',
  '/terms-of-service',
  '/privacy-policy#cookies',
  '/privacy-policy#data-rights',
  '/sitemap.xml',
];

describe('site shell', () => {
  it('renders the header and footer with every link of the site', async () => {
    const page = await openPage(env.browser);
    await page.goto(env.sys.url + '/');
    const header = page.locator('header').first();
    // The app renders after the page's load event (its first render is a transition): wait for it.
    await header.locator('a[href="/"]').first().waitFor();
    await page.locator('footer').waitFor();
    for (const href of HEADER_NAV) {
      expect(await header.locator(`nav[aria-label="Primary"] a[href="${href}"]`).count()).toBe(1);
    }
    expect(await header.getByRole('link', { name: 'Submit Tool' }).getAttribute('href')).toBe('/submit-tool');
    expect(await header.getByPlaceholder('Search news, tools, guides...').count()).toBe(1);
    const socials = header.locator('a[target="_blank"]');
    expect(await socials.count()).toBe(4);
    for (const rel of await socials.evaluateAll((els) => els.map((e) => e.getAttribute('rel')))) expect(rel).toContain('noopener');

    const footer = page.locator('footer');
    for (const href of FOOTER_LINKS) {
      expect(await footer.locator(`a[href="${href}"]`).count(), href).toBe(1);
    }
    await expect(footer.textContent()).resolves.toContain(`© ${new Date().getFullYear()} NeuralBeat. All rights reserved.`);
    await expect(footer.textContent()).resolves.toContain('for the AI community');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('does nothing on a blank search and navigates to /search?q= with the trimmed, encoded text', async () => {
    const page = await openPage(env.browser);
    await page.goto(env.sys.url + '/about');
    const box = page.getByPlaceholder('Search news, tools, guides...');
    await box.fill('   ');
    await box.press('Enter');
    await page.waitForTimeout(200);
    expect(new URL(page.url()).pathname).toBe('/about');
    await box.fill('  large language & vision  ');
    await box.press('Enter');
    await page.waitForURL(/\/search\?q=/);
    expect(new URL(page.url()).search).toBe('?q=large%20language%20%26%20vision');
    await page.context().close();
  });

  it('opens the mobile menu and closes it on a link click and on a search', async () => {
    const page = await openPage(env.browser, { mobile: true });
    await page.goto(env.sys.url + '/');
    expect(await page.getByPlaceholder('Search news, tools, guides...').isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByTestId('mobile-menu');
    await menu.waitFor();
    await menu.getByRole('link', { name: 'Jobs' }).click();
    await page.waitForURL(/\/jobs$/);
    expect(await menu.count()).toBe(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const search = page.getByTestId('mobile-menu').getByPlaceholder('Search news, tools, guides...');
    await search.fill('agents');
    await search.press('Enter');
    await page.waitForURL(/\/search\?q=agents/);
    expect(await page.getByTestId('mobile-menu').count()).toBe(0);
    await page.context().close();
  });

  it('shows the 404 page for an unknown route', async () => {
    const page = await openPage(env.browser);
    await page.goto(env.sys.url + '/definitely/not/here');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Browse latest AI news' }).getAttribute('href')).toBe('/news');
    expect(await page.getByRole('link', { name: 'Explore AI tools directory' }).getAttribute('href')).toBe('/directory');
    expect(await page.locator('meta[name="robots"]').last().getAttribute('content')).toContain('noindex');
    await page.context().close();
  });

  it('after the app boots the head holds one title and one canonical link: the page own ones', async () => {
    await insertNewsItem(env.sys.database.db, { title: 'Head tags story', slug: 'head-tags-story' });
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/news/head-tags-story`);
    await page.getByRole('heading', { level: 1, name: 'Head tags story' }).waitFor();
    expect(await page.locator('head title').count()).toBe(1);
    expect(await page.title()).toBe('Head tags story | NeuralBeat');
    expect(await page.locator('head link[rel="canonical"]').count()).toBe(1);
    expect(await page.locator('head link[rel="canonical"]').getAttribute('href')).toBe('http://localhost:8080/news/head-tags-story');
    expect(await page.locator('head [data-ssr]').count()).toBe(0);
    await page.getByRole('link', { name: 'Directory', exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: 'AI Tools Directory' }).waitFor();
    expect(await page.title()).toBe('AI Tools Directory | NeuralBeat');
    expect(await page.locator('head link[rel="canonical"]').count()).toBe(1);
    await page.context().close();
  });
});
