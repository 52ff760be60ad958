import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { jobPostingJsonLd, screenApi } from '@neuralbeat/common/contracts/browser';
import type { Job } from '@neuralbeat/common/contracts';
import { Seo, absoluteUrl } from '../../seo/Seo';
import { Badge, Button, Container } from '../../components/ui';
import { Breadcrumb, breadcrumbJsonLd } from '../../components/Breadcrumb';
import { DetailSkeleton } from '../../components/DetailSkeleton';
import { DetailNotFound } from '../../components/DetailNotFound';
import { Prose } from '../../components/Prose';
import { formatShortDate } from '../../lib/format';

export default function JobDetailPage() {
  const { id = '' } = useParams();
  const q = useQuery<Job>({ queryKey: [screenApi.job(id)] });
  if (q.isPending) return <DetailSkeleton />;
  if (q.isError) return <DetailNotFound title="Job not found" back={{ to: '/jobs', label: 'Back to Jobs' }} />;
  const j = q.data;
  const crumbs = [{ label: 'Home', to: '/' }, { label: 'Jobs', to: '/jobs' }, { label: j.title }];
  return (
    <Narrow>
      <Seo
        title={`${j.title} at ${j.company}`}
        description={j.description.slice(0, 160)}
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
      <h2>Requirements</h2>
      <Prose text={j.requirements} />
      <Button as="a" href={j.applyUrl} target="_blank" rel="noopener noreferrer">
        Apply Now
      </Button>
    </Narrow>
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
