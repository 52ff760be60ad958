import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Rss } from 'lucide-react';
import { STATIC_PAGES, screenApi } from '@neuralbeat/common/contracts/browser';
import type { NewsletterArchiveResponse } from '@neuralbeat/common/contracts';
import { Seo } from '../../seo/Seo';
import { Button, Card, Container, EmptyState, Muted, PageHeading, PageTop, Skeleton } from '../../components/ui';
import { formatDate } from '../../lib/format';

/** Rows the skeleton reserves: the archive's first screen is usually a handful of issues. */
const SKELETON_ROWS = 4;

/** /newsletter/archive: every sent issue, newest first (GET /api/newsletter/issues). */
export default function ArchivePage() {
  const q = useQuery<NewsletterArchiveResponse>({ queryKey: [screenApi.newsletterIssues] });
  const meta = STATIC_PAGES['/newsletter/archive']!;
  return (
    <Container>
      <Seo title={meta.title} description={meta.description} path="/newsletter/archive" />
      <PageTop>
        <div>
          <PageHeading>Newsletter Archive</PageHeading>
          <Muted>Every issue of the NeuralBeat weekly newsletter, as it was sent.</Muted>
        </div>
        <Actions>
          <Button as={Link} to="/newsletter">
            Subscribe
          </Button>
          <Button as="a" href="/newsletter/rss.xml" $variant="outline">
            <Rss aria-hidden="true" size={16} /> RSS
          </Button>
        </Actions>
      </PageTop>
      <List aria-label="Issues" aria-busy={q.isPending || undefined}>
        {q.isPending ? (
          Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <li key={i}>
              <Row as="div">
                <Skeleton $height="1rem" $width="9rem" />
                <Skeleton $height="1.4rem" $width="70%" style={{ margin: '0.4rem 0' }} />
                <Skeleton $height="1.3rem" $width="85%" />
              </Row>
            </li>
          ))
        ) : q.isError ? (
          <li>
            <EmptyState>
              <h2>Could not load the archive</h2>
              <p>Please try again later.</p>
            </EmptyState>
          </li>
        ) : q.data.issues.length === 0 ? (
          <li>
            <EmptyState>
              <h2>No issues yet</h2>
              <p>The first issue is on its way. Subscribe to get it in your inbox.</p>
            </EmptyState>
          </li>
        ) : (
          q.data.issues.map((issue) => (
            <li key={issue.slug}>
              <Row>
                <small>
                  Issue #{issue.number} · {formatDate(issue.sentAt)}
                </small>
                <h2>
                  <Link to={`/newsletter/${issue.slug}`}>{issue.subject}</Link>
                </h2>
                <p>{issue.preheader}</p>
              </Row>
            </li>
          ))
        )}
      </List>
    </Container>
  );
}

const Actions = styled.div`
  display: flex;
  gap: 0.5rem;
  margin-bottom: 0.75rem;
`;
const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: 2rem 0 0;
  display: grid;
  gap: 1rem;
`;
const Row = styled(Card)`
  padding: 1.25rem 1.5rem;
  small {
    display: block;
    height: 1rem;
    line-height: 1rem;
    color: ${(p) => p.theme.colors.muted};
    font-size: 0.85rem;
  }
  h2 {
    font-size: 1.2rem;
    line-height: 1.4rem;
    margin: 0.4rem 0;
  }
  h2 a {
    color: inherit;
    text-decoration: none;
  }
  h2 a:hover {
    color: ${(p) => p.theme.colors.primary};
  }
  p {
    margin: 0;
    color: ${(p) => p.theme.colors.muted};
    line-height: 1.3rem;
    display: -webkit-box;
    -webkit-line-clamp: 1;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
`;
