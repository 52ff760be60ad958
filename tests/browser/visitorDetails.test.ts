/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, openPage } from '../support/browser';
import { insertEvent, insertJob, insertNewsItem, insertResource, insertTool } from '../support/factories';

// The remote images below live on this machine, which the image proxy may fetch from only when told so.
const env = browserSuite({ IMAGE_PROXY_PRIVATE_ADDRESSES: 'true' });

beforeAll(async () => {
  const db = env.sys.database.db;
  // Remote image addresses that answer 404, as a moved or deleted publisher image does (served by the gateway itself).
  const remote = (file: string) => `${env.sys.url}/images/${file}`;
  await insertNewsItem(db, {
    title: 'Story with a lost image',
    slug: 'lost-image',
    category: 'Policy',
    image_url: remote('gone.jpg'),
    publish_date: new Date(Date.UTC(2026, 9, 2)),
  });
  await insertNewsItem(db, {
    title: 'Story with a good image',
    slug: 'good-image',
    image_url: remote('og-image.png'),
    publish_date: new Date(Date.UTC(2026, 9, 1)),
  });
  await insertTool(db, { name: 'Broken Logo Tool', slug: 'broken-logo', logo_url: remote('gone-logo.png') });
  await insertEvent(db, { name: 'Summit With Lost Banner', image_url: remote('gone-banner.jpg') });
  await insertJob(db, { title: 'Staff Engineer', company: 'Lostlogo Labs', company_logo_url: remote('gone-company.png') });
  await insertResource(db, { title: 'Guide with a lost picture', slug: 'lost-picture', image_url: remote('gone-guide.jpg') });
});

/** Images on the page that the browser could not draw: the "broken image" frames a visitor would see. */
const brokenImages = (page: Page) =>
  page.evaluate(() =>
    [...document.images]
      .filter((img) => img.complete && img.naturalWidth === 0 && img.getBoundingClientRect().width > 0)
      .map((img) => img.getAttribute('src')),
  );

/**
 * Characters that need an emoji font to be drawn at all (default emoji
 * presentation, or text forced to it with VS16): without one they are empty boxes.
 */
const emojiInPage = (page: Page) =>
  page.evaluate(() => {
    const text =
      document.body.innerText +
      [...document.querySelectorAll('[aria-label], [title], [alt]')]
        .map((e) => e.getAttribute('aria-label') ?? e.getAttribute('title') ?? e.getAttribute('alt'))
        .join(' ');
    return text.match(/\p{Emoji_Presentation}|\uFE0F/gu) ?? [];
  });

describe('images that fail to load', () => {
  it('give way to the placeholder on news cards, the article, tool and job logos, event banners and guides', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/news`);
    await page.getByRole('link', { name: 'Story with a lost image' }).waitFor();
    // Card images load lazily: bring these cards into view, as a visitor scrolling to them would (items the
    // pipeline publishes meanwhile may have pushed them below the fold).
    const card = page.locator('article', { has: page.getByRole('link', { name: 'Story with a lost image' }) });
    const good = page.locator('article', { has: page.getByRole('link', { name: 'Story with a good image' }) });
    await good.scrollIntoViewIfNeeded();
    await card.scrollIntoViewIfNeeded();
    await card.getByTestId('image-placeholder').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await brokenImages(page)).toEqual([]);
    expect(await card.getByTestId('image-placeholder').count()).toBe(1);
    // A working image is still shown.
    await page.waitForFunction((img) => (img as HTMLImageElement).complete, await good.locator('img').elementHandle());
    expect(await good.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await page.goto(`${env.sys.url}/news/lost-image`);
    await page.getByRole('heading', { level: 1, name: 'Story with a lost image' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await brokenImages(page)).toEqual([]);
    expect(await page.locator('article figure').getByTestId('image-placeholder').count()).toBe(1);

    for (const [path, ready] of [
      ['/directory', 'Broken Logo Tool'],
      ['/events', 'Summit With Lost Banner'],
      ['/jobs', 'Staff Engineer'],
      ['/learn/lost-picture', 'Guide with a lost picture'],
    ] as const) {
      await page.goto(`${env.sys.url}${path}`);
      await page.getByText(ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await brokenImages(page), path).toEqual([]);
    }
    await page.goto(`${env.sys.url}/directory`);
    const tool = page.locator('article', { has: page.getByRole('link', { name: 'Broken Logo Tool' }) });
    await tool.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await tool.locator('[aria-hidden="true"]').first().textContent()).toBe('B');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('no emoji font needed', () => {
  it('the logo, favicon, placeholders and icons are drawn without one', async () => {
    const page = await openPage(env.browser, { mobile: true });
    for (const path of [
      '/',
      '/news',
      '/news/lost-image',
      '/directory',
      '/directory/broken-logo',
      '/events',
      '/about',
      '/newsletter',
      '/submit-tool',
      '/no-such-page',
    ]) {
      await page.goto(`${env.sys.url}${path}`);
      await page.locator('main h1').first().waitFor();
      expect(await emojiInPage(page), path).toEqual([]);
    }
    // The logo is an SVG of real size in the header and the footer.
    await page.goto(env.sys.url);
    const logo = page.getByRole('link', { name: 'NeuralBeat home' }).locator('svg');
    const box = await logo.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(24);
    expect(await page.locator('footer svg').count()).toBeGreaterThan(0);
    // The site icon is an SVG file, not an emoji drawn in a data URL.
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toBe('/favicon.svg');
    const res = await fetch(`${env.sys.url}${icon}`);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(await res.text()).not.toMatch(/<text|\p{Emoji_Presentation}/u);
    await page.context().close();
  });
});

describe('details visitors meet', () => {
  it('About structured data names the site search and the sitemap, for crawlers and after the app boots', async () => {
    const urls = (ld: unknown[]) => JSON.stringify(ld);
    const html = await (await fetch(`${env.sys.url}/about`)).text();
    const served = [...html.matchAll(/<script data-ssr type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    const base = env.sys.config.SITE_URL.replace(/\/$/, '');
    expect(urls(served)).toContain(`${base}/search?q={search_term_string}`);
    expect(urls(served)).toContain(`${base}/sitemap.xml`);

    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/about`);
    await page.getByRole('heading', { name: 'Our Mission' }).waitFor();
    const rendered = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
    expect(urls(rendered)).toContain('/search?q={search_term_string}');
    expect(urls(rendered)).toContain('/sitemap.xml');
    expect(rendered.find((ld) => ld['@type'] === 'AboutPage').significantLink).toEqual([expect.stringMatching(/\/sitemap\.xml$/)]);
    await page.context().close();
  });

  it('/news/category/{name} shows "Redirecting to tag page..." in the document, then lands on the tag page', async () => {
    const page = await openPage(env.browser);
    // Each document that loads records whether the text was in it when it was parsed.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        if (document.body.textContent?.includes('Redirecting to tag page...')) sessionStorage.setItem('sawRedirectText', location.pathname);
      });
    });
    await page.goto(`${env.sys.url}/news/category/Policy`);
    await page.waitForURL(/\/news\/tag\/policy$/);
    await page.getByText('Showing 1 of 1 articles').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('sawRedirectText'))).toBe('/news/category/Policy');
    await page.context().close();
  });
});
