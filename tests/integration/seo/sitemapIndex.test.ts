import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATIC_PAGES } from '@neuralbeat/common/contracts';
import { SITEMAP_URLS } from '../../../services/gateway/src/documents';
import { startSystem, type RunningSystem } from '../../support/system';
import { generateLargeContent } from '../../support/largeContent';

let sys: RunningSystem;

beforeAll(async () => {
  sys = await startSystem({ SITE_URL: 'https://neuralbeat.example' });
  // Just past one sitemap's worth: news alone fills the first file, tag pages and tools spill into the second.
  await generateLargeContent(sys.database.db, { newsItems: SITEMAP_URLS, tools: 20, resources: 0 });
}, 120_000);
afterAll(async () => {
  await sys.stop();
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe('sitemap past 50,000 URLs', () => {
  it('is an index of files of at most 50,000 URLs that together list every public URL once', async () => {
    const index = await fetch(`${sys.url}/sitemap.xml`);
    expect(index.status).toBe(200);
    const indexXml = await index.text();
    expect(indexXml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(indexXml).not.toContain('<urlset');
    expect(locs(indexXml)).toEqual(['https://neuralbeat.example/sitemap-1.xml', 'https://neuralbeat.example/sitemap-2.xml']);

    const [first, second] = await Promise.all([1, 2].map(async (n) => locs(await (await fetch(`${sys.url}/sitemap-${n}.xml`)).text())));
    expect(first).toHaveLength(SITEMAP_URLS);
    expect(first[0]).toBe('https://neuralbeat.example/');
    const db = sys.database.db;
    const tags = Number((await db('news_feed_counts').where({ dimension: 'tag' }).where('article_count', '>', 0).count({ n: '*' }))[0]!.n);
    const fixed = Object.values(STATIC_PAGES).filter((p) => !p.noindex).length;
    expect(first.length + second.length).toBe(fixed + SITEMAP_URLS + tags + 20);
    const all = new Set([...first, ...second]);
    expect(all.size).toBe(first.length + second.length);
    const oldest = await db('news_feed').orderBy('publish_date').first('slug');
    expect(all.has(`https://neuralbeat.example/news/${oldest.slug}`)).toBe(true);
    expect(all.has('https://neuralbeat.example/news/tag/llm')).toBe(true);
    expect(second.some((l) => l.startsWith('https://neuralbeat.example/directory/'))).toBe(true);

    expect((await fetch(`${sys.url}/sitemap-3.xml`)).status).toBe(404);
    expect((await fetch(`${sys.url}/sitemap-0.xml`)).status).toBe(404);
    expect(await (await fetch(`${sys.url}/robots.txt`)).text()).toContain('Sitemap: https://neuralbeat.example/sitemap.xml');
  });
});
