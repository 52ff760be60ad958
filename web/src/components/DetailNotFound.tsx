import { Link } from 'react-router-dom';
import { Seo } from '../seo/Seo';
import { Button, Container, EmptyState } from './ui';

/** The "{Thing} not found" screen of a detail page. */
export function DetailNotFound({ title, back }: { title: string; back: { to: string; label: string } }) {
  return (
    <Container>
      <Seo title={title} noindex />
      <EmptyState>
        <h1>{title}</h1>
        <p>The page you're looking for doesn't exist or has been removed.</p>
        <Button as={Link} to={back.to}>
          {back.label}
        </Button>
      </EmptyState>
    </Container>
  );
}
