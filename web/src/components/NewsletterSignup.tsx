import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import styled from 'styled-components';
import { SIMPLE_EMAIL_PATTERN } from '@neuralbeat/common/contracts/browser';
import { apiPost } from '../api/client';
import { useToast } from './toast/ToastProvider';
import { Button, Input } from './ui';

/**
 * The newsletter box of Home and About: same call, different
 * toasts. Invalid addresses are never sent.
 */
export function NewsletterSignup({ variant }: { variant: 'home' | 'about' }) {
  const [email, setEmail] = useState('');
  const toast = useToast();
  const subscribe = useMutation({
    mutationFn: (address: string) => apiPost('/api/newsletter/subscribe', { email: address }),
    onSuccess: () => {
      if (variant === 'home') {
        toast({ title: 'Success!', description: "You've been subscribed to our newsletter." });
      } else {
        toast({ title: 'Successfully subscribed!', description: 'Thank you for subscribing to our newsletter.' });
      }
      setEmail('');
    },
    onError: (err: Error) => {
      if (variant === 'home')
        toast({ title: 'Error', description: err.message || 'Failed to subscribe. Please try again.', variant: 'destructive' });
      else toast({ title: 'Subscription failed', description: err.message || 'Please try again later.', variant: 'destructive' });
    },
  });

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!SIMPLE_EMAIL_PATTERN.test(address)) {
      toast({ title: 'Invalid email', description: 'Please enter a valid email address.', variant: 'destructive' });
      return;
    }
    subscribe.mutate(address);
  };

  const id = `newsletter-email-${variant}`;
  return (
    <Box aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Stay Updated with AI Trends</h2>
      <p>Join 25,000+ subscribers getting the week's most important AI news, tools and guides every week.</p>
      <Form onSubmit={handleSubmit} noValidate>
        <label htmlFor={id} className="visually-hidden">
          Email address
        </label>
        <Input
          id={id}
          type="email"
          placeholder="Enter your email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
        />
        <Button type="submit" disabled={subscribe.isPending}>
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </Form>
    </Box>
  );
}

const Box = styled.section`
  background: linear-gradient(135deg, ${(p) => p.theme.colors.primary}, #7c3aed);
  color: #fff;
  border-radius: ${(p) => p.theme.radius.lg};
  padding: 2rem 1.5rem;
  text-align: center;
  h2 {
    margin-top: 0;
  }
  p {
    opacity: 0.9;
  }
`;
const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  justify-content: center;
  max-width: 28rem;
  margin: 1rem auto 0;
  input {
    flex: 1 1 14rem;
  }
  button {
    background: #0f172a;
  }
`;
