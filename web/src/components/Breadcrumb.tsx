import { Link } from 'react-router-dom';
import styled from 'styled-components';

export interface Crumb {
  label: string;
  to?: string;
}

/** Breadcrumb trail; the last crumb is the current page. Also emits BreadcrumbList JSON-LD via `breadcrumbJsonLd`. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <Nav aria-label="Breadcrumb">
      <ol>
        {items.map((c, i) => (
          <li key={`${c.label}-${i}`}>
            {c.to && i < items.length - 1 ? <Link to={c.to}>{c.label}</Link> : <span aria-current="page">{c.label}</span>}
          </li>
        ))}
      </ol>
    </Nav>
  );
}

export function breadcrumbJsonLd(items: Crumb[], absolute: (path: string) => string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.label,
      ...(c.to ? { item: absolute(c.to) } : {}),
    })),
  };
}

const Nav = styled.nav`
  margin: 1.5rem 0 1rem;
  font-size: 0.875rem;
  ol {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li + li::before {
    content: '/';
    margin-right: 0.4rem;
    color: ${(p) => p.theme.colors.muted};
  }
  a {
    color: ${(p) => p.theme.colors.muted};
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
  span {
    color: ${(p) => p.theme.colors.text};
  }
`;
