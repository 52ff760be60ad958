/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, openPage } from '../support/browser';
import { insertEvent, insertJob, insertNewsItem, insertResource, insertTool } from '../support/factories';

const env = browserSuite();

/** Records, from the first byte of every document, layout shifts and whether a loading placeholder ever appeared. */
async function watchFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; at: number }[]; __sawSkeleton: string | null };
    w.__shifts = [];
    w.__sawSkeleton = null;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!e.hadRecentInput) w.__shifts.push({ value: e.value, at: e.startTime });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver(() => {
      const el = document.querySelector('[aria-busy="true"], [data-testid$="-skeleton"]');
      if (el && !w.__sawSkeleton) w.__sawSkeleton = el.outerHTML.slice(0, 120);
    }).observe(document, { childList: true, subtree: true });
  });
  const api: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) api.push(r.url());
  });
  return {
    api,
    cls: () => page.evaluate(() => (window as unknown as { __shifts: { value: number }[] }).__shifts.reduce((s, e) => s + e.value, 0)),
    sawSkeleton: () => page.evaluate(() => (window as unknown as { __sawSkeleton: string | null }).__sawSkeleton),
  };
}

/** Answers the API calls matching `pattern` only after `ms`, so the page's loading state stays on screen meanwhile. */
async function delayApi(page: Page, pattern: RegExp, ms: number) {
  await page.route(pattern, async (route) => {
    const res = await route.fetch();
    await new Promise((r) => setTimeout(r, ms));
    await route.fulfill({ response: res });
  });
}

const rectsOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: Math.round(r.x), y: Math.round(r.y + window.scrollY), w: Math.round(r.width), h: Math.round(r.height) };
    }),
  );

let articleSlug = '';
beforeAll(async () => {
  const db = env.sys.database.db;
  for (let i = 0; i < 12; i++) {
    const item = await insertNewsItem(db, {
      title:
        i % 3
          ? `Agents update ${i}`
          : `A much longer headline about frontier agents and evaluation number ${i} that wraps over several lines`,
      slug: `agents-update-${i}`,
      excerpt: i % 2 ? `Short excerpt ${i}.` : `A long excerpt ${i} `.repeat(30),
      tags: i % 2 ? ['agents'] : ['agents', 'llm', 'robotics', 'policy', 'vision'],
      image_url: i === 0 ? '/images/og-image.png' : null,
      source_name: i % 4 ? 'Wire Example' : null,
      publish_date: new Date(Date.UTC(2026, 8, 1 + i)),
    });
    if (i === 11) articleSlug = item.slug;
  }
  for (let i = 0; i < 4; i++) {
    await insertTool(db, {
      name: i ? `Paint Studio ${i}` : 'A tool with a remarkably long product name that never fits',
      slug: `paint-studio-${i}`,
      category: i % 2 ? 'Development' : 'Image Generation',
      short_description: i % 2 ? 'Short line' : 'A short description long enough to need both of its two lines on a phone screen',
      tags: i % 2 ? [] : ['art', 'images', 'design', 'video'],
      created_at: new Date(Date.UTC(2026, 0, 1 + i)),
    });
  }
  for (let i = 0; i < 2; i++) await insertResource(db, { title: `Guide to evaluation ${i} with a title long enough to be cut on a phone` });
  for (let i = 0; i < 3; i++) await insertEvent(db, { name: `Agents Summit ${i}` });
  for (let i = 0; i < 3; i++) await insertJob(db, { title: `Research Engineer ${i}` });
  for (let i = 1; i <= 2; i++) {
    await db('newsletter_issues').insert({
      number: i,
      slug: `issue-${i}`,
      subject: `Weekly issue ${i}`,
      preheader: `The week's agents news, part ${i}`,
      intro: 'Hello readers.',
      content: JSON.stringify({
        sections: [
          { kind: 'news', title: 'Top stories', items: [{ id: 1, title: 'Agents update 1', url: '/news/agents-update-1', summary: 'x' }] },
        ],
      }),
      html: '<p>mail</p>',
      text_body: 'mail',
      status: 'sent',
      sent_at: new Date(Date.UTC(2026, 8, i)),
    });
  }
});

