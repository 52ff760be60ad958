/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, openPage } from '../support/browser';
import { insertTool } from '../support/factories';

const env = browserSuite();
beforeAll(async () => {
  const db = env.sys.database.db;
  await insertTool(db, {
    name: 'Canvas Genie',
    slug: 'canvas-genie',
    category: 'Image Generation',
    tags: ['art', 'images'],
    pricing: 'Paid',
    features: ['Upscaling', 'Style presets'],
  });
  await insertTool(db, { name: 'Pixel Forge', slug: 'pixel-forge', category: 'Image Generation', tags: ['art'], pricing: 'Free' });
  await insertTool(db, { name: 'Code Whisper', slug: 'code-whisper', category: 'Development', tags: ['coding'], pricing: 'Freemium' });
});

describe('directory', () => {
  it('filters by category, pricing and text in the URL without reloading, and shows the empty state', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/directory`);
    await page.getByRole('link', { name: 'Canvas Genie' }).waitFor();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

    await page.getByRole('button', { name: 'Image Generation' }).click();
    await page.waitForURL(/category=Image\+Generation/);
    await page.getByRole('link', { name: 'Pixel Forge' }).waitFor();
    // The filtered list replaces the full one a moment after the URL changes.
    await page.getByRole('link', { name: 'Code Whisper' }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Free', exact: true }).click();
    await page.waitForURL(/pricing=free/);
    await page.waitForFunction(() => !document.body.textContent?.includes('Canvas Genie'));

    await page.getByRole('button', { name: 'All Pricing' }).click();
    await page.getByLabel('Search tools').fill('canvas');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/q=canvas/);
    await page.waitForFunction(() => !document.body.textContent?.includes('Pixel Forge'));
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42);

    await page.getByLabel('Search tools').fill('nothing matches this');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { name: 'No tools found' }).waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.waitForURL(/\/directory$/);
    await page.getByRole('link', { name: 'Code Whisper' }).waitFor();

    // A category and a pricing clicked before the page renders the first: both stay.
    await page.evaluate(() => {
      const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;
      button('Image Generation').click();
      button('Free').click();
    });
    await page.waitForURL((url) => url.searchParams.get('category') === 'Image Generation' && url.searchParams.get('pricing') === 'free');
    await page.context().close();
  });

  it('tool page shows details and real similar tools; a missing tool says not found', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/directory/canvas-genie`);
    await page.getByRole('heading', { level: 1, name: 'Canvas Genie' }).waitFor();
    expect(await page.getByRole('link', { name: /Visit Website/ }).getAttribute('target')).toBe('_blank');
    await page.getByRole('heading', { name: 'Key Features' }).waitFor();
    await page.getByText('Upscaling').waitFor();
    await page.getByRole('heading', { name: 'Similar Tools' }).waitFor();
    expect(await page.locator('[aria-labelledby="similar-heading"]').getByRole('link', { name: 'Pixel Forge' }).count()).toBe(1);
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.some((t) => JSON.parse(t)['@type'] === 'SoftwareApplication')).toBe(true);

    await page.goto(`${env.sys.url}/directory/no-such-tool`);
    await page.getByRole('heading', { name: 'Tool not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Directory' }).getAttribute('href')).toBe('/directory');
    await page.context().close();
  });
});

describe('submit tool', () => {
  it('shows each validation message, then stores a valid submission with a derived slug', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/submit-tool`);
    await page.getByLabel('Tool name *').fill('ab');
    await page.getByLabel('Short description *').fill('short');
    await page.getByLabel('Description *', { exact: true }).fill('too short');
    await page.getByLabel('Website URL *').fill('nope');
    await page.getByRole('button', { name: 'Submit Tool' }).click();
    for (const msg of [
      'Tool name must be at least 3 characters',
      'Short description must be at least 10 characters',
      'Description must be at least 20 characters',
      'Please enter a valid URL',
      'Please select a category',
    ]) {
      await page.getByText(msg).waitFor();
    }
    expect(await page.getByLabel('Tool name *').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Short description *').fill('x'.repeat(100));
    await page.getByRole('button', { name: 'Submit Tool' }).click();
    await page.getByText('Short description must be less than 100 characters').waitFor();

    await page.getByLabel('Tool name *').fill('Meeting Scribe 2.0');
    await page.getByLabel('Short description *').fill('Notes for every meeting');
    await page.getByLabel('Description *', { exact: true }).fill('Records, transcribes and summarises your meetings.');
    await page.getByLabel('Website URL *').fill('https://scribe.example');
    await page.getByLabel('Category *').selectOption('NLP Tools');
    await page.getByLabel('Tags (optional)').fill(' meetings, notes ,, ');
    await page.getByLabel('Key features (optional)').fill('Live transcripts, Action items');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/tools/submit') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Submit Tool' }).click();
    // Tags and features travel as lists, split on commas and trimmed.
    expect((await sent).postDataJSON()).toMatchObject({
      slug: 'meeting-scribe-2-0',
      tags: ['meetings', 'notes'],
      features: ['Live transcripts', 'Action items'],
      submittedById: 1,
    });
    await page.getByRole('heading', { name: 'Thank you for your submission!' }).waitFor();
    await page.getByText('2-3 business days').waitFor();
    // The answer echoes the lists; the thank-you screen reads them and no error is shown.
    const summary = page.getByRole('definition');
    expect(await summary.allTextContents()).toEqual(['NLP Tools', 'meetings, notes', 'Live transcripts, Action items']);
    expect(await page.getByText('Error', { exact: true }).count()).toBe(0);
    const row = await env.sys.database.db('tools').where({ slug: 'meeting-scribe-2-0' }).first();
    expect(row).toMatchObject({
      approved: false,
      submitted_by_id: 1,
      tags: ['meetings', 'notes'],
      features: ['Live transcripts', 'Action items'],
    });

    await page.getByRole('button', { name: 'Submit Another Tool' }).click();
    expect(await page.getByLabel('Tool name *').inputValue()).toBe('');
    await page.context().close();
  });

  it('shows a taken slug on the slug field', async () => {
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/submit-tool`);
    await page.getByLabel('Tool name *').fill('Pixel Forge');
    await page.getByLabel('Short description *').fill('Another pixel tool');
    await page.getByLabel('Description *', { exact: true }).fill('A description long enough to pass validation.');
    await page.getByLabel('Website URL *').fill('https://pixel.example');
    await page.getByLabel('Category *').selectOption('Image Generation');
    await page.getByRole('button', { name: 'Submit Tool' }).click();
    await page.getByText('A tool with the slug "pixel-forge" already exists').waitFor();
    expect(await page.getByLabel('Slug (optional)').getAttribute('aria-invalid')).toBe('true');
    await page.context().close();
  });
});
