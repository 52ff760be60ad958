/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SEO_SCORE_THRESHOLD } from '@neuralbeat/common/contracts';
import { browserSuite, openPage } from '../support/browser';
import { insertAccounts, signedInPage } from '../support/admin';
import { insertArticle, insertNewsItem } from '../support/factories';

const env = browserSuite();
const db = () => env.sys.database.db;
let dupA: { id: number; title: string };

beforeAll(async () => {
  await insertAccounts(db());
  const original = await insertArticle(db(), { processing_status: 'completed', published: true, pipeline_stage: 'published' });
  const duplicate = (title: string, publishDate: Date) =>
    insertArticle(db(), {
      title,
      publish_date: publishDate,
      processing_status: 'duplicate',
      is_duplicate: true,
      duplicate_of: original.id,
      pipeline_stage: 'deduped',
    });
  dupA = await duplicate('Chip makers race to build AI accelerators (copy)', new Date(Date.now() - 2 * 86_400_000));
  await duplicate('Robot lab plans chores with a language model (copy)', new Date());
  for (let i = 0; i < 11; i++) await insertArticle(db(), { title: `Thin item ${i}`, seo_score: 20 + i, pipeline_stage: 'deduped' });
  const mismatched = await insertNewsItem(db(), { title: 'Published but marked processing' });
  await db()('articles').where({ id: mismatched.article_id }).update({ processing_status: 'processing' });
});

async function operatorPage(path: string): Promise<Page & { errors: Error[] }> {
  const page = await signedInPage(await openPage(env.browser), env.sys.url);
  await page.goto(`${env.sys.url}${path}`);
  return page;
}
const toast = (page: Page) => page.locator('[role="status"][data-variant]');

describe('dashboard', () => {
  it('shows the pipeline status, charts, queues and links to every tool', async () => {
    const page = await operatorPage('/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByTestId('pending-duplicate').getByText('2').waitFor();
    expect(await page.getByTestId('pending-seo').textContent()).toBe('11');
    expect(await page.getByTestId('pending-seo').locator('xpath=..').textContent()).toBe(`Held: SEO below ${SEO_SCORE_THRESHOLD}11`);
    const bars = page.locator('[aria-label="Articles by status"] li');
    expect(await bars.filter({ hasText: 'Duplicate' }).locator('.value').textContent()).toBe('2');
    await page.locator('svg[aria-label^="Duplicates per day: 2 in total over 30 days"]').waitFor();
    for (const [name, href] of [
      ['Duplicate Articles', '/admin/duplicates'],
      ['Tag Management', '/admin/tags'],
      ['Fix Article Status', '/admin/fix-status'],
      ['Pipeline Diagnostics', '/admin/pipeline-diagnostics'],
      ['Fix Low SEO Articles', '/admin/fix-low-seo'],
      ['Site Content', '/admin/content/events'],
    ]) {
      expect(
        await page
          .getByLabel('Admin tools')
          .getByRole('link', { name: new RegExp(`^${name}`) })
          .getAttribute('href'),
      ).toBe(href);
    }
    expect(
      await page
        .getByLabel('Admin tools')
        .getByRole('link', { name: /^Fix Low SEO Articles/ })
        .textContent(),
    ).toContain(`SEO score below ${SEO_SCORE_THRESHOLD} that are still pending`);
    for (const soon of ['Content Processing', 'System Settings']) await page.getByRole('heading', { name: soon }).waitFor();
    await page.locator('tr[data-queue="pipeline-dedupe"]').waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('says when the statistics cannot be loaded', async () => {
    const page = await signedInPage(await openPage(env.browser), env.sys.url);
    // The pipeline service answers as the gateway does when it is down.
    await page.route('**/api/admin/article-stats', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"status":503,"code":"service_unavailable","message":"The pipeline service is unavailable"}}',
      }),
    );
    await page.goto(`${env.sys.url}/admin`);
    await page.getByText('Failed to load article processing statistics.').waitFor();
    await page.context().close();
  });
});