describe('first paint from the HTML the gateway writes', () => {
  const screens = [
    { path: '/', ready: (p: Page) => p.getByRole('link', { name: 'Agents update 11' }).first() },
    { path: '/news', ready: (p: Page) => p.getByText('Showing 9 of 12 articles') },
    { path: '/news/tag/agents', ready: (p: Page) => p.getByText('Showing 9 of 12 articles') },
    { path: '/news/agents-update-11', ready: (p: Page) => p.getByRole('heading', { level: 1, name: 'Agents update 11' }) },
    { path: '/directory', ready: (p: Page) => p.getByRole('link', { name: 'Paint Studio 1' }) },
    { path: '/directory?category=Development', ready: (p: Page) => p.getByRole('link', { name: 'Paint Studio 3' }) },
    { path: '/directory?q=short%20line', ready: (p: Page) => p.getByText('2 tools', { exact: true }) },
    { path: '/directory/paint-studio-2', ready: (p: Page) => p.getByRole('heading', { name: 'Similar Tools' }) },
    { path: '/learn', ready: (p: Page) => p.getByRole('link', { name: /Guide to evaluation 1/ }) },
    { path: '/events', ready: (p: Page) => p.getByRole('link', { name: 'Agents Summit 2' }) },
    { path: '/jobs', ready: (p: Page) => p.getByText('Research Engineer 2') },
    { path: '/newsletter/archive', ready: (p: Page) => p.getByRole('link', { name: 'Weekly issue 2' }) },
    { path: '/newsletter/issue-1', ready: (p: Page) => p.getByRole('heading', { name: 'Top stories' }) },
  ];

  it.each(screens)('$path renders complete without an API call, a skeleton or a layout shift', async ({ path, ready }) => {
    const page = await openPage(env.browser, { mobile: true });
    const watch = await watchFirstPaint(page);
    const html = await (await fetch(`${env.sys.url}${path}`)).text();
    expect(html).toContain('<script type="application/json" id="first-screen">');
    await page.goto(`${env.sys.url}${path}`);
    await ready(page).waitFor();
    await page.waitForLoadState('networkidle');
    expect(watch.api).toEqual([]);
    expect(await watch.sawSkeleton()).toBeNull();
    expect(await watch.cls()).toBeLessThanOrEqual(0.02);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('preloads every script the first screen runs, so none is discovered late', async () => {
    for (const path of ['/', '/news', `/news/${articleSlug}`, '/directory', '/directory/paint-studio-2']) {
      const html = await (await fetch(`${env.sys.url}${path}`)).text();
      const announced = new Set(
        [...html.matchAll(/<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="([^"]+)"/g)].map(
          (m) => m[1],
        ),
      );
      const page = await openPage(env.browser, { mobile: true });
      const loaded: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.endsWith('.js')) loaded.push(url.pathname);
      });
      await page.goto(`${env.sys.url}${path}`, { waitUntil: 'networkidle' });
      expect(loaded.length, path).toBeGreaterThan(3);
      expect(
        loaded.filter((p) => !announced.has(p)),
        path,
      ).toEqual([]);
      await page.context().close();
    }
  });

  it('keeps markup in stored text from closing the embedded data', async () => {
    const db = env.sys.database.db;
    const title = 'Breaking </script><script>window.__pwned = 1</script><!-- & <b>bold</b> \u2028 done';
    await insertNewsItem(db, {
      title,
      slug: 'script-breakout',
      excerpt: '</SCRIPT ><img src=x onerror="window.__pwned=2">',
      publish_date: new Date(Date.UTC(2027, 0, 1)),
    });
    const html = await (await fetch(`${env.sys.url}/news`)).text();
    const data = html.match(/<script type="application\/json" id="first-screen">([^<]*)<\/script>/);
    expect(data, 'the embedded data is one script element with no markup inside').not.toBeNull();
    const payload = JSON.parse(data![1]!);
    expect(payload.queries.find((q: any) => q.infinite).data.articles[0].title).toBe(title);

    for (const path of ['/news', '/news/script-breakout']) {
      const page = await openPage(env.browser);
      await page.goto(`${env.sys.url}${path}`);
      await page.getByText('Breaking </script>', { exact: false }).first().waitFor();
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(await page.locator('b', { hasText: 'bold' }).count()).toBe(0);
      expect(page.errors).toEqual([]);
      await page.context().close();
    }
    await db('news_feed').where({ slug: 'script-breakout' }).delete();
  });
});

