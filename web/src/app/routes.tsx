import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Layout } from '../layout/Layout';
import NotFoundPage from '../pages/NotFoundPage';

/** Every screen of the site, one lazily loaded chunk each (spec §2 route table). */
const page = (load: () => Promise<{ default: React.ComponentType }>) => {
  const Component = lazy(load);
  return <Component />;
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
