import { useState, type FormEvent } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { media } from '../app/theme';
import { siteConfig } from '../app/siteConfig';
import { Container, Input } from '../components/ui';
import { LogoMark } from '../components/brand';
import { SOCIAL_ICONS } from '../components/socialIcons';
import { Menu, X } from 'lucide-react';
import { searchTarget } from '../lib/format';

export const NAV_LINKS = [
  { to: '/news', label: 'News' },
  { to: '/directory', label: 'Directory' },
  { to: '/learn', label: 'Learn' },
  { to: '/events', label: 'Events' },
  { to: '/jobs', label: 'Jobs' },
  { to: '/about', label: 'About' },
] as const;

export const SOCIAL_LINKS = [
  { key: 'facebook', label: 'Facebook' },
  { key: 'x', label: 'X (Twitter)' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'linkedin', label: 'LinkedIn' },
] as const;

function SearchForm({ onSearched, id }: { onSearched?: () => void; id: string }) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const target = searchTarget(text);
    if (!target) return;
    navigate(target);
    setText('');
    onSearched?.();
  };
  return (
    <SearchBox role="search" onSubmit={handleSubmit}>
      <label htmlFor={id} className="visually-hidden">
        Search
      </label>
      <Input id={id} type="search" placeholder="Search news, tools, guides..." value={text} onChange={(e) => setText(e.target.value)} />
    </SearchBox>
  );
}

function SocialLinks() {
  return (
    <Socials>
      {SOCIAL_LINKS.map((s) => {
        const Icon = SOCIAL_ICONS[s.key];
        return (
          <a key={s.key} href={siteConfig.social[s.key]} target="_blank" rel="noopener noreferrer" aria-label={s.label} title={s.label}>
            <Icon />
          </a>
        );
      })}
    </Socials>
  );
}

/** The sticky site header; below the medium breakpoint search and links move into a collapsible menu. */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  return (
    <Bar>
      <Inner>
        <Logo to="/" aria-label="NeuralBeat home" onClick={close}>
          <LogoMark /> NeuralBeat
        </Logo>
        <DesktopOnly>
          <SearchForm id="header-search" />
        </DesktopOnly>
        <DesktopNav aria-label="Primary">
          {NAV_LINKS.map((l) => (
            <NavItem key={l.to} to={l.to}>
              {l.label}
            </NavItem>
          ))}
        </DesktopNav>
        <DesktopOnly>
          <SubmitLink to="/submit-tool">Submit Tool</SubmitLink>
          <SocialLinks />
        </DesktopOnly>
        <MenuButton
          type="button"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <X aria-hidden="true" size={22} /> : <Menu aria-hidden="true" size={22} />}
        </MenuButton>
      </Inner>
      {menuOpen && (
        <MobileMenu id="mobile-menu" data-testid="mobile-menu">
          <SearchForm id="mobile-search" onSearched={close} />
          <nav aria-label="Mobile">
            {NAV_LINKS.map((l) => (
              <MobileLink key={l.to} to={l.to} onClick={close}>
                {l.label}
              </MobileLink>
            ))}
            <MobileLink to="/submit-tool" onClick={close}>
              Submit Tool
            </MobileLink>
          </nav>
          <SocialLinks />
        </MobileMenu>
      )}
    </Bar>
  );
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 50;
  background: rgba(255, 255, 255, 0.96);
  backdrop-filter: blur(6px);
  border-bottom: 1px solid ${(p) => p.theme.colors.border};
`;
const Inner = styled(Container)`
  display: flex;
  align-items: center;
  gap: 1rem;
  height: 4rem;
`;
const Logo = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  font-weight: 800;
  font-size: 1.25rem;
  color: ${(p) => p.theme.colors.text};
  text-decoration: none;
  white-space: nowrap;
  margin-right: auto;
  ${media.md} {
    margin-right: 0;
  }
`;
const SearchBox = styled.form`
  flex: 1;
  min-width: 10rem;
  max-width: 18rem;
`;
const DesktopOnly = styled.div`
  display: none;
  ${media.md} {
    display: flex;
    align-items: center;
    gap: 0.75rem;
  }
`;
const DesktopNav = styled.nav`
  display: none;
  ${media.md} {
    display: flex;
    gap: 0.25rem;
    margin-left: auto;
  }
`;
const NavItem = styled(NavLink)`
  padding: 0.4rem 0.6rem;
  border-radius: ${(p) => p.theme.radius.md};
  color: ${(p) => p.theme.colors.muted};
  text-decoration: none;
  font-weight: 500;
  &.active {
    color: ${(p) => p.theme.colors.primary};
    background: ${(p) => p.theme.colors.surfaceAlt};
  }
  &:hover {
    color: ${(p) => p.theme.colors.text};
  }
`;
const SubmitLink = styled(Link)`
  background: ${(p) => p.theme.colors.primary};
  color: #fff;
  text-decoration: none;
  padding: 0.45rem 0.9rem;
  border-radius: ${(p) => p.theme.radius.md};
  font-weight: 600;
  white-space: nowrap;
`;
const Socials = styled.div`
  display: flex;
  gap: 0.5rem;
  a {
    display: inline-flex;
    width: 2rem;
    height: 2rem;
    align-items: center;
    justify-content: center;
    border-radius: 50%;
    color: ${(p) => p.theme.colors.muted};
    text-decoration: none;
    font-weight: 700;
    font-size: 0.8rem;
    border: 1px solid ${(p) => p.theme.colors.border};
  }
`;
const MenuButton = styled.button`
  width: 2.75rem;
  height: 2.75rem;
  display: grid;
  place-items: center;
  color: ${(p) => p.theme.colors.text};
  background: none;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.md};
  cursor: pointer;
  ${media.md} {
    display: none;
  }
`;
const MobileMenu = styled(Container)`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  padding-bottom: 1rem;
  ${SearchBox} {
    max-width: none;
  }
  nav {
    display: flex;
    flex-direction: column;
  }
  ${media.md} {
    display: none;
  }
`;
const MobileLink = styled(NavLink)`
  padding: 0.6rem 0.25rem;
  color: ${(p) => p.theme.colors.text};
  text-decoration: none;
  border-bottom: 1px solid ${(p) => p.theme.colors.border};
  &.active {
    color: ${(p) => p.theme.colors.primary};
  }
`;