describe('skeletons take exactly the space of what replaces them', () => {
  it('news feed: chips row, count line and cards stay where the skeleton put them', async () => {
    const page = await openPage(env.browser, { mobile: true });
    await page.goto(`${env.sys.url}/about`);
    await delayApi(page, /\/api\/news/, 1200);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'News' }).click();
    await page.getByTestId('news-skeleton').first().waitFor();
    const chips = await rectsOf(page, '[aria-label="Filter by tag"]');
    const skeletons = await rectsOf(page, '[aria-busy="true"] > *');
    await page.getByText('Showing 9 of 12 articles').waitFor();
    expect(await rectsOf(page, '[aria-label="Filter by tag"]')).toEqual(chips);
    const cards = (await rectsOf(page, 'main article')).slice(0, skeletons.length);
    expect(cards).toEqual(skeletons);
    await page.context().close();
  });

  it('directory: tool cards and the count line stay where the skeleton put them', async () => {
    const page = await openPage(env.browser, { mobile: true });
    await page.goto(`${env.sys.url}/about`);
    await delayApi(page, /\/api\/tools/, 1200);
    await page.getByRole('link', { name: 'Explore AI Tools' }).click();
    await page.getByTestId('tool-skeleton').first().waitFor();
    const skeletons = (await rectsOf(page, '[aria-busy="true"] > *')).slice(0, 4);
    await page.getByRole('link', { name: 'Paint Studio 1' }).waitFor();
    expect((await rectsOf(page, 'main article')).slice(0, 4)).toEqual(skeletons);
    await page.context().close();
  });

  it('home: news, tools, guides, events and jobs sections keep their size', async () => {
    const page = await openPage(env.browser, { mobile: true });
    await page.goto(`${env.sys.url}/about`);
    await delayApi(page, /\/api\/(home|tools|resources|events|jobs)/, 1200);
    await page.getByRole('link', { name: 'NeuralBeat home' }).click();
    await page.getByTestId('news-skeleton').first().waitFor();
    const sections = await rectsOf(page, 'main section');
    const rows = await rectsOf(page, 'main section li');
    await page.getByRole('link', { name: 'Agents update 11' }).first().waitFor();
    await page.getByRole('link', { name: 'Research Engineer 2' }).waitFor();
    expect(await rectsOf(page, 'main section')).toEqual(sections);
    expect(await rectsOf(page, 'main section li')).toEqual(rows);
    await page.context().close();
  });
});

describe('a long directory', () => {
  it('lays out cards below the fold only when they come near, in exactly the space it reserved for them', async () => {
    const db = env.sys.database.db;
    for (let i = 0; i < 24; i++) {
      await insertTool(db, {
        name: `Bulk Tool ${i}`,
        slug: `bulk-tool-${i}`,
        short_description: i % 2 ? 'Short' : 'A description long enough for two lines on a phone screen, or more than that',
        tags: i % 3 ? ['one'] : [],
      });
    }
    const page = await openPage(env.browser, { mobile: true });
    const watch = await watchFirstPaint(page);
    await page.goto(`${env.sys.url}/directory`);
    await page.getByRole('link', { name: 'Bulk Tool 23' }).waitFor({ state: 'attached' });
    const reserved = await rectsOf(page, 'main article');
    // The first of the directory's pages: 24 of the 28 tools.
    expect(reserved.length).toBe(24);
    await page.getByText('Showing 24 of 28 tools').waitFor();
    // Off-screen cards are skipped at load: their content is not rendered yet.
    expect(
      await page
        .locator('main article')
        .last()
        .evaluate((el) => el.querySelector('h3')!.checkVisibility({ contentVisibilityAuto: true })),
    ).toBe(false);
    for (let y = 0; y < reserved.at(-1)!.y + 800; y += 300) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(50);
    }
    expect(
      await page
        .locator('main article')
        .last()
        .evaluate((el) => el.querySelector('h3')!.checkVisibility({ contentVisibilityAuto: true })),
    ).toBe(true);
    expect(await rectsOf(page, 'main article')).toEqual(reserved);
    expect(await watch.cls()).toBeLessThanOrEqual(0.02);

    // The next page joins below, leaving the cards already shown where they were.
    await page.getByRole('button', { name: 'Load more tools' }).click();
    await page.getByRole('link', { name: 'Paint Studio 3' }).waitFor();
    await page.getByText('28 tools', { exact: true }).waitFor();
    expect((await rectsOf(page, 'main article')).slice(0, 24)).toEqual(reserved);
    expect(await page.locator('main article').count()).toBe(28);
    expect(await page.getByRole('button', { name: 'Load more tools' }).count()).toBe(0);
    await page.context().close();
  });
});
