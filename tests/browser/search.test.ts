/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createRedis } from '@neuralbeat/common';
import { PostgresSearchEngine } from '../../services/search/src/engine/postgresEngine';
import { ContentClient } from '../../services/search/src/contentClient';
import { SearchResultCache } from '../../services/search/src/services/resultCache';
import { reindex } from '../../services/search/src/services/reindex';
import { browserSuite, openPage } from '../support/browser';
import { insertEvent, insertJob, insertNewsItem, insertResource, insertTool } from '../support/factories';

const env = browserSuite();
const day = 86_400_000;

beforeAll(async () => {
  const db = env.sys.database.db;
  for (let i = 1; i <= 5; i++) {
    await insertNewsItem(db, {
      title: `Galaxy model update ${i}`,
      slug: `galaxy-update-${i}`,
      excerpt: `Part ${i} of the galaxy series.`,
      tags: ['llm', 'galaxy', 'open-source', 'benchmarks'],
      publish_date: new Date(Date.UTC(2026, 5, i)),
    });
  }
  await insertNewsItem(db, { title: 'Anthropic publishes a safety report', slug: 'anthropic-safety', excerpt: 'A long read.' });
  await insertNewsItem(db, {
    title: 'Markup <img src=x onerror="window.__pwned=1"> in a galaxy title',
    slug: 'markup-title',
    excerpt: '<b>not bold</b>',
  });
  for (let i = 1; i <= 4; i++) {
    await insertTool(db, { name: `Galaxy Tool ${i}`, slug: `galaxy-tool-${i}`, tags: ['one', 'two', 'three', 'four', 'five', 'six'] });
  }
  for (let i = 1; i <= 3; i++) await insertResource(db, { title: `Galaxy guide ${i}`, slug: `galaxy-guide-${i}`, tags: ['basics'] });
  for (let i = 1; i <= 3; i++)
    await insertEvent(db, { name: `Galaxy Summit ${i}`, slug: `galaxy-summit-${i}`, start_date: new Date(Date.now() + (40 + i) * day) });
  for (let i = 1; i <= 3; i++) await insertJob(db, { title: `Galaxy Engineer ${i}`, company: 'Starfield AI' });
  const redis = createRedis(env.sys.config.REDIS_URL);
  const cache = new SearchResultCache({ ttlSeconds: 0, redis, prefix: env.sys.config.REDIS_PREFIX });
  await reindex({
    db,
    engine: new PostgresSearchEngine(db),
    content: new ContentClient(env.sys.services.content.url),
    logger: createLogger('test', 'silent'),
    onChange: () => cache.invalidate(),
  });
  redis.disconnect();
});

/** Visible result titles (the links of the result headings) of a section or panel. */
const titles = (scope: import('playwright-core').Locator) => scope.locator('article h3 a').allTextContents();

