import { describe, expect, it } from 'vitest';
import { firstScreenOf, pagedListKey, screenApi } from './screens';

const reads = (path: string, query = '') =>
  firstScreenOf(path, new URLSearchParams(query))?.reads.map((r) => ({
    key: r.key,
    api: r.api,
    ...(r.infinite ? { infinite: true } : {}),
  }));

describe('first screens of the public routes', () => {
  it('home reads its five lists', () => {
    expect(firstScreenOf('/')?.page).toBe('home/HomePage');
    expect(reads('/')!.map((r) => r.api)).toEqual([
      '/api/home',
      '/api/tools/featured',
      '/api/resources?limit=2',
      '/api/events/upcoming',
      '/api/jobs/featured',
    ]);
  });

  it('the news feed is page 0 of the infinite list, keyed as the page keys it', () => {
    expect(reads('/news')).toEqual([
      { key: ['/api/news/tags'], api: '/api/news/tags' },
      { key: ['/api/news', 'infinite'], api: '/api/news?limit=9&offset=0', infinite: true },
    ]);
    expect(reads('/news/tag/Machine%20Learning')![1]).toEqual({
      key: pagedListKey('/api/news/tag/machine%20learning'),
      api: '/api/news/tag/machine%20learning?limit=9&offset=0',
      infinite: true,
    });
    expect(screenApi.newsFeedPage(screenApi.newsFeed(), 2)).toBe('/api/news?limit=9&offset=18');
  });

  it('the directory is page 0 of its infinite list, counted, keyed by its filters', () => {
    expect(firstScreenOf('/directory', new URLSearchParams('category=AI+Chatbots'))!.reads).toEqual([
      {
        key: ['/api/tools?category=AI+Chatbots', 'infinite'],
        api: '/api/tools?category=AI+Chatbots&limit=24&offset=0',
        infinite: true,
        counted: true,
      },
    ]);
    expect(screenApi.toolsPage(screenApi.tools({}), 2)).toBe('/api/tools?limit=24&offset=48');
  });

  it('detail routes read their record by the decoded, re-encoded parameter', () => {
    expect(reads('/news/gpt-5%3F-launch')).toEqual([{ key: ['/api/news/gpt-5%3F-launch'], api: '/api/news/gpt-5%3F-launch' }]);
    expect(reads('/directory/canvas-genie')!.map((r) => r.api)).toEqual(['/api/tools/canvas-genie', '/api/tools/canvas-genie/similar']);
    expect(reads('/learn/intro')![0]!.api).toBe('/api/resources/intro');
    expect(reads('/events/summit')![0]!.api).toBe('/api/events/summit');
    expect(reads('/jobs/7')![0]!.api).toBe('/api/jobs/7');
  });

  it('the newsletter archive and its issues read the archive API; the token pages read nothing shared', () => {
    expect(firstScreenOf('/newsletter/archive')).toEqual({
      page: 'newsletter/ArchivePage',
      reads: [{ key: ['/api/newsletter/issues'], api: '/api/newsletter/issues' }],
    });
    expect(firstScreenOf('/newsletter/2026-11-30-issue-1')).toEqual({
      page: 'newsletter/IssuePage',
      reads: [{ key: ['/api/newsletter/issues/2026-11-30-issue-1'], api: '/api/newsletter/issues/2026-11-30-issue-1' }],
    });
    expect(firstScreenOf('/newsletter/confirm', new URLSearchParams('token=abc'))).toEqual({ page: 'newsletter/ConfirmPage', reads: [] });
    expect(firstScreenOf('/newsletter/unsubscribe')).toEqual({ page: 'newsletter/UnsubscribePage', reads: [] });
    expect(firstScreenOf('/newsletter')).toEqual({ page: 'newsletter/NewsletterPage', reads: [] });
  });

  it('filters in the query reach the API only when the page sends them', () => {
    expect(reads('/directory', 'category=Development&pricing=free&q=%20paint%20')![0]!.api).toBe(
      '/api/tools?category=Development&pricing=free&q=paint&limit=24&offset=0',
    );
    expect(reads('/directory', 'category=Cooking&q=%20')![0]!.api).toBe('/api/tools?limit=24&offset=0');
    expect(reads('/learn', 'category=NLP&level=Beginner')![0]!.api).toBe('/api/resources?category=NLP');
    expect(reads('/learn', 'category=Nope')![0]!.api).toBe('/api/resources');
  });

  it('matches like the router: any case, a trailing slash; unknown or malformed paths have no first screen', () => {
    expect(firstScreenOf('/News/')?.page).toBe('news/NewsListPage');
    expect(firstScreenOf('/news/category/Policy')).toEqual({ page: 'news/NewsCategoryRedirectPage', reads: [] });
    expect(firstScreenOf('/about')).toEqual({ page: 'about/AboutPage', reads: [] });
    expect(firstScreenOf('/nope/deeper')).toBeNull();
    expect(firstScreenOf('/news/%E0%A4%A')).toBeNull();
    expect(firstScreenOf('/admin/tags')).toBeNull();
    expect(firstScreenOf('/news/..')).toBeNull();
    expect(firstScreenOf('/directory/%2E%2E')).toBeNull();
  });
});
