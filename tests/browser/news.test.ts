/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, openPage } from '../support/browser';
import { insertNewsItem, insertTool } from '../support/factories';

const env = browserSuite();

describe('news screens with an empty database', () => {
  it('shows the empty state on /news and the home page still renders', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/news`);
    await page.getByRole('heading', { name: 'No articles found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Clear all filters' }).getAttribute('href')).toBe('/news');
    await page.goto(env.sys.url);
    await page.getByRole('heading', { name: 'Discover the Future of AI' }).waitFor();
    await page.getByText('No news yet').waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('news screens with data', () => {
  beforeAll(async () => {
    const db = env.sys.database.db;
    for (let i = 0; i < 20; i++) {
      await insertNewsItem(db, {
        title: `Frontier model update ${i}`,
        slug: `frontier-model-update-${i}`,
        excerpt: `Excerpt ${i} `.repeat(20),
        publish_date: new Date(Date.UTC(2026, 9, 1 + i)),
        tags: i % 4 === 0 ? ['robotics', 'llm', 'agents', 'vision'] : ['llm'],
        category: i % 2 ? 'Policy' : 'Research',
        source_name: 'Wire Example',
        source_url: `https://wire.example/${i}`,
        ai_provider: 'openai',
      });
    }
    await insertTool(db, { name: 'Home Featured Tool', slug: 'home-featured-tool' });
  });

  it('home shows the latest 9 news cards, featured tools and category tiles', async () => {
    const page = await openPage(env.browser);
    await page.goto(env.sys.url);
    await page.getByRole('link', { name: 'Frontier model update 19' }).waitFor();
    expect(await page.getByTestId('news-skeleton').count()).toBe(0);
    expect(await page.locator('section[aria-labelledby="latest-news"] article').count()).toBe(9);
    await page.getByRole('link', { name: 'Home Featured Tool' }).waitFor();
    expect(await page.getByRole('link', { name: /Generative AI/ }).getAttribute('href')).toBe('/directory?category=Generative%20AI');
    expect(await page.getByRole('link', { name: 'View all →' }).getAttribute('href')).toBe('/news');
    const hero = page.getByPlaceholder('Search for AI tools, news, or tutorials...');
    await hero.fill('  ');
    await hero.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/');
    await hero.fill('robot arms');
    await hero.press('Enter');
    await page.waitForURL(/\/search\?q=robot%20arms$/);
    await page.context().close();
  });

  it('news list counts, loads more on scroll, and filters by tag with a clearable badge', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/news`);
    await page.getByText('Showing 9 of 20 articles').waitFor();
    await page.getByText('20 articles in the database').waitFor();
    await page.getByText('Wire Example').first().waitFor();
    await page.getByText('Rewritten by OpenAI').first().waitFor();
    await page.mouse.wheel(0, 20000);
    await page.getByText('Showing 18 of 20 articles').waitFor();
    await page.mouse.wheel(0, 20000);
    await page.getByText('Showing 20 of 20 articles').waitFor();

    await page.getByRole('button', { name: /^Robotics/ }).click();
    await page.waitForURL(/\/news\/tag\/robotics$/);
    await page.getByText('Filtered by tag').waitFor();
    await page.getByText('Showing 5 of 5 articles').waitFor();
    // A card with 4 tags shows 3 and "+1 more".
    await page.getByText('+1 more').first().waitFor();
    await page.getByRole('button', { name: 'Clear tag filter' }).click();
    await page.waitForURL(/\/news$/);
    await page.context().close();
  });

  it('article page shows content, source credit and related news; a near slug redirects; a missing one says not found', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/news/frontier-model-update-8`);
    await page.getByRole('heading', { level: 1, name: 'Frontier model update 8' }).waitFor();
    await page.getByRole('heading', { name: 'Related News' }).waitFor();
    const related = await page.locator('[aria-labelledby="related-heading"] li').count();
    expect(related).toBe(3);
    const relatedText = await page.locator('[aria-labelledby="related-heading"] li p').first().textContent();
    expect(relatedText!.length).toBeLessThanOrEqual(141);
    expect(await page.getByRole('link', { name: 'Wire Example' }).getAttribute('href')).toBe('https://wire.example/8');
    expect(await page.locator('nav[aria-label="Breadcrumb"]').textContent()).toContain('Research');

    await page.goto(`${env.sys.url}/news/update-frontier-model-15-extra`);
    await page.waitForURL(/\/news\/frontier-model-update-\d+$/);

    await page.goto(`${env.sys.url}/news/zz-qq-xx`);
    await page.getByRole('heading', { name: 'Article not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to News' }).getAttribute('href')).toBe('/news');
    await page.context().close();
  });

  it('category path redirects to the tag page', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/news/category/Policy`);
    await page.waitForURL(/\/news\/tag\/policy$/);
    await page.getByText('Showing 9 of 10 articles').waitFor();
    await page.context().close();
  });

  it('a tag no news carries: 404, the empty state with "Clear all filters", and noindex once the app has run; a category path leads there too', async () => {
    const page = await openPage(env.browser);
    const answer = await page.goto(`${env.sys.url}/news/tag/No-Such-Tag`);
    expect(answer?.status()).toBe(404);
    await page.getByRole('heading', { name: 'No articles found' }).waitFor();
    expect(await page.getByText('Filtered by tag').count()).toBe(1);
    const robots = page.locator('head meta[name="robots"]');
    await page.waitForFunction(() => [...document.head.querySelectorAll('meta[name="robots"]')].every((m) => !m.hasAttribute('data-ssr')));
    expect(await robots.evaluateAll((tags) => tags.map((t) => t.getAttribute('content')))).toEqual(['noindex, nofollow']);
    await page.getByRole('link', { name: 'Clear all filters' }).click();
    await page.waitForURL(/\/news$/);
    await page.getByText('Showing 9 of 20 articles').waitFor();
    expect(await robots.evaluateAll((tags) => tags.map((t) => t.getAttribute('content')))).toEqual(['index, follow']);

    await page.goto(`${env.sys.url}/news/category/Nothing-Filed`);
    await page.waitForURL(/\/news\/tag\/nothing-filed$/);
    await page.getByRole('heading', { name: 'No articles found' }).waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('home newsletter: invalid address toasts and sends nothing; a valid one is stored', async () => {
    const page = await openPage(env.browser);
    await page.goto(env.sys.url);
    const box = page.locator('#newsletter-email-home');
    await box.fill('not-an-email');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Please enter a valid email address.').waitFor();
    expect(await env.sys.database.db('newsletters').count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '0' }]);
    await box.fill('fan@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText("You've been subscribed to our newsletter.").waitFor();
    expect(await page.getByRole('status').count()).toBe(1);
    expect(await env.sys.database.db('newsletters').where({ email: 'fan@example.com' })).toHaveLength(1);
    await page.context().close();
  });
});