describe('/search', () => {
  it('is reached from the header search box and shows tabs with counts and the All tab previews', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/about`);
    await page.getByPlaceholder('Search news, tools, guides...').fill('  galaxy ');
    await page.getByPlaceholder('Search news, tools, guides...').press('Enter');
    await page.waitForURL(/\/search\?q=galaxy$/);
    await page.getByRole('heading', { level: 1, name: 'Search results for “galaxy”' }).waitFor();

    const tabs = page.getByRole('tab');
    await page.getByRole('tab', { name: 'All Results 19' }).waitFor();
    expect(await tabs.allTextContents()).toEqual(['All Results19', 'News6', 'Tools4', 'Resources3', 'Events3', 'Jobs3']);
    expect(await page.getByRole('tab', { name: /All Results/ }).getAttribute('aria-selected')).toBe('true');

    // Previews: 3 news, 3 tools, 2 resources, 2 events, 2 jobs, each with a link to its tab.
    const expected = {
      News: [3, 'View all 6 news results'],
      Tools: [3, 'View all 4 tool results'],
      Resources: [2, 'View all 3 resource results'],
      Events: [2, 'View all 3 event results'],
      Jobs: [2, 'View all 3 job results'],
    } as const;
    for (const [name, [count, link]] of Object.entries(expected)) {
      const section = page.getByRole('region', { name, exact: true });
      expect((await titles(section)).length, name).toBe(count);
      expect(await section.getByRole('link', { name: new RegExp(link) }).getAttribute('href'), name).toMatch(/^\/search\?q=galaxy&tab=/);
    }
    // Best match first: newest of the equal title matches.
    expect((await titles(page.getByRole('region', { name: 'News', exact: true })))[0]).toBe('Galaxy model update 5');
    // Tag chips: 3 in a preview, with the rest counted.
    const firstTool = page.getByRole('region', { name: 'Tools', exact: true }).locator('article').first();
    expect(await firstTool.locator('a[href^="/search?q="]').count()).toBe(3);
    await firstTool.getByText('+3 more').waitFor();
    // Result links.
    expect(await page.getByRole('link', { name: 'Galaxy Tool 4' }).getAttribute('href')).toBe('/directory/galaxy-tool-4');
    expect(await page.getByRole('link', { name: 'Galaxy guide 3' }).getAttribute('href')).toBe('/learn/galaxy-guide-3');
    expect(await page.getByRole('link', { name: 'Galaxy Summit 3' }).getAttribute('href')).toBe('/events/galaxy-summit-3');
    expect(await page.getByRole('link', { name: 'Galaxy Engineer 3' }).getAttribute('href')).toMatch(/^\/jobs\/\d+$/);

    await page.getByRole('link', { name: 'View all 4 tool results' }).click();
    await page.waitForURL(/\/search\?q=galaxy&tab=tools$/);
    await page.getByRole('tab', { name: /Tools/, selected: true }).waitFor();
    const panel = page.getByRole('tabpanel');
    expect((await titles(panel)).length).toBe(4);
    // 5 tag chips in a tab.
    expect(await panel.locator('article').first().locator('a[href^="/search?q="]').count()).toBe(5);
    await panel.locator('article').first().getByText('+1 more').waitFor();

    await page.getByRole('tab', { name: /Events/ }).click();
    await page.waitForURL(/tab=events/);
    await page.getByRole('tab', { name: /Events/, selected: true }).waitFor();
    expect((await titles(page.getByRole('tabpanel'))).length).toBe(3);
    await page.goBack();
    await page.waitForURL(/tab=tools$/);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('highlights matched words safely and says why each result matched', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/search?q=galaxy&tab=news`);
    const link = page.getByRole('link', { name: /Markup .* in a galaxy title/ });
    await link.waitFor();
    expect(await link.locator('mark').allTextContents()).toEqual(['galaxy']);
    // The index's text is shown as text: no element was injected and nothing ran.
    expect(await page.locator('article img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.getByText('<b>not bold</b>').waitFor();
    const first = page.getByRole('tabpanel').locator('article').first();
    await first.getByText('Matched “galaxy” in the headline').waitFor();

    await page.goto(`${env.sys.url}/search?q=antropic`);
    const hit = page.getByRole('region', { name: 'News', exact: true }).locator('article').first();
    await hit.getByText('Close spelling “anthropic” in the headline').waitFor();
    expect(await hit.locator('h3 mark').allTextContents()).toEqual(['Anthropic']);
    await page
      .getByRole('note')
      .getByText(/close spellings/)
      .waitFor();
    await page.context().close();
  });

  it('keeps the address bar in step with typing, and shows the start and empty states', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/search`);
    await page.getByRole('heading', { name: 'Start your search' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);

    const box = page.getByLabel('Search NeuralBeat');
    await box.pressSequentially('gala');
    await page.waitForURL(/\/search\?q=gala$/);
    // Keystrokes faster than React renders are all kept.
    expect(await box.inputValue()).toBe('gala');
    // A partial word finds results while typing.
    await page.getByRole('tab', { name: 'All Results 19' }).waitFor();
    await box.fill('zzqxv');
    await page.waitForURL(/q=zzqxv$/);
    await page.getByRole('heading', { name: 'No results found' }).waitFor();
    expect(await page.locator('meta[name="robots"]').last().getAttribute('content')).toBe('noindex, nofollow');

    await box.fill('anthropic');
    await box.press('Enter');
    await page.getByRole('tab', { name: 'All Results 1' }).waitFor();
    await page.getByRole('tab', { name: /Tools/ }).click();
    await page.waitForURL(/\?q=anthropic&tab=tools$/);
    await page.getByRole('heading', { name: 'No tool results' }).waitFor();
    for (const [tab, text] of [
      ['Resources', 'No resource results'],
      ['Events', 'No event results'],
      ['Jobs', 'No job results'],
    ]) {
      await page.getByRole('tab', { name: new RegExp(tab!) }).click();
      await page.getByRole('heading', { name: text }).waitFor();
    }
    await page.goto(`${env.sys.url}/search?q=zzqxv&tab=news`);
    await page.getByRole('heading', { name: 'No news results' }).waitFor();
    // The title follows once all five kinds have answered.
    await page.waitForFunction(() => document.title === 'No results for “zzqxv” | NeuralBeat');

    await box.fill('   ');
    await page.getByRole('heading', { name: 'Start your search' }).waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('is reached from the home hero search and from the directory', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/`);
    await page.getByPlaceholder('Search for AI tools, news, or tutorials...').fill('galaxy guide');
    await page.getByPlaceholder('Search for AI tools, news, or tutorials...').press('Enter');
    await page.waitForURL(/\/search\?q=galaxy%20guide$/);
    await page.getByRole('tab', { name: 'All Results 3' }).waitFor();
    expect(await page.title()).toBe('Search results for “galaxy guide” | NeuralBeat');

    await page.goto(`${env.sys.url}/directory`);
    await page.getByLabel('Search tools').fill('galaxy');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: 'Search all of NeuralBeat for “galaxy”' }).click();
    await page.waitForURL(/\/search\?q=galaxy$/);
    await page.getByRole('tab', { name: 'All Results 19' }).waitFor();
    await page.context().close();
  });

  it('is reached from the header search in the mobile menu', async () => {
    const page = await openPage(env.browser, { mobile: true });
    await page.goto(`${env.sys.url}/news`);
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByPlaceholder('Search news, tools, guides...').last().fill('galaxy');
    await page.getByPlaceholder('Search news, tools, guides...').last().press('Enter');
    await page.waitForURL(/\/search\?q=galaxy$/);
    await page.getByRole('heading', { level: 1, name: 'Search results for “galaxy”' }).waitFor();
    await page.context().close();
  });
});
