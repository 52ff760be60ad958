import { DIRECTORY_PAGE_SIZE, NEWS_PAGE_SIZE, RESOURCE_CATEGORIES, TOOL_CATEGORIES } from './constants';

/**
 * The API reads behind each public screen, in one place for the two sides that
 * must agree on them: the web app uses these paths as its React Query keys, and
 * the gateway fetches the first screen's reads while it writes the page's HTML
 * and embeds the answers under the same keys, so the first render needs no API
 * round trip. No zod here: the web app imports it.
 */
export const screenApi = {
  home: '/api/home',
  featuredTools: '/api/tools/featured',
  homeResources: '/api/resources?limit=2',
  upcomingEvents: '/api/events/upcoming',
  events: '/api/events',
  featuredJobs: '/api/jobs/featured',
  jobs: '/api/jobs',
  newsTags: '/api/news/tags',
  aiStats: '/api/ai-stats',
  /** The news feed, all of it or one tag's. */
  newsFeed: (tag?: string) => (tag ? `/api/news/tag/${encodeURIComponent(tag.toLowerCase())}` : '/api/news'),
  /** One page of a news feed (limit=9&offset=page*9). */
  newsFeedPage: (feed: string, page: number) => `${feed}?limit=${NEWS_PAGE_SIZE}&offset=${page * NEWS_PAGE_SIZE}`,
  article: (param: string) => `/api/news/${encodeURIComponent(param)}`,
  /** The directory filtered: a known category, any pricing and the text filter (trimmed) go to the server. */
  tools: ({ category, pricing, q }: { category?: string | null; pricing?: string | null; q?: string | null }) => {
    const query = new URLSearchParams();
    if (category && (TOOL_CATEGORIES as readonly string[]).includes(category)) query.set('category', category);
    if (pricing) query.set('pricing', pricing);
    if (q?.trim()) query.set('q', q.trim());
    return `/api/tools${query.size ? `?${query}` : ''}`;
  },
  /** One page of the directory as `screenApi.tools` filtered it. */
  toolsPage: (list: string, page: number) =>
    `${list}${list.includes('?') ? '&' : '?'}limit=${DIRECTORY_PAGE_SIZE}&offset=${page * DIRECTORY_PAGE_SIZE}`,
  tool: (slug: string) => `/api/tools/${encodeURIComponent(slug)}`,
  similarTools: (slug: string) => `/api/tools/${encodeURIComponent(slug)}/similar`,
  /** The learn list: a known category goes to the server, level and topic stay in the browser. */
  resources: (category?: string | null) =>
    category && (RESOURCE_CATEGORIES as readonly string[]).includes(category)
      ? `/api/resources?category=${encodeURIComponent(category)}`
      : '/api/resources',
  resource: (slug: string) => `/api/resources/${encodeURIComponent(slug)}`,
  event: (slug: string) => `/api/events/${encodeURIComponent(slug)}`,
  job: (id: string) => `/api/jobs/${encodeURIComponent(id)}`,
  /** The newsletter archive: sent issues, newest first. */
  newsletterIssues: '/api/newsletter/issues',
  newsletterIssue: (slug: string) => `/api/newsletter/issues/${encodeURIComponent(slug)}`,
};

/**
 * React Query key of a list read a page at a time (a news feed, the directory);
 * its pages are `screenApi.newsFeedPage(feed, n)` or `screenApi.toolsPage(list, n)`.
 */
export const pagedListKey = (list: string) => [list, 'infinite'] as const;

/** One read of a first screen: the query key, the API path to fetch, and whether it is page 0 of an infinite list. */
export interface FirstScreenRead {
  key: readonly unknown[];
  api: string;
  infinite?: boolean;
  /** The answer is a page of a list with its total in X-Total-Count: stored as `{ items, total }` (the web's ListPage). */
  counted?: boolean;
}

/** What a route's first screen needs: its page module (under web/src/pages, without extension) and its reads. */
export interface FirstScreen {
  page: string;
  reads: FirstScreenRead[];
}

const plain = (api: string): FirstScreenRead => ({ key: [api], api });

interface ScreenRoute {
  pattern: RegExp;
  page: string;
  reads: (params: string[], query: URLSearchParams) => FirstScreenRead[];
}

