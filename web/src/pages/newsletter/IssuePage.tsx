import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { screenApi } from '@neuralbeat/common/contracts/browser';
import type { NewsletterIssueResponse } from './issueTypes';
import { Seo, absoluteUrl } from '../../seo/Seo';
import { Button, Container, Muted } from '../../components/ui';
import { Breadcrumb, breadcrumbJsonLd } from '../../components/Breadcrumb';
import { DetailSkeleton } from '../../components/DetailSkeleton';
import { DetailNotFound } from '../../components/DetailNotFound';
import { MailFrame } from '../../components/MailFrame';
import { formatDate } from '../../lib/format';

/** /newsletter/{slug}: one sent issue, its web version (no per-subscriber links) in a sandboxed frame. */
export default function IssuePage() {
  const { slug = '' } = useParams();
  const q = useQuery<NewsletterIssueResponse>({ queryKey: [screenApi.newsletterIssue(slug)] });
  if (q.isPending) return <DetailSkeleton />;
  if (q.isError) return <DetailNotFound title="Issue not found" back={{ to: '/newsletter/archive', label: 'Back to the Archive' }} />;
  const issue = q.data.issue;
  const crumbs = [
    { label: 'Home', to: '/' },
    { label: 'Newsletter', to: '/newsletter' },
    { label: 'Archive', to: '/newsletter/archive' },
    { label: `Issue #${issue.number}` },
  ];
  return (
    <Narrow>
      <Seo
        title={issue.subject}
        description={issue.preheader}
        path={`/newsletter/${issue.slug}`}
        type="article"
        jsonLd={breadcrumbJsonLd(crumbs, absoluteUrl)}
      />
      <Breadcrumb items={crumbs} />
      <small>
        Issue #{issue.number} · {formatDate(issue.sentAt)}
      </small>
      <h1>{issue.subject}</h1>
      <Muted>{issue.preheader}</Muted>
      <MailFrame html={issue.html} title={`Issue #${issue.number}: ${issue.subject}`} />
      <Footer>
        <Button as={Link} to="/newsletter">
          Get the next issue in your inbox
        </Button>
        <Button as={Link} to="/newsletter/archive" $variant="outline">
          All issues
        </Button>
      </Footer>
    </Narrow>
  );
}

const Narrow = styled(Container)`
  max-width: 800px;
  small {
    color: ${(p) => p.theme.colors.muted};
  }
  h1 {
    font-size: clamp(1.75rem, 4vw, 2.5rem);
    margin: 0.25rem 0 0.5rem;
  }
`;
const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-top: 1.5rem;
`;
