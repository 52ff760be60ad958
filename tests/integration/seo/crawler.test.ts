import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSystem, type RunningSystem } from '../../support/system';
import { insertEvent, insertJob, insertNewsItem, insertResource, insertTool } from '../../support/factories';

let sys: RunningSystem;
let dist: string;
const SHELL = fs.readFileSync('web/index.html', 'utf8');

beforeAll(async () => {
  // The gateway fills the markers of web/index.html; a copy stands in for the built app.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-seo-'));
  fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
  sys = await startSystem({ WEB_DIST: dist, SITE_URL: 'https://neuralbeat.example' });
  const db = sys.database.db;
  await insertNewsItem(db, {
    title: 'Model "Zeta" ships</script><script>alert(1)</script>',
    slug: 'model-zeta-ships',
    excerpt: 'Zeta is out & fast.',
    tags: ['llm', 'open-source'],
    publish_date: new Date('2026-11-20T10:00:00Z'),
  });
  await insertNewsItem(db, {
    title: 'Older robotics story',
    slug: 'older-robotics-story',
    tags: ['robotics'],
    publish_date: new Date('2026-11-10T10:00:00Z'),
  });
  await insertTool(db, { name: 'Canvas Genie', slug: 'canvas-genie', short_description: 'Paint with prompts' });
  await insertTool(db, { name: 'Hidden Tool', slug: 'hidden-tool', approved: false });
  await insertResource(db, { title: 'Intro to ML', slug: 'intro-ml' });
  await insertEvent(db, { name: 'Vision Summit', slug: 'vision-summit' });
  await insertJob(db, { title: 'ML Engineer', company: 'Acme' });
});
afterAll(async () => {
  await sys.stop();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function page(p: string) {
  const res = await fetch(`${sys.url}${p}`);
  const html = await res.text();
  const attr = (selector: RegExp) => html.match(selector)?.[1];
  const jsonLd = [...html.matchAll(/<script data-ssr type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
  return {
    status: res.status,
    html,
    title: attr(/<title data-ssr>([^<]*)<\/title>/),
    description: attr(/<meta data-ssr name="description" content="([^"]*)"/),
    canonical: attr(/<link data-ssr rel="canonical" href="([^"]*)"/),
    robots: attr(/<meta data-ssr name="robots" content="([^"]*)"/),
    ogTitle: attr(/<meta data-ssr property="og:title" content="([^"]*)"/),
    ogType: attr(/<meta data-ssr property="og:type" content="([^"]*)"/),
    ogImage: attr(/<meta data-ssr property="og:image" content="([^"]*)"/),
    twitterCard: attr(/<meta data-ssr name="twitter:card" content="([^"]*)"/),
    jsonLdTypes: jsonLd.map((j) => j['@type']),
  };
}

