import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import styled from 'styled-components';
import { Lightbulb, Newspaper, Wrench } from 'lucide-react';
import { STATIC_PAGES } from '@neuralbeat/common/contracts/browser';
import { Seo } from '../../seo/Seo';
import { apiPost } from '../../api/client';
import { useToast } from '../../components/toast/ToastProvider';
import { Button, Card, Container, Grid, Input, Muted, PageHeading } from '../../components/ui';

const BENEFITS = [
  [Newspaper, 'Weekly AI News Digest', 'The week’s most important stories in one short read.'],
  [Wrench, 'Tool Recommendations', 'New and notable AI tools, tried and explained.'],
  [Lightbulb, 'Exclusive Insights', 'Analysis and context you will not find in the headlines.'],
] as const;
const TESTIMONIALS = [
  ['Priya N.', 'Product manager', 'The only AI newsletter I read end to end. Short, sourced and useful.'],
  ['Tom W.', 'ML engineer', 'I find at least one tool or paper worth trying every single week.'],
  ['Sofia R.', 'Founder', 'It keeps my whole team on the same page about what is changing in AI.'],
];

/**
 * The newsletter page subscribes for real:
 * same states and toasts as the original, and the thank-you card says that the
 * subscription starts once the address is confirmed (double opt-in).
 */
export default function NewsletterPage() {
  const [email, setEmail] = useState('');
  const toast = useToast();
  const subscribe = useMutation({
    mutationFn: (address: string) => apiPost('/api/newsletter/subscribe', { email: address }),
    onSuccess: () => toast({ title: 'Successfully subscribed!' }),
    onError: () => toast({ title: 'Subscription failed', description: 'Please try again later.', variant: 'destructive' }),
  });
  const state = subscribe.isPending ? 'subscribing' : subscribe.isSuccess ? 'done' : 'idle';
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    subscribe.mutate(email.trim());
  };
  const meta = STATIC_PAGES['/newsletter'];
  return (
    <Container>
      <Seo title={meta.title} description={meta.description} path="/newsletter" />
      <PageHeading>The NeuralBeat Newsletter</PageHeading>
      <Muted>Join 25,000+ readers who get the week in AI in one short email.</Muted>
      <Grid $min="240px" style={{ margin: '2rem 0' }}>
        {BENEFITS.map(([Icon, title, text]) => (
          <Card key={title}>
            <Pad>
              <Icon aria-hidden="true" size={28} strokeWidth={1.75} />
              <h2>{title}</h2>
              <p>{text}</p>
            </Pad>
          </Card>
        ))}
      </Grid>
      {state === 'done' ? (
        <Card role="status">
          <Pad style={{ textAlign: 'center' }}>
            <h2>Thank You for Subscribing!</h2>
            <p>Check your inbox and open the confirmation link we sent you: your subscription starts once you confirm.</p>
            <Button
              type="button"
              onClick={() => {
                setEmail('');
                subscribe.reset();
              }}
            >
              Subscribe Another Email
            </Button>
          </Pad>
        </Card>
      ) : (
        <Form onSubmit={handleSubmit}>
          <label htmlFor="newsletter-page-email">Email address</label>
          <Row>
            <Input
              id="newsletter-page-email"
              type="email"
              required
              value={email}
              disabled={state === 'subscribing'}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="you@example.com"
            />
            <Button type="submit" disabled={state === 'subscribing'}>
              {state === 'subscribing' ? 'Subscribing...' : 'Subscribe'}
            </Button>
          </Row>
        </Form>
      )}
      <p style={{ marginTop: '1rem' }}>
        <Link to="/newsletter/archive">Read past issues in the newsletter archive</Link>
      </p>
      <section aria-labelledby="testimonials" style={{ marginTop: '3rem' }}>
        <h2 id="testimonials">What readers say</h2>
        <Grid $min="240px">
          {TESTIMONIALS.map(([name, role, quote]) => (
            <Quote key={name}>
              <p>“{quote}”</p>
              <cite>
                {name}, {role}
              </cite>
            </Quote>
          ))}
        </Grid>
      </section>
    </Container>
  );
}

const Pad = styled.div`
  padding: 1.25rem;
  svg {
    color: ${(p) => p.theme.colors.primary};
  }
  h2 {
    font-size: 1.15rem;
  }
  p {
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Form = styled.form`
  max-width: 32rem;
  label {
    font-weight: 600;
  }
`;
const Row = styled.div`
  display: flex;
  gap: 0.5rem;
  margin-top: 0.4rem;
`;
const Quote = styled.blockquote`
  margin: 0;
  padding: 1.25rem;
  border-left: 4px solid ${(p) => p.theme.colors.primary};
  background: ${(p) => p.theme.colors.surface};
  cite {
    color: ${(p) => p.theme.colors.muted};
    font-style: normal;
    font-size: 0.9rem;
  }
`;