describe('duplicate management', () => {
  it('previews a reset by ids (no date sent), then resets live and reloads the stats', async () => {
    const page = await operatorPage('/admin/duplicates');
    await page.getByRole('heading', { name: 'Duplicate Article Management' }).waitFor();
    await page.getByTestId('total-duplicates').getByText('2').waitFor();
    const bodies: unknown[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/admin/reset-duplicates')) bodies.push(req.postDataJSON());
    });

    const dateInput = page.getByLabel('Published on or after');
    expect(await dateInput.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await page.getByRole('switch', { name: 'Dry run' }).isChecked()).toBe(true);
    await page.getByText('Dry Run mode').waitFor();

    const idInput = page.getByLabel('Specific article IDs');
    for (const bad of ['0', 'abc', '-4', '2.5']) {
      await idInput.fill(bad);
      await idInput.press('Enter');
    }
    expect(await page.getByRole('list', { name: 'Article IDs to reset' }).count()).toBe(0);
    await idInput.fill(String(dupA.id));
    await idInput.press('Enter');
    expect(await idInput.inputValue()).toBe('');
    await idInput.fill(String(dupA.id));
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await page.getByRole('list', { name: 'Article IDs to reset' }).locator('li').count()).toBe(1);
    expect(await dateInput.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Preview Reset (Dry Run)' }).click();
    await page.getByTestId('reset-summary').getByText('Found 1 articles that would be reset (no changes made)').waitFor();
    await toast(page).getByText('Dry run completed').waitFor();
    const row = page.getByRole('row', { name: new RegExp(dupA.title.replace(/[()]/g, '.')) });
    expect(await row.locator('[data-status]').getAttribute('data-tone')).toBe('amber');
    expect(await row.locator('[data-status]').textContent()).toBe('duplicate');
    expect(bodies).toEqual([{ dryRun: true, specificIds: [dupA.id] }]);
    expect((await db()('articles').where({ id: dupA.id }).first()).processing_status).toBe('duplicate');

    await page.getByRole('switch', { name: 'Dry run' }).click({ force: true });
    await page.getByText('Live mode').waitFor();
    await page.getByRole('button', { name: 'Reset Duplicates (LIVE UPDATE)' }).click();
    await page.getByTestId('reset-summary').getByText('Successfully reset 1 out of 1 articles').waitFor();
    await toast(page).getByText('Reset completed').waitFor();
    expect(await row.locator('[data-status]').getAttribute('data-tone')).toBe('green');
    expect(await row.locator('[data-status]').textContent()).toBe('pending');
    expect(bodies[1]).toEqual({ dryRun: false, specificIds: [dupA.id] });
    expect((await db()('articles').where({ id: dupA.id }).first()).is_duplicate).toBe(false);
    await page.getByTestId('total-duplicates').getByText('1').waitFor();

    // Removing the id re-enables the date, which is then sent as yyyy-MM-dd.
    await page.getByRole('button', { name: `Remove ID ${dupA.id}` }).click();
    expect(await dateInput.isDisabled()).toBe(false);
    await page.getByRole('switch', { name: 'Dry run' }).click({ force: true });
    await dateInput.fill('2020-01-01');
    await page.getByRole('button', { name: 'Preview Reset (Dry Run)' }).click();
    await page.getByTestId('reset-summary').getByText('Found 1 articles that would be reset (no changes made)').waitFor();
    expect(bodies[2]).toEqual({ dryRun: true, fromDate: '2020-01-01' });

    await dateInput.fill('');
    expect(await page.getByRole('button', { name: 'Preview Reset (Dry Run)' }).isDisabled()).toBe(true);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('says when nothing matches, and when statistics or the reset fail', async () => {
    const page = await operatorPage('/admin/duplicates');
    await page.getByLabel('Published on or after').fill('2099-01-01');
    await page.getByRole('button', { name: 'Preview Reset (Dry Run)' }).click();
    await toast(page).getByText('No articles found').waitFor();

    await page.route('**/api/admin/**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"status":503,"code":"service_unavailable","message":"down"}}',
      }),
    );
    await page.getByRole('button', { name: 'Preview Reset (Dry Run)' }).click();
    await toast(page).getByText('Failed to reset duplicate articles').waitFor();
    await page.getByRole('button', { name: 'Refresh Stats' }).click();
    await page.getByText('Could not load statistics').waitFor();
    await toast(page).getByText('Error fetching statistics').waitFor();
    await toast(page).getByText('Could not load duplicate article statistics').waitFor();
    await page.context().close();
  });
});

describe('fix status', () => {
  it('previews the mismatched articles, then fixes them', async () => {
    const page = await operatorPage('/admin/fix-status');
    await page.getByRole('button', { name: 'Preview Status Fixes (Dry Run)' }).click();
    await page.getByTestId('fix-summary').getByText('Found 1 articles that would be fixed').waitFor();
    const row = page.getByRole('row', { name: /Collected article|Published but marked processing/ }).first();
    expect(await row.locator('[data-status]').textContent()).toBe('processing');
    await page.getByRole('switch', { name: 'Dry run' }).click({ force: true });
    await page.getByRole('button', { name: 'Fix Article Statuses (LIVE UPDATE)' }).click();
    await page.getByTestId('fix-summary').getByText('Successfully fixed 1 out of 1 articles').waitFor();
    await toast(page).getByText('Fix completed').waitFor();
    expect(await row.locator('[data-status]').textContent()).toBe('completed');

    await page.getByRole('button', { name: 'Fix Article Statuses (LIVE UPDATE)' }).click();
    await page.getByText('No mismatched articles found').waitFor();
    await toast(page).getByText('No articles need fixing').waitFor();
    await page.context().close();
  });
});