describe('HTML for crawlers', () => {
  it('home: site title, WebSite with search action, default image, RSS link and the runtime site config', async () => {
    const p = await page('/');
    expect(p.status).toBe(200);
    expect(p.title).toBe('NeuralBeat | AI News and Directory');
    expect(p.canonical).toBe('https://neuralbeat.example/');
    expect(p.ogImage).toBe('https://neuralbeat.example/images/og-image.png');
    expect(p.twitterCard).toBe('summary_large_image');
    expect(p.jsonLdTypes).toEqual(['WebSite', 'Organization']);
    expect(p.html).toContain('"urlTemplate":"https://neuralbeat.example/search?q={search_term_string}"');
    expect(p.html).toContain('type="application/rss+xml"');
    expect(p.html).toMatch(
      /<script type="application\/json" id="site-config">\{"siteUrl":"https:\/\/neuralbeat.example","contactEmail":"hello@neuralbeat.example"/,
    );
    expect(p.html.match(/<title/g)).toHaveLength(1);
  });

  it('news article: its own title, escaped, NewsArticle JSON-LD, type article, lowercased canonical', async () => {
    const p = await page('/news/Model-Zeta-Ships');
    expect(p.status).toBe(200);
    expect(p.title).toBe('Model &quot;Zeta&quot; ships&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; | NeuralBeat');
    expect(p.html).not.toContain('</script><script>alert(1)');
    expect(p.description).toBe('Zeta is out &amp; fast.');
    expect(p.ogType).toBe('article');
    expect(p.canonical).toBe('https://neuralbeat.example/news/model-zeta-ships');
    expect(p.jsonLdTypes).toEqual(['NewsArticle']);
  });

  it('tool, guide, event and job pages carry their structured data', async () => {
    const tool = await page('/directory/canvas-genie');
    expect(tool.title).toBe('Canvas Genie — Development | NeuralBeat');
    expect(tool.description).toBe('Paint with prompts');
    expect(tool.jsonLdTypes).toEqual(['SoftwareApplication']);
    expect((await page('/learn/intro-ml')).jsonLdTypes).toEqual(['LearningResource']);
    expect((await page('/events/vision-summit')).jsonLdTypes).toEqual(['Event']);
    const job = (await sys.database.db('jobs').first('id')).id;
    expect((await page(`/jobs/${job}`)).jsonLdTypes).toEqual(['JobPosting']);
  });

  it('fixed pages take their titles from the shared table; AI stats and admin are noindex', async () => {
    expect((await page('/directory')).title).toBe('AI Tools Directory | NeuralBeat');
    expect((await page('/news/tag/llm')).title).toBe('LLM News | NeuralBeat');
    expect((await page('/ai-stats')).robots).toBe('noindex, nofollow');
    expect((await page('/admin')).robots).toBe('noindex, nofollow');
    expect((await page('/about')).robots).toBe('index, follow');
  });

  it('a tag no news carries answers 404 with noindex and no feed link; known tags, in any case or escaping, stay indexable', async () => {
    for (const p of ['/news/tag/llm', '/news/tag/LLM', '/news/tag/Open-Source', '/news/tag/open%2Dsource']) {
      const r = await page(p);
      expect(r.status, p).toBe(200);
      expect(r.robots, p).toBe('index, follow');
      expect(r.html, p).toContain('type="application/rss+xml"');
    }
    expect((await page('/news/tag/Open-Source')).canonical).toBe('https://neuralbeat.example/news/tag/open-source');
    for (const p of ['/news/tag/no-such-tag', '/news/tag/No%20Such%20Tag', '/news/tag/%20', `/news/tag/${'x'.repeat(120)}`]) {
      const r = await page(p);
      expect(r.status, p).toBe(404);
      expect(r.robots, p).toBe('noindex, nofollow');
      expect(r.html, p).not.toContain('type="application/rss+xml"');
    }
    // A category path redirects to its tag page in the browser; the redirect itself is never indexed.
    const redirect = await page('/news/category/No-Such-Category');
    expect(redirect.robots).toBe('noindex, nofollow');
    expect(redirect.html).toContain('/news/tag/no-such-category');
  });

  it('unknown paths and missing records answer 404 with the noindex shell', async () => {
    for (const p of ['/no/such/page', '/news/no-such-story', '/directory/hidden-tool', '/learn/missing', '/jobs/999999']) {
      const r = await page(p);
      expect(r.status, p).toBe(404);
      expect(r.title).toBe('Page Not Found | NeuralBeat');
      expect(r.robots).toBe('noindex, nofollow');
    }
  });
});

describe('sitemap, robots and feeds', () => {
  it('lists every public URL from the database, and only approved tools', async () => {
    const res = await fetch(`${sys.url}/sitemap.xml`);
    expect(res.headers.get('content-type')).toMatch(/application\/xml/);
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://neuralbeat.example/',
        'https://neuralbeat.example/news',
        'https://neuralbeat.example/news/model-zeta-ships',
        'https://neuralbeat.example/news/tag/robotics',
        'https://neuralbeat.example/directory/canvas-genie',
        'https://neuralbeat.example/learn/intro-ml',
        'https://neuralbeat.example/events/vision-summit',
      ]),
    );
    expect(locs.some((l) => l!.includes('hidden-tool'))).toBe(false);
    expect(locs.some((l) => l!.includes('/ai-stats'))).toBe(false);
    expect(xml).toContain('<lastmod>2026-11-20</lastmod>');
  });

  it('robots points at the sitemap and keeps crawlers out of admin and the API', async () => {
    const text = await (await fetch(`${sys.url}/robots.txt`)).text();
    expect(text).toContain('Sitemap: https://neuralbeat.example/sitemap.xml');
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain('Disallow: /api/');
  });

  it('publishes the latest news as RSS, overall and per tag', async () => {
    const res = await fetch(`${sys.url}/rss.xml`);
    expect(res.headers.get('content-type')).toMatch(/application\/rss\+xml/);
    const rss = await res.text();
    const titles = [...rss.matchAll(/<item>\s*<title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(titles).toEqual(['Model &quot;Zeta&quot; ships&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;', 'Older robotics story']);
    expect(rss).toContain('<atom:link href="https://neuralbeat.example/rss.xml" rel="self"');
    expect(rss).toContain('<pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate>');
    const tagged = await (await fetch(`${sys.url}/news/tag/robotics/rss.xml`)).text();
    expect([...tagged.matchAll(/<item>/g)]).toHaveLength(1);
    expect((await fetch(`${sys.url}/news/tag/ROBOTICS/rss.xml`)).status).toBe(200);
    // A tag no news carries has no feed.
    const missing = await fetch(`${sys.url}/news/tag/nothing-here/rss.xml`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<channel>');
  });

  it('ships a real 1200×630 Open Graph image', () => {
    const png = fs.readFileSync('web/public/images/og-image.png');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});
