/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { browserSuite, openPage } from '../support/browser';

const env = browserSuite();

describe('the API docs page', () => {
  it('renders every area and its operations from /api/openapi.json, under the site CSP, with nothing from elsewhere', async () => {
    const page = await openPage(env.browser);
    const refused: string[] = [];
    const elsewhere: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) refused.push(msg.text());
    });
    page.on('request', (req) => {
      if (!req.url().startsWith(env.sys.url) && !req.url().startsWith('data:')) elsewhere.push(req.url());
    });
    await page.goto(`${env.sys.url}/api/docs`);
    await page.getByRole('heading', { name: /NeuralBeat API/ }).waitFor();
    for (const tag of ['News', 'Search', 'Operator sign-in', 'Operator: pipeline'])
      await page
        .locator('h3.opblock-tag')
        .filter({ hasText: new RegExp(`^${tag}`) })
        .first()
        .waitFor();
    // Operations show their method, path and summary.
    await page.getByText('A page of the news feed').first().waitFor();
    await page.getByText('/api/admin/newsletter/issues/{id}/send-now').first().waitFor();
    // Opening one shows its parameters and the documented error envelope.
    await page.locator('#operations-News-listNews').getByRole('button').first().click();
    await page.getByText('limit', { exact: true }).first().waitFor();
    await page.locator('#operations-News-listNews .responses-table').getByText('400', { exact: true }).first().waitFor();
    expect(page.errors).toEqual([]);
    expect(refused).toEqual([]);
    expect(elsewhere).toEqual([]);
    await page.context().close();
  });
});
