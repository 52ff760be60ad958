import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, NavLink, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { ADMIN_LOGIN_PATH } from '@neuralbeat/common/contracts/browser';
import type { SessionUser } from '@neuralbeat/common/contracts';
import { Button, Container, Skeleton } from '../../components/ui';
import { useToast } from '../../components/toast/ToastProvider';
import { Seo } from '../../seo/Seo';
import NotFoundPage from '../NotFoundPage';
import { SESSION_KEY, isUnauthorized, useSession, useSignOut } from './api';
import { Alert } from './components/AdminUi';

/** Each operator screen is its own chunk, loaded only when an operator opens it. */
const LoginPage = lazy(() => import('./LoginPage'));
const DashboardPage = lazy(() => import('./DashboardPage'));
const TagsPage = lazy(() => import('./TagsPage'));
const DuplicatesPage = lazy(() => import('./DuplicatesPage'));
const FixStatusPage = lazy(() => import('./FixStatusPage'));
const DiagnosticsPage = lazy(() => import('./DiagnosticsPage'));
const FixLowSeoPage = lazy(() => import('./FixLowSeoPage'));
const ToolReviewPage = lazy(() => import('./ToolReviewPage'));
const SourcesPage = lazy(() => import('./SourcesPage'));
const NewsletterAdminPage = lazy(() => import('./NewsletterAdminPage'));
const SubscribersPage = lazy(() => import('./SubscribersPage'));
const MessagesPage = lazy(() => import('./MessagesPage'));
const MailPage = lazy(() => import('./MailPage'));
const ContentPage = lazy(() => import('./ContentPage'));

const NAV = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/content/events', label: 'Site Content' },
  { to: '/admin/sources', label: 'Sources' },
  { to: '/admin/tools', label: 'Tool Review' },
  { to: '/admin/tags', label: 'Tags' },
  { to: '/admin/duplicates', label: 'Duplicates' },
  { to: '/admin/fix-status', label: 'Fix Status' },
  { to: '/admin/fix-low-seo', label: 'Low SEO' },
  { to: '/admin/pipeline-diagnostics', label: 'Diagnostics' },
  { to: '/admin/newsletter', label: 'Newsletter' },
  { to: '/admin/subscribers', label: 'Subscribers' },
  { to: '/admin/messages', label: 'Messages' },
  { to: '/admin/mail', label: 'Mail' },
];

/** The operator console (/admin/*): sign-in, then every screen behind an operator session. */
export default function AdminApp() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route element={<RequireOperator />}>
          <Route index element={<DashboardPage />} />
          <Route path="tags" element={<TagsPage />} />
          <Route path="duplicates" element={<DuplicatesPage />} />
          <Route path="fix-status" element={<FixStatusPage />} />
          <Route path="pipeline-diagnostics" element={<DiagnosticsPage />} />
          <Route path="fix-low-seo" element={<FixLowSeoPage />} />
          <Route path="tools" element={<ToolReviewPage />} />
          <Route path="sources" element={<SourcesPage />} />
          <Route path="newsletter" element={<NewsletterAdminPage />} />
          <Route path="newsletter/:id" element={<NewsletterAdminPage />} />
          <Route path="subscribers" element={<SubscribersPage />} />
          <Route path="messages" element={<MessagesPage />} />
          <Route path="mail" element={<MailPage />} />
          <Route path="content/:kind" element={<ContentPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}

/** Sends a signed-out visitor to sign-in and back to where they were going; a non-operator is told so. */
function RequireOperator() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageSkeleton />;
  if (session.isError) {
    return (
      <Container>
        <Seo title="Admin" noindex />
        <Alert tone="error" title="Could not check your session">
          {session.error.message}
        </Alert>
      </Container>
    );
  }
  if (!session.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`${ADMIN_LOGIN_PATH}?next=${encodeURIComponent(next)}`} replace />;
  }
  if (!session.data.user.isAdmin) return <NotAnOperator user={session.data.user} />;
  return (
    <AdminShell user={session.data.user}>
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </AdminShell>
  );
}

function AdminShell({ user, children }: { user: SessionUser; children: ReactNode }) {
  const client = useQueryClient();
  const signOut = useSignOut();
  const toast = useToast();

  // A session that ends mid-use (expired, signed out elsewhere) sends the operator back to sign-in.
  useEffect(() => {
    const onError = (error: unknown) => {
      if (isUnauthorized(error)) client.setQueryData(SESSION_KEY, null);
    };
    const unsubscribeQueries = client.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') onError(e.action.error);
    });
    const unsubscribeMutations = client.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') onError(e.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [client]);

  const handleSignOut = () =>
    signOut.mutate(undefined, { onError: (err) => toast({ title: 'Sign-out failed', description: err.message, variant: 'destructive' }) });

  return (
    <>
      <ConsoleBar aria-label="Operator console">
        <Container>
          <BarInner>
            <nav aria-label="Admin">
              {NAV.map((item) => (
                <NavLink key={item.to} to={item.to} end={item.end}>
                  {item.label}
                </NavLink>
              ))}
            </nav>
            <UserBox>
              <span>
                Signed in as <strong>{user.username}</strong>
              </span>
              <Button type="button" $variant="outline" onClick={handleSignOut} disabled={signOut.isPending}>
                Sign out
              </Button>
            </UserBox>
          </BarInner>
        </Container>
      </ConsoleBar>
      {children}
    </>
  );
}

function NotAnOperator({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  return (
    <Container>
      <Seo title="Admin" noindex />
      <Narrow>
        <h1>Operators only</h1>
        <p>
          You are signed in as <strong>{user.username}</strong>, which is not an operator account. Sign out and sign in with an operator
          account to use the console.
        </p>
        <Button type="button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign out
        </Button>
      </Narrow>
    </Container>
  );
}

function PageSkeleton() {
  return (
    <Container aria-busy="true">
      <Skeleton $height="2.5rem" $width="40%" style={{ margin: '2rem 0 1rem' }} />
      <Skeleton $height="16rem" />
    </Container>
  );
}

const ConsoleBar = styled.div`
  background: ${(p) => p.theme.colors.surface};
  border-bottom: 1px solid ${(p) => p.theme.colors.border};
`;
const BarInner = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 0.5rem 1rem;
  padding: 0.5rem 0;
  nav {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem;
  }
  nav a {
    padding: 0.35rem 0.7rem;
    border-radius: ${(p) => p.theme.radius.md};
    text-decoration: none;
    color: ${(p) => p.theme.colors.text};
    font-size: 0.92rem;
    font-weight: 500;
  }
  nav a.active {
    background: ${(p) => p.theme.colors.surfaceAlt};
    color: ${(p) => p.theme.colors.primary};
  }
`;
const UserBox = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  font-size: 0.9rem;
`;
const Narrow = styled.div`
  max-width: 32rem;
  margin: 3rem auto;
`;
