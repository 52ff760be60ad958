import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { media } from '../app/theme';
import { Heart } from 'lucide-react';
import { Container } from '../components/ui';
import { LogoMark } from '../components/brand';

const COLUMNS = [
  {
    heading: 'Navigation',
    links: [
      { to: '/news', label: 'News' },
      { to: '/directory', label: 'Directory' },
      { to: '/learn', label: 'Learn' },
      { to: '/events', label: 'Events' },
      { to: '/jobs', label: 'Jobs' },
    ],
  },
  {
    heading: 'Resources',
    links: [
      { to: '/submit-tool', label: 'Submit Tool' },
      { to: '/about', label: 'About Us' },
      { to: '/contact', label: 'Contact' },
      { to: '/newsletter', label: 'Newsletter' },
      { to: '/newsletter/archive', label: 'Newsletter Archive' },
      { to: '/ai-stats', label: 'AI Stats' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms-of-service', label: 'Terms of Service' },
      { to: '/privacy-policy#cookies', label: 'Cookie Policy' },
      { to: '/privacy-policy#data-rights', label: 'GDPR' },
      { to: '/sitemap.xml', label: 'Sitemap', external: true },
    ],
  },
] as const;

export function Footer() {
  return (
    <Wrapper>
      <Inner>
        <Brand>
          <strong>
            <LogoMark /> NeuralBeat
          </strong>
          <p>Your trusted source for AI news, tools, and resources.</p>
          <p>
            Made with{' '}
            <Heart role="img" aria-label="a heart" size={16} fill="#f43f5e" color="#f43f5e" style={{ verticalAlign: '-0.15em' }} /> for the
            AI community.
          </p>
        </Brand>
        {COLUMNS.map((col) => (
          <Column key={col.heading} aria-label={col.heading}>
            <h2>{col.heading}</h2>
            <ul>
              {col.links.map((l) => (
                <li key={l.to}>{'external' in l ? <a href={l.to}>{l.label}</a> : <Link to={l.to}>{l.label}</Link>}</li>
              ))}
            </ul>
          </Column>
        ))}
      </Inner>
      <Container>
        <Copyright>© {new Date().getFullYear()} NeuralBeat. All rights reserved.</Copyright>
      </Container>
    </Wrapper>
  );
}

const Wrapper = styled.footer`
  margin-top: 4rem;
  background: #0f172a;
  color: #cbd5e1;
  padding: 3rem 0 1.5rem;
  a {
    color: #cbd5e1;
    text-decoration: none;
  }
  a:hover {
    color: #fff;
    text-decoration: underline;
  }
`;
const Inner = styled(Container)`
  display: grid;
  gap: 2rem;
  grid-template-columns: 1fr;
  ${media.sm} {
    grid-template-columns: 1fr 1fr;
  }
  ${media.lg} {
    grid-template-columns: 2fr 1fr 1fr 1fr;
  }
`;
const Brand = styled.div`
  strong {
    display: inline-flex;
    align-items: center;
    gap: 0.5rem;
    color: #fff;
    font-size: 1.2rem;
  }
`;
const Column = styled.nav`
  h2 {
    font-size: 0.9rem;
    text-transform: uppercase;
    letter-spacing: 0.05em;
    color: #fff;
  }
  ul {
    list-style: none;
    padding: 0;
    margin: 0;
    display: grid;
    gap: 0.4rem;
  }
`;
const Copyright = styled.p`
  border-top: 1px solid #1e293b;
  margin-top: 2rem;
  padding-top: 1.5rem;
  font-size: 0.875rem;
  text-align: center;
`;
