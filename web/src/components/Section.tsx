import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { slugify } from '@neuralbeat/common/contracts/browser';

/** A titled block of a page with an optional "see more" link. */
export function Section({
  title,
  link,
  children,
  id,
}: {
  title: string;
  link?: { to: string; label: string };
  children: ReactNode;
  id?: string;
}) {
  const headingId = id ?? slugify(title);
  return (
    <Wrap aria-labelledby={headingId}>
      <Head>
        <h2 id={headingId}>{title}</h2>
        {link && <Link to={link.to}>{link.label} →</Link>}
      </Head>
      {children}
    </Wrap>
  );
}

const Wrap = styled.section`
  margin: 3rem 0;
`;
const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  margin-bottom: 1.25rem;
  h2 {
    margin: 0;
    font-size: 1.5rem;
  }
  a {
    font-weight: 600;
    text-decoration: none;
    white-space: nowrap;
  }
`;
