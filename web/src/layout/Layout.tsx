import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Header } from './Header';
import { Footer } from './Footer';
import { Container, Skeleton } from '../components/ui';

/** Scrolls to the top on navigation, or to the #anchor when the URL has one. */
function ScrollManager() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      const el = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (el) {
        el.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

export function Layout() {
  return (
    <Shell>
      <SkipLink href="#main">Skip to content</SkipLink>
      <ScrollManager />
      <Header />
      <Main id="main" tabIndex={-1}>
        <Suspense
          fallback={
            <Container aria-busy="true">
              <Skeleton $height="2.5rem" $width="40%" style={{ margin: '2rem 0 1rem' }} />
              <Skeleton $height="20rem" />
            </Container>
          }
        >
          <Outlet />
        </Suspense>
      </Main>
      <Footer />
    </Shell>
  );
}

const Shell = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;
const Main = styled.main`
  flex: 1;
  outline: none;
`;
const SkipLink = styled.a`
  position: absolute;
  left: -999px;
  top: 0;
  z-index: 100;
  background: #fff;
  padding: 0.5rem 1rem;
  &:focus {
    left: 1rem;
  }
`;