/** Public routes with a page chunk worth preloading and the reads of their first screen. */
const SCREENS: ScreenRoute[] = [
  {
    pattern: /^\/$/,
    page: 'home/HomePage',
    reads: () =>
      [screenApi.home, screenApi.featuredTools, screenApi.homeResources, screenApi.upcomingEvents, screenApi.featuredJobs].map(plain),
  },
  {
    pattern: /^\/news$/,
    page: 'news/NewsListPage',
    reads: () => [
      plain(screenApi.newsTags),
      { key: pagedListKey(screenApi.newsFeed()), api: screenApi.newsFeedPage(screenApi.newsFeed(), 0), infinite: true },
    ],
  },
  {
    pattern: /^\/news\/tag\/([^/]+)$/,
    page: 'news/NewsListPage',
    reads: ([tag]) => {
      const feed = screenApi.newsFeed(tag);
      return [plain(screenApi.newsTags), { key: pagedListKey(feed), api: screenApi.newsFeedPage(feed, 0), infinite: true }];
    },
  },
  { pattern: /^\/news\/category\/([^/]+)$/, page: 'news/NewsCategoryRedirectPage', reads: () => [] },
  { pattern: /^\/news\/([^/]+)$/, page: 'news/NewsArticlePage', reads: ([param]) => [plain(screenApi.article(param!))] },
  {
    pattern: /^\/directory$/,
    page: 'directory/DirectoryPage',
    reads: (_, query) => {
      const list = screenApi.tools({ category: query.get('category'), pricing: query.get('pricing'), q: query.get('q') });
      return [{ key: pagedListKey(list), api: screenApi.toolsPage(list, 0), infinite: true, counted: true }];
    },
  },
  {
    pattern: /^\/directory\/([^/]+)$/,
    page: 'directory/ToolDetailPage',
    reads: ([slug]) => [plain(screenApi.tool(slug!)), plain(screenApi.similarTools(slug!))],
  },
  { pattern: /^\/learn$/, page: 'learn/LearnPage', reads: (_, query) => [plain(screenApi.resources(query.get('category')))] },
  { pattern: /^\/learn\/([^/]+)$/, page: 'learn/ResourceDetailPage', reads: ([slug]) => [plain(screenApi.resource(slug!))] },
  { pattern: /^\/events$/, page: 'events/EventsPage', reads: () => [plain(screenApi.upcomingEvents)] },
  { pattern: /^\/events\/([^/]+)$/, page: 'events/EventDetailPage', reads: ([slug]) => [plain(screenApi.event(slug!))] },
  { pattern: /^\/jobs$/, page: 'jobs/JobsPage', reads: () => [plain(screenApi.jobs)] },
  { pattern: /^\/jobs\/([^/]+)$/, page: 'jobs/JobDetailPage', reads: ([id]) => [plain(screenApi.job(id!))] },
  { pattern: /^\/ai-stats$/, page: 'ai-stats/AiStatsPage', reads: () => [plain(screenApi.aiStats)] },
  { pattern: /^\/about$/, page: 'about/AboutPage', reads: () => [] },
  { pattern: /^\/contact$/, page: 'contact/ContactPage', reads: () => [] },
  { pattern: /^\/newsletter$/, page: 'newsletter/NewsletterPage', reads: () => [] },
  // The token pages read per visitor (a token in the query): nothing shared to embed.
  { pattern: /^\/newsletter\/confirm$/, page: 'newsletter/ConfirmPage', reads: () => [] },
  { pattern: /^\/newsletter\/unsubscribe$/, page: 'newsletter/UnsubscribePage', reads: () => [] },
  { pattern: /^\/newsletter\/archive$/, page: 'newsletter/ArchivePage', reads: () => [plain(screenApi.newsletterIssues)] },
  { pattern: /^\/newsletter\/([^/]+)$/, page: 'newsletter/IssuePage', reads: ([slug]) => [plain(screenApi.newsletterIssue(slug!))] },
  { pattern: /^\/privacy-policy$/, page: 'legal/PrivacyPolicyPage', reads: () => [] },
  { pattern: /^\/terms-of-service$/, page: 'legal/TermsOfServicePage', reads: () => [] },
  { pattern: /^\/submit-tool$/, page: 'submit-tool/SubmitToolPage', reads: () => [] },
];

/**
 * The first screen of a path (as the browser's router sees it: segments
 * decoded) with its query, or null for paths that are not one of these screens.
 */
export function firstScreenOf(pathname: string, query: URLSearchParams = new URLSearchParams()): FirstScreen | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const screen of SCREENS) {
    // Like the browser's router: paths match whatever their case, parameters keep theirs.
    const match = path.match(new RegExp(screen.pattern.source, 'i'));
    if (!match) continue;
    let params: string[];
    try {
      params = match.slice(1).map((p) => decodeURIComponent(p));
    } catch {
      return null;
    }
    // "." and ".." would be resolved away in the API path: such a page has no record to read.
    if (params.some((p) => p === '.' || p === '..')) return null;
    return { page: screen.page, reads: screen.reads(params, query) };
  }
  return null;
}
