import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { safeAdminReturnPath } from '@neuralbeat/common/contracts/browser';
import { ApiError } from '../../api/client';
import { Button, Container, Input } from '../../components/ui';
import { Seo } from '../../seo/Seo';
import { useSession, useSignIn } from './api';
import { Alert } from './components/AdminUi';

function signInError(err: Error): string {
  if (err instanceof ApiError && err.status === 401) return 'Incorrect username or password.';
  if (err instanceof ApiError && err.status === 429) return 'Too many sign-in attempts. Wait a few minutes, then try again.';
  if (err instanceof ApiError && err.status === 400) return 'Enter your username and password.';
  return 'Sign-in failed. Please try again.';
}

/** /admin/login: username and password, then back to the page the operator was going to. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const next = safeAdminReturnPath(params.get('next'));
  const session = useSession();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  if (session.data?.user.isAdmin && !signIn.isPending) return <Navigate to={next} replace />;

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    signIn.mutate(
      { username: username.trim(), password },
      {
        onSuccess: () => navigate(next, { replace: true }),
        onError: () => setPassword(''),
      },
    );
  };

  return (
    <Container>
      <Seo title="Operator Sign In" description="Sign in to the NeuralBeat operator console." noindex />
      <Box>
        <h1>Operator sign in</h1>
        <p>The console for the news pipeline, sources, tags and tool review.</p>
        {signIn.isError && <Alert tone="error">{signInError(signIn.error)}</Alert>}
        <form onSubmit={handleSubmit} noValidate={false}>
          <label htmlFor="admin-username">Username</label>
          <Input
            id="admin-username"
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoFocus
          />
          <label htmlFor="admin-password">Password</label>
          <Input
            id="admin-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" disabled={signIn.isPending}>
            {signIn.isPending ? 'Signing in...' : 'Sign in'}
          </Button>
        </form>
      </Box>
    </Container>
  );
}

const Box = styled.div`
  max-width: 24rem;
  margin: 3rem auto 4rem;
  padding: 2rem;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.lg};
  box-shadow: ${(p) => p.theme.shadow.card};
  h1 {
    margin-top: 0;
    font-size: 1.5rem;
  }
  p {
    color: ${(p) => p.theme.colors.muted};
  }
  form {
    display: grid;
    gap: 0.5rem;
  }
  label {
    font-weight: 600;
    font-size: 0.9rem;
    margin-top: 0.5rem;
  }
  button {
    margin-top: 1rem;
  }
`;
