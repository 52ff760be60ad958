import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { STATIC_PAGES } from '@neuralbeat/common/contracts/browser';
import type { NewsletterConfirmResponse } from '@neuralbeat/common/contracts';
import { apiPost } from '../../api/client';
import { Button } from '../../components/ui';
import { Seo } from '../../seo/Seo';
import { TRY_LATER, TokenCard, apiErrorMessage, isBadToken } from './TokenCard';

const INVALID = 'This confirmation link is invalid or has expired. Subscribe again to get a new one.';

/**
 * /newsletter/confirm?token=: the link of the confirmation mail. Opening it
 * changes nothing (mail scanners prefetch links); the one button confirms.
 */
export default function ConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useMutation({
    mutationFn: () => apiPost<NewsletterConfirmResponse>('/api/newsletter/confirm', { token }),
  });
  const meta = STATIC_PAGES['/newsletter/confirm']!;
  return (
    <TokenCard>
      <Seo title={meta.title} description={meta.description} path="/newsletter/confirm" noindex />
      {confirm.isError && !isBadToken(confirm.error) ? (
        <div role="alert">
          <h1>Confirm your subscription</h1>
          <p>{TRY_LATER}</p>
          <Button type="button" onClick={() => confirm.mutate()}>
            Confirm subscription
          </Button>
        </div>
      ) : !token || confirm.isError ? (
        <div role="alert">
          <h1>This link does not work</h1>
          <p>{token && confirm.error ? apiErrorMessage(confirm.error, INVALID) : INVALID}</p>
          <Button as={Link} to="/newsletter">
            Subscribe again
          </Button>
        </div>
      ) : confirm.isSuccess ? (
        <div role="status">
          <h1>You're subscribed!</h1>
          <p>
            {confirm.data.message} The weekly issues will come to <strong>{confirm.data.email}</strong>.
          </p>
          <Button as={Link} to="/newsletter/archive" $variant="outline">
            Read past issues
          </Button>
        </div>
      ) : (
        <div>
          <h1>Confirm your subscription</h1>
          <p>One click and the NeuralBeat weekly newsletter starts coming to your inbox.</p>
          <Button type="button" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
            {confirm.isPending ? 'Confirming...' : 'Confirm subscription'}
          </Button>
        </div>
      )}
    </TokenCard>
  );
}
