import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Container, Muted, PageHeading } from '../../components/ui';

/** Shared frame of the legal documents. */
export function LegalLayout({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <Doc>
      <PageHeading>{title}</PageHeading>
      <Muted>Last updated: {updated}</Muted>
      {children}
    </Doc>
  );
}

const Doc = styled(Container)`
  max-width: 800px;
  line-height: 1.75;
  h2 {
    margin-top: 2rem;
    scroll-margin-top: 5rem;
  }
`;
