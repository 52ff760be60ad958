/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { browserSuite, openPage, withoutFirstScreen } from '../support/browser';
import { insertNewsItem } from '../support/factories';

const env = browserSuite();

describe('static pages', () => {
  it('about has its sections, and its newsletter form subscribes and clears', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/about`);
    for (const heading of ['Our Mission', 'What We Offer', 'Our Values', 'Meet Our Team', 'Get In Touch']) {
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    for (const card of [
      'Curated AI News',
      'Comprehensive Directory',
      'Educational Resources',
      'Industry Events',
      'Career Opportunities',
      'Weekly Newsletter',
    ]) {
      await page.getByRole('heading', { name: card }).waitFor();
    }
    expect(await page.getByRole('link', { name: 'Explore AI Tools' }).getAttribute('href')).toBe('/directory');
    expect(await page.getByRole('link', { name: 'Read Latest News' }).getAttribute('href')).toBe('/news');
    await page.getByText('25,000+').waitFor();
    const box = page.locator('#newsletter-email-about');
    await box.fill('about@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Thank you for subscribing to our newsletter.').waitFor();
    expect(await box.inputValue()).toBe('');
    expect(await env.sys.database.db('newsletters').where({ email: 'about@example.com' })).toHaveLength(1);
    await page.context().close();
  });

  it('contact requires every field', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/contact`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await page.getByRole('button', { name: 'Sending...' }).count()).toBe(0);
    expect(await page.getByLabel('Name').evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
    await page.context().close();
  });

  it('privacy policy has the cookie and data-rights anchors; terms has ten sections', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/privacy-policy#cookies`);
    await page.locator('#cookies').waitFor();
    expect(await page.locator('#data-rights').count()).toBe(1);
    await page.getByText('Last updated: April 16, 2025').waitFor();
    await page.getByText(/under 13/).waitFor();
    await page.goto(`${env.sys.url}/terms-of-service`);
    await page.getByRole('heading', { name: '10. Governing Law' }).waitFor();
    expect(
      await page
        .locator('h2')
        .filter({ hasText: /^\d+\. / })
        .count(),
    ).toBe(10);
    await page.getByText(/State of California/).waitFor();
    await page.context().close();
  });
});

describe('AI statistics page', () => {
  it('shows totals, providers, the SEO bar state and status counts', async () => {
    const db = env.sys.database.db;
    await insertNewsItem(db, { ai_provider: 'openai', seo_status: 'completed' });
    await insertNewsItem(db, { ai_provider: 'gemini', seo_status: 'pending' });
    await insertNewsItem(db, { ai_provider: null, seo_status: 'failed' });
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/ai-stats`);
    await page.getByTestId('total-articles').waitFor();
    expect(await page.getByTestId('total-articles').textContent()).toBe('3');
    expect(await page.getByTestId('provider-count').textContent()).toBe('3');
    expect(await page.getByTestId('ai-generated').textContent()).toBe('2');
    await page.getByText('Legacy (Unknown)', { exact: true }).waitFor();
    expect(await page.getByRole('progressbar').getAttribute('data-state')).toBe('amber');
    expect(await page.getByTestId('seo-completed').textContent()).toBe('1');
    expect(await page.getByTestId('seo-failed').textContent()).toBe('1');
    expect(await page.locator('meta[name="robots"]').last().getAttribute('content')).toContain('noindex');
    await page.context().close();
  });

  it('says it cannot load when the API fails', async () => {
    const page = await openPage(env.browser);
    await page.route('**/api/ai-stats', (route) => route.fulfill({ status: 503, body: 'down' }));
    // Without the gateway's embedded answers the page asks the API itself, as after a link.
    await withoutFirstScreen(page);
    await page.goto(`${env.sys.url}/ai-stats`);
    await page.getByText('Unable to load AI provider statistics at this time.').waitFor();
    await page.context().close();
  });
});
