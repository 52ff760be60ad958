import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { newsletterIssueJsonLd, screenApi } from '@neuralbeat/common/contracts/browser';
import type { NewsletterArchiveIssueResponse } from '@neuralbeat/common/contracts';
import { Seo, absoluteUrl } from '../../seo/Seo';
import { Button, Container, Muted } from '../../components/ui';
import { Breadcrumb, breadcrumbJsonLd } from '../../components/Breadcrumb';
import { DetailSkeleton } from '../../components/DetailSkeleton';
import { DetailNotFound } from '../../components/DetailNotFound';
import { MailFrame } from '../../components/MailFrame';
import { formatDate } from '../../lib/format';

/**
 * /newsletter/{slug}: one sent issue as a page of the site (intro and sections
 * as text, so readers and crawlers get it without the e-mail's tables), and
 * the e-mail itself on request, in a sandboxed frame.
 */
export default function IssuePage() {
  const { slug = '' } = useParams();
  const q = useQuery<NewsletterArchiveIssueResponse>({ queryKey: [screenApi.newsletterIssue(slug)] });
  const [asMail, setAsMail] = useState(false);
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
        description={issue.preheader || issue.intro.slice(0, 160)}
        path={`/newsletter/${issue.slug}`}
        type="article"
        jsonLd={[newsletterIssueJsonLd(issue, absoluteUrl), breadcrumbJsonLd(crumbs, absoluteUrl)]}
      />
      <Breadcrumb items={crumbs} />
      <small>
        Issue #{issue.number} · {formatDate(issue.sentAt)}
      </small>
      <h1>{issue.subject}</h1>
      {issue.preheader && <Muted>{issue.preheader}</Muted>}
      {issue.intro
        .split(/\n\s*\n/)
        .filter((p) => p.trim())
        .map((p, i) => (
          <Intro key={i}>{p.trim()}</Intro>
        ))}
      {issue.sections
        .filter((s) => s.items.length > 0)
        .map((section) => (
          <Section key={section.kind} aria-labelledby={`section-${section.kind}`}>
            <h2 id={`section-${section.kind}`}>{section.title}</h2>
            <ul>
              {section.items.map((item) => (
                <li key={item.id}>
                  <a href={item.url}>{item.title}</a>
                  {item.summary && <p>{item.summary}</p>}
                  {item.outlets && item.outlets > 1 ? <small>Reported by {item.outlets} outlets</small> : null}
                </li>
              ))}
            </ul>
          </Section>
        ))}
      <Footer>
        <Button as={Link} to="/newsletter">
          Get the next issue in your inbox
        </Button>
        <Button type="button" $variant="outline" aria-expanded={asMail} onClick={() => setAsMail((v) => !v)}>
          {asMail ? 'Hide the e-mail' : 'View as e-mail'}
        </Button>
        <Button as={Link} to="/newsletter/archive" $variant="ghost">
          All issues
        </Button>
      </Footer>
      {asMail && <MailFrame html={issue.html} title={`Issue #${issue.number} as sent by e-mail`} />}
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
const Intro = styled.p`
  font-size: 1.05rem;
  line-height: 1.75;
  white-space: pre-line;
`;
const Section = styled.section`
  margin: 2rem 0;
  h2 {
    font-size: 1.35rem;
    border-bottom: 2px solid ${(p) => p.theme.colors.primary};
    padding-bottom: 0.35rem;
  }
  ul {
    list-style: none;
    padding: 0;
    margin: 0;
    display: grid;
    gap: 1rem;
  }
  li a {
    font-weight: 600;
    font-size: 1.05rem;
  }
  li p {
    margin: 0.25rem 0 0;
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin: 1.5rem 0;
`;
