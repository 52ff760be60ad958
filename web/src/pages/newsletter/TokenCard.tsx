import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ApiError } from '../../api/client';
import { Card, Container } from '../../components/ui';

/** The one card of the confirm and unsubscribe pages, centred under the header. */
export function TokenCard({ children }: { children: ReactNode }) {
  return (
    <Container>
      <Box>
        <Pad>{children}</Pad>
      </Box>
    </Container>
  );
}

/** The API's message for a failed call (it says why a link does not work), else the given fallback. */
export const apiErrorMessage = (err: Error, fallback: string) =>
  err instanceof ApiError && err.status < 500 ? (err.envelope?.message ?? fallback) : fallback;

const Box = styled(Card)`
  max-width: 34rem;
  margin: 3rem auto 0;
`;
const Pad = styled.div`
  padding: 2rem;
  text-align: center;
  min-height: 14rem;
  h1 {
    font-size: 1.6rem;
    margin: 0 0 0.75rem;
  }
  p {
    color: ${(p) => p.theme.colors.muted};
    margin: 0 0 1.25rem;
  }
`;
