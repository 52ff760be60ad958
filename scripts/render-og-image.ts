/** Renders web/public/images/og-image.png (1200×630), the default social-sharing image. Run: npx tsx scripts/render-og-image.ts */
import path from 'node:path';
import { chromium } from 'playwright-core';

const HTML = `<!doctype html><html><head><style>
  body { margin: 0; width: 1200px; height: 630px; font-family: 'DejaVu Sans', sans-serif; color: #fff;
    background: radial-gradient(circle at 15% 10%, #6366f1 0%, transparent 45%), radial-gradient(circle at 90% 90%, #0ea5e9 0%, transparent 40%), linear-gradient(135deg, #1e1b4b, #4f46e5);
    display: flex; flex-direction: column; justify-content: center; padding: 0 96px; box-sizing: border-box; }
  .mark { width: 96px; height: 96px; border-radius: 24px; background: rgba(255,255,255,.15); display: grid; place-items: center; font-size: 56px; font-weight: 800; margin-bottom: 36px; }
  h1 { font-size: 84px; margin: 0; letter-spacing: -2px; }
  h2 { font-size: 44px; margin: 12px 0 28px; font-weight: 600; color: #e0e7ff; }
  p { font-size: 28px; margin: 0; color: #c7d2fe; max-width: 900px; line-height: 1.4; }
  .wave { position: absolute; right: 96px; top: 96px; display: flex; gap: 10px; align-items: end; }
  .wave span { width: 14px; border-radius: 7px; background: rgba(255,255,255,.55); }
</style></head><body>
  <div class="wave">${[40, 90, 60, 130, 80, 110, 50].map((h) => `<span style="height:${h}px"></span>`).join('')}</div>
  <div class="mark">N</div>
  <h1>NeuralBeat</h1>
  <h2>Discover the Future of AI</h2>
  <p>AI news, tools, guides, events and jobs — all in one place.</p>
</body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(HTML);
const out = path.resolve('web/public/images/og-image.png');
await page.screenshot({ path: out });
await browser.close();
console.log(`wrote ${out}`);
