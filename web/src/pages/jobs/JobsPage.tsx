import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { JOB_TYPES, STATIC_PAGES, screenApi } from '@neuralbeat/common/contracts/browser';
import type { Job } from '@neuralbeat/common/contracts';
import { Seo } from '../../seo/Seo';
import { SearchFields } from '../../components/SearchFields';
import { NoResults } from '../../components/NoResults';
import { Badge, Button, Card, Chip, Clamp, Container, LogoTile, Muted, PageHeading, Skeleton } from '../../components/ui';
import { FallbackImage } from '../../components/FallbackImage';
import { formatShortDate } from '../../lib/format';

type LocationFilter = '' | 'remote' | 'on-site';

export function JobCard({ job }: { job: Job }) {
  return (
    <Card>
      <Body>
        <Head>
          <LogoTile $size="3rem" aria-hidden="true">
            <FallbackImage src={job.companyLogoUrl} loading="lazy" fallback={job.company.charAt(0)} />
          </LogoTile>
          <div>
            <h2>
              <Link to={`/jobs/${job.id}`}>{job.title}</Link>
            </h2>
            <span>{job.company}</span>
          </div>
        </Head>
        <Badges>
          <Badge>{job.jobType}</Badge>
          <Badge $color="#475569">{job.location}</Badge>
          {job.remote && <Badge $color="#16a34a">Remote</Badge>}
          {job.salaryRange && <Salary>{job.salaryRange}</Salary>}
        </Badges>
        <Clamp>{job.description}</Clamp>
        <Foot>
          <small>Posted {formatShortDate(job.createdAt)}</small>
          <Button as="a" href={job.applyUrl} target="_blank" rel="noopener noreferrer">
            Apply Now
          </Button>
        </Foot>
      </Body>
    </Card>
  );
}

/** /jobs: every filter works in the browser over the full list. */
export default function JobsPage() {
  const jobs = useQuery<Job[]>({ queryKey: [screenApi.jobs] });
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const [location, setLocation] = useState<LocationFilter>('');
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (jobs.data ?? []).filter(
      (j) =>
        (!needle || [j.title, j.company, j.description, j.location].some((f) => f.toLowerCase().includes(needle))) &&
        (!type || j.jobType === type) &&
        (!location || (location === 'remote' ? j.remote : !j.remote)),
    );
  }, [jobs.data, search, type, location]);
  const clear = () => {
    setSearch('');
    setType('');
    setLocation('');
  };
  const meta = STATIC_PAGES['/jobs'];
  return (
    <Container>
      <Seo title={meta.title} description={meta.description} path="/jobs" />
      <PageHeading>AI Jobs</PageHeading>
      <Muted>Roles in machine learning, data and AI products.</Muted>
      <SearchForm role="search" onSubmit={(e: FormEvent) => e.preventDefault()}>
        <SearchFields
          id="jobs-search"
          label="Search jobs"
          placeholder="Search jobs by title, company, or keyword..."
          value={search}
          onChange={setSearch}
          submit="Search Jobs"
        />
      </SearchForm>
      <FilterRow>
        <div role="group" aria-label="Job Type">
          <strong>Job Type</strong>
          <Chip type="button" $active={!type} aria-pressed={!type} onClick={() => setType('')}>
            All Types
          </Chip>
          {JOB_TYPES.map((t) => (
            <Chip key={t} type="button" $active={type === t} aria-pressed={type === t} onClick={() => setType(t)}>
              {t}
            </Chip>
          ))}
        </div>
        <div role="group" aria-label="Location">
          <strong>Location</strong>
          {(
            [
              ['', 'All Locations'],
              ['remote', 'Remote'],
              ['on-site', 'On-site'],
            ] as const
          ).map(([id, label]) => (
            <Chip key={label} type="button" $active={location === id} aria-pressed={location === id} onClick={() => setLocation(id)}>
              {label}
            </Chip>
          ))}
        </div>
      </FilterRow>
      {jobs.isPending ? (
        <List aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} $height="13rem" data-testid="job-skeleton" />
          ))}
        </List>
      ) : shown.length === 0 ? (
        <NoResults
          title="No jobs found"
          hint="No jobs matching your current filters. Try adjusting your search criteria."
          error={jobs.error}
          action="Clear Filters"
          onAction={clear}
        />
      ) : (
        <List>
          {shown.map((j) => (
            <JobCard key={j.id} job={j} />
          ))}
        </List>
      )}
      <Banner>
        <div>
          <h2>Hiring AI Professionals?</h2>
          <p>Reach thousands of engineers, researchers and product people who follow AI every day.</p>
        </div>
        <Button type="button">Post a Job</Button>
      </Banner>
    </Container>
  );
}

const SearchForm = styled.form`
  display: flex;
  gap: 0.5rem;
  max-width: 40rem;
  margin: 1.5rem 0 1rem;
`;
const FilterRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem 2rem;
  margin-bottom: 1.5rem;
  > div {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
  }
  strong {
    font-size: 0.85rem;
    color: ${(p) => p.theme.colors.muted};
  }
`;
const List = styled.div`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 420px), 1fr));
`;
const Body = styled.div`
  padding: 1.25rem;
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  height: 100%;
  p {
    margin: 0;
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Head = styled.div`
  display: flex;
  gap: 0.75rem;
  align-items: center;
  h2 {
    margin: 0;
    font-size: 1.1rem;
  }
  h2 a {
    color: ${(p) => p.theme.colors.text};
    text-decoration: none;
  }
  span {
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
  align-items: center;
`;
const Salary = styled.span`
  font-size: 0.85rem;
  font-weight: 600;
`;
const Foot = styled.div`
  margin-top: auto;
  display: flex;
  justify-content: space-between;
  align-items: center;
  small {
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Banner = styled.section`
  margin-top: 3rem;
  padding: 2rem;
  border-radius: ${(p) => p.theme.radius.lg};
  background: ${(p) => p.theme.colors.surfaceAlt};
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 1rem;
  h2 {
    margin: 0;
  }
  p {
    margin: 0.25rem 0 0;
    color: ${(p) => p.theme.colors.muted};
  }
`;
