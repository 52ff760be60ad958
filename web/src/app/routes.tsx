import { isValidElement, lazy, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { Layout } from '../layout/Layout';
import NotFoundPage from '../pages/NotFoundPage';

type PageModule = { default: ComponentType };
type PreloadablePage = ComponentType & { preload?: () => Promise<void> };

/**
 * Every screen of the site, one lazily loaded chunk each.
 * A page preloaded before the first render (`preloadRoute`) renders at once,
 * without the Suspense fallback, so the first paint is the page itself.
 */
const page = (load: () => Promise<PageModule>) => {
  const Lazy = lazy(load);
  let Loaded: ComponentType | undefined;
  const Page: PreloadablePage = () => (Loaded ? <Loaded /> : <Lazy />);
  Page.preload = () =>
    load().then((m) => {
      Loaded = m.default;
    });
  return <Page />;
};

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: page(() => import('../pages/home/HomePage')) },
      { path: '/news', element: page(() => import('../pages/news/NewsListPage')) },
      { path: '/news/tag/:tag', element: page(() => import('../pages/news/NewsListPage')) },
      { path: '/news/category/:category', element: page(() => import('../pages/news/NewsCategoryRedirectPage')) },
      { path: '/news/:param', element: page(() => import('../pages/news/NewsArticlePage')) },
      { path: '/directory', element: page(() => import('../pages/directory/DirectoryPage')) },
      { path: '/directory/:slug', element: page(() => import('../pages/directory/ToolDetailPage')) },
      { path: '/learn', element: page(() => import('../pages/learn/LearnPage')) },
      { path: '/learn/:slug', element: page(() => import('../pages/learn/ResourceDetailPage')) },
      { path: '/events', element: page(() => import('../pages/events/EventsPage')) },
      { path: '/events/:slug', element: page(() => import('../pages/events/EventDetailPage')) },
      { path: '/jobs', element: page(() => import('../pages/jobs/JobsPage')) },
      { path: '/jobs/:id', element: page(() => import('../pages/jobs/JobDetailPage')) },
      { path: '/about', element: page(() => import('../pages/about/AboutPage')) },
      { path: '/contact', element: page(() => import('../pages/contact/ContactPage')) },
      { path: '/newsletter', element: page(() => import('../pages/newsletter/NewsletterPage')) },
      { path: '/newsletter/confirm', element: page(() => import('../pages/newsletter/ConfirmPage')) },
      { path: '/newsletter/unsubscribe', element: page(() => import('../pages/newsletter/UnsubscribePage')) },
      { path: '/newsletter/archive', element: page(() => import('../pages/newsletter/ArchivePage')) },
      { path: '/newsletter/:slug', element: page(() => import('../pages/newsletter/IssuePage')) },
      { path: '/privacy-policy', element: page(() => import('../pages/legal/PrivacyPolicyPage')) },
      { path: '/terms-of-service', element: page(() => import('../pages/legal/TermsOfServicePage')) },
      { path: '/submit-tool', element: page(() => import('../pages/submit-tool/SubmitToolPage')) },
      { path: '/ai-stats', element: page(() => import('../pages/ai-stats/AiStatsPage')) },
      { path: '/admin/*', element: page(() => import('../pages/admin/AdminApp')) },
      { path: '/search', element: page(() => import('../pages/search/SearchPage')) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Loads the page modules of `pathname` so that the first render shows the page, not its loading fallback. */
export function preloadRoute(pathname: string): Promise<void> {
  const pages = (matchRoutes(routes, pathname) ?? []).map((m) => m.route.element);
  return Promise.all(pages.map((el) => (isValidElement(el) ? (el.type as PreloadablePage).preload?.() : undefined))).then(() => undefined);
}
