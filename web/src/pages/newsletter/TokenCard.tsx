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

/** A token the API turned down (400, field "token"): the link itself is bad, not the moment. */
export const isBadToken = (err: Error) => err instanceof ApiError && err.status === 400;

/** The API's message for a bad token (it says why the link does not work), else the given fallback. */
export const apiErrorMessage = (err: Error, fallback: string) =>
  isBadToken(err) ? ((err as ApiError).envelope?.message ?? fallback) : fallback;

/** What the card says when the call failed for another reason (offline, rate-limited, a server error). */
export const TRY_LATER = 'Something went wrong on our side. Please try again in a moment.';

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