describe('fix low SEO', () => {
  it('previews with "(Dry Run)", then skips the articles; shows the status line of a failure', async () => {
    const page = await operatorPage('/admin/fix-low-seo');
    await page.getByText('Run a dry run first').waitFor();
    // The thin items, plus any article the earlier reset sent back through the SEO gate.
    const lowSeo = Number(
      (await db()('articles').where({ processing_status: 'pending' }).where('seo_score', '<', 68).count({ n: '*' }).first())!.n,
    );
    expect(lowSeo).toBeGreaterThanOrEqual(11);
    await page.getByRole('button', { name: 'Preview Changes' }).click();
    await page.getByTestId('low-seo-total').getByText(String(lowSeo)).waitFor();
    expect(await page.getByTestId('low-seo-updated').textContent()).toBe('(Dry Run)');
    await page.getByRole('cell', { name: 'pending → skipped' }).first().waitFor();
    expect(await db()('articles').where({ processing_status: 'skipped' }).count({ n: '*' }).first()).toEqual({ n: '0' });

    await page.getByRole('switch', { name: 'Dry run' }).click({ force: true });
    await page.getByRole('button', { name: 'Fix Low SEO Articles' }).click();
    await page.getByTestId('low-seo-updated').getByText(String(lowSeo)).waitFor();
    expect(await db()('articles').where({ processing_status: 'skipped', processing_attempts: 3 }).count({ n: '*' }).first()).toEqual({
      n: String(lowSeo),
    });

    await page.route('**/api/admin/fix-low-seo-articles', (route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'pipeline restarting' }),
    );
    await page.getByRole('button', { name: 'Fix Low SEO Articles' }).click();
    await page.getByRole('alert').getByText('503: pipeline restarting').waitFor();
    await page.context().close();
  });
});

describe('pipeline diagnostics', () => {
  it('runs on opening, flags bottlenecks in red, re-queues stuck articles, auto-refreshes on demand, and shows a failure', async () => {
    await insertArticle(db(), {
      title: 'Stalled article',
      processing_status: 'processing',
      pipeline_stage: 'scored',
      seo_score: 80,
      updated_at: new Date(Date.now() - 3600_000 * 5),
    });
    const page = await operatorPage('/admin/pipeline-diagnostics');
    const summary = page.getByTestId('diagnostics-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toMatch(/^BOTTLENECK: /);
    expect(await summary.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(220, 38, 38)');
    const stuckSection = page.locator('section', { has: page.getByRole('heading', { name: 'Stuck Articles' }) });
    await stuckSection.getByRole('cell', { name: 'Stalled article' }).waitFor();
    await stuckSection.getByText('Bottleneck').waitFor();

    await page.getByRole('button', { name: 'Preview re-queue (Dry Run)' }).click();
    await page.getByRole('button', { name: 'Re-queue 1 stuck article (LIVE UPDATE)' }).click();
    await toast(page).getByText('Re-queue completed').waitFor();

    let calls = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/admin/diagnose-pipeline')) calls++;
    });
    await page.getByRole('button', { name: 'Auto-refresh: Off' }).click();
    await page.getByRole('button', { name: 'Auto-refresh: On' }).waitFor();
    await page.waitForTimeout(10_500);
    expect(calls).toBeGreaterThanOrEqual(1);
    await page.getByRole('button', { name: 'Auto-refresh: On' }).click();

    await page.route('**/api/admin/diagnose-pipeline', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":{"status":500,"code":"internal_error","message":"An unexpected error occurred"}}',
      }),
    );
    await page.getByRole('button', { name: 'Run Diagnostics' }).click();
    await page.getByText('Error Running Diagnostics').waitFor();
    await page.context().close();
  });

  it('links each recommendation to its tool', async () => {
    await insertArticle(db(), { title: 'Another thin item', seo_score: 10, pipeline_stage: 'deduped' });
    const page = await operatorPage('/admin/pipeline-diagnostics');
    const link = page.getByTestId('recommendations').getByRole('link', { name: '/admin/fix-low-seo' });
    await link.click();
    await page.waitForURL(`${env.sys.url}/admin/fix-low-seo`);
    await page.getByRole('heading', { name: 'Fix Low SEO Articles' }).waitFor();
    await page.context().close();
  });
});
