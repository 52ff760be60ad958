import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { STATIC_PAGES } from '@neuralbeat/common/contracts/browser';
import type { NewsletterMessageResponse, NewsletterUnsubscribeInfo } from '@neuralbeat/common/contracts';
import { apiPost } from '../../api/client';
import { Button, Skeleton } from '../../components/ui';
import { Seo } from '../../seo/Seo';
import { TRY_LATER, TokenCard, apiErrorMessage, isBadToken } from './TokenCard';

const INVALID = 'This unsubscribe link is invalid. Use the link in the footer of your latest issue.';

/**
 * /newsletter/unsubscribe?token=: the footer link of every issue. Opening it
 * only shows whose subscription it is (mail scanners prefetch links); the one
 * button unsubscribes. Mail clients' one-click unsubscribe POSTs to the same
 * address and never reaches this page.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useQuery<NewsletterUnsubscribeInfo>({
    queryKey: [`/api/newsletter/unsubscribe?${new URLSearchParams({ token })}`],
    enabled: token !== '',
  });
  const unsubscribe = useMutation({ mutationFn: () => apiPost<NewsletterMessageResponse>('/api/newsletter/unsubscribe', { token }) });
  const meta = STATIC_PAGES['/newsletter/unsubscribe']!;
  const badLink = !token || (info.isError && isBadToken(info.error));
  const failure = !token ? INVALID : info.isError ? apiErrorMessage(info.error, TRY_LATER) : null;
  return (
    <TokenCard>
      <Seo title={meta.title} description={meta.description} path="/newsletter/unsubscribe" noindex />
      {failure ? (
        <div role="alert">
          <h1>{badLink ? 'This link does not work' : 'Unsubscribe from the newsletter'}</h1>
          <p>{failure}</p>
          <Button as={Link} to="/newsletter">
            Go to the newsletter page
          </Button>
        </div>
      ) : !info.data ? (
        <div aria-busy="true">
          <Skeleton $height="2rem" $width="70%" style={{ margin: '0 auto 1rem' }} />
          <Skeleton $height="1.25rem" style={{ marginBottom: '1.5rem' }} />
          <Skeleton $height="2.5rem" $width="9rem" style={{ margin: '0 auto' }} />
        </div>
      ) : unsubscribe.isSuccess || info.data.status === 'unsubscribed' ? (
        <div role="status">
          <h1>You are unsubscribed</h1>
          <p>
            <strong>{info.data.email}</strong> will not receive the NeuralBeat newsletter any more. Changed your mind? You can subscribe
            again at any time.
          </p>
          <Button as={Link} to="/newsletter" $variant="outline">
            Subscribe again
          </Button>
        </div>
      ) : (
        <div>
          <h1>Unsubscribe from the newsletter</h1>
          <p>
            Stop sending the NeuralBeat weekly newsletter to <strong>{info.data.email}</strong>?
          </p>
          <Button type="button" onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
            {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
          </Button>
          {unsubscribe.isError && <p role="alert">{apiErrorMessage(unsubscribe.error, TRY_LATER)}</p>}
        </div>
      )}
    </TokenCard>
  );
}
