import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startSystem, type RunningSystem } from './system';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

/** Debian's Chromium driven by playwright-core (browser downloads are not possible here). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FLAGS, headless: true });
}

/** A page on a desktop or phone-sized viewport that records uncaught page errors. */
export async function openPage(browser: Browser, opts: { mobile?: boolean } = {}): Promise<Page & { errors: Error[] }> {
  const context = await browser.newContext({
    viewport: opts.mobile ? { width: 360, height: 740 } : { width: 1280, height: 900 },
    isMobile: opts.mobile,
  });
  const page = (await context.newPage()) as Page & { errors: Error[] };
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(err));
  return page;
}

/** One system and one browser for a test file, started before its tests and stopped after. */
export function browserSuite(overrides: Record<string, string> = {}): { sys: RunningSystem; browser: Browser } {
  const env = {} as { sys: RunningSystem; browser: Browser };
  beforeAll(async () => {
    [env.sys, env.browser] = await Promise.all([startSystem(overrides), launchBrowser()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.sys?.stop();
  });
  return env;
}

/**
 * Makes pages load the way a client-side navigation does: the gateway's
 * embedded first-screen answers are stripped from every document, so the page
 * asks the API itself (for tests that fake an API answer with `page.route`).
 */
export async function withoutFirstScreen(page: Page): Promise<void> {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const res = await route.fetch();
      const html = (await res.text()).replace(/<script type="application\/json" id="first-screen">[^<]*<\/script>/, '');
      await route.fulfill({ response: res, body: html });
    },
  );
}
