import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { JOB_CLOSED_PAGE, jobPostingJsonLd, proseToText, screenApi } from '@neuralbeat/common/contracts/browser';
import type { Job } from '@neuralbeat/common/contracts';
import { Seo, absoluteUrl } from '../../seo/Seo';
import { ApiError } from '../../api/client';
import { Badge, Button, Container, EmptyState } from '../../components/ui';
import { Breadcrumb, breadcrumbJsonLd } from '../../components/Breadcrumb';
import { DetailSkeleton } from '../../components/DetailSkeleton';
import { DetailNotFound } from '../../components/DetailNotFound';
import { Prose } from '../../components/Prose';
import { formatShortDate } from '../../lib/format';

export default function JobDetailPage() {
  const { id = '' } = useParams();
  const q = useQuery<Job>({ queryKey: [screenApi.job(id)] });
  if (q.isPending) return <DetailSkeleton />;
  if (q.error instanceof ApiError && q.error.status === 410) return <JobClosed />;
  if (q.isError) return <DetailNotFound title="Job not found" back={{ to: '/jobs', label: 'Back to Jobs' }} />;
  const j = q.data;
  const crumbs = [{ label: 'Home', to: '/' }, { label: 'Jobs', to: '/jobs' }, { label: j.title }];
  return (
    <Narrow>
      <Seo
        title={`${j.title} at ${j.company}`}
        description={proseToText(j.description).slice(0, 160)}
        path={`/jobs/${j.id}`}
        jsonLd={[jobPostingJsonLd(j), breadcrumbJsonLd(crumbs, absoluteUrl)]}
      />
      <Breadcrumb items={crumbs} />
      <h1>{j.title}</h1>
      <p>
        <strong>{j.company}</strong> · {j.location} · Posted {formatShortDate(j.createdAt)}
      </p>
      <Badges>
        <Badge>{j.jobType}</Badge>
        {j.remote && <Badge $color="#16a34a">Remote</Badge>}
        {j.salaryRange && <Badge $color="#475569">{j.salaryRange}</Badge>}
      </Badges>
      <h2>About the role</h2>
      <Prose text={j.description} />
      {j.requirements && (
        <>
          <h2>Requirements</h2>
          <Prose text={j.requirements} />
        </>
      )}
      <Button as="a" href={j.applyUrl} target="_blank" rel="noopener noreferrer">
        Apply Now
      </Button>
    </Narrow>
  );
}

/** A job that closed: a notice, no posting and no JobPosting data (the gateway answers 410). */
function JobClosed() {
  return (
    <Container>
      <Seo title={JOB_CLOSED_PAGE.title} description={JOB_CLOSED_PAGE.description} noindex />
      <EmptyState>
        <h1>{JOB_CLOSED_PAGE.notice}</h1>
        <p>The employer has filled it or taken it down.</p>
        <Button as={Link} to="/jobs">
          Browse open jobs
        </Button>
      </EmptyState>
    </Container>
  );
}

const Narrow = styled(Container)`
  max-width: 800px;
  h1 {
    font-size: clamp(1.75rem, 4vw, 2.5rem);
    margin-bottom: 0.25rem;
  }
`;
const Badges = styled.div`
  display: flex;
  gap: 0.4rem;
  flex-wrap: wrap;
`;
