import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { eventJsonLd, screenApi } from '@neuralbeat/common/contracts/browser';
import type { Event } from '@neuralbeat/common/contracts';
import { Seo, absoluteUrl } from '../../seo/Seo';
import { Badge, Button, Container } from '../../components/ui';
import { Breadcrumb, breadcrumbJsonLd } from '../../components/Breadcrumb';
import { DetailSkeleton } from '../../components/DetailSkeleton';
import { DetailNotFound } from '../../components/DetailNotFound';
import { formatDateRange, isPastEvent } from '../../lib/format';
import { AddToCalendar } from './AddToCalendar';

export default function EventDetailPage() {
  const { slug = '' } = useParams();
  const q = useQuery<Event>({ queryKey: [screenApi.event(slug)] });
  if (q.isPending) return <DetailSkeleton />;
  if (q.isError) return <DetailNotFound title="Event not found" back={{ to: '/events', label: 'Back to Events' }} />;
  const e = q.data;
  const past = isPastEvent(e);
  const crumbs = [{ label: 'Home', to: '/' }, { label: 'Events', to: '/events' }, { label: e.name }];
  return (
    <Narrow>
      <Seo
        title={e.name}
        description={e.description.slice(0, 160)}
        path={`/events/${e.slug}`}
        image={e.imageUrl}
        jsonLd={[eventJsonLd(e, absoluteUrl), breadcrumbJsonLd(crumbs, absoluteUrl)].filter((ld) => ld !== null)}
      />
      <Breadcrumb items={crumbs} />
      <Badge>{e.eventType}</Badge>
      <h1>{e.name}</h1>
      <Facts>
        <dt>When</dt>
        <dd>{formatDateRange(e.startDate, e.endDate)}</dd>
        <dt>Where</dt>
        <dd>
          {e.location}
          {e.virtual ? ' (online)' : ''}
        </dd>
        {e.organizer && (
          <>
            <dt>Organizer</dt>
            <dd>{e.organizer}</dd>
          </>
        )}
        {e.price && (
          <>
            <dt>Price</dt>
            <dd>{e.price}</dd>
          </>
        )}
      </Facts>
      <Description>{e.description}</Description>
      <Actions>
        {e.url && (
          <Button as="a" href={e.url} target="_blank" rel="noopener noreferrer">
            {past ? 'View Details' : 'Register Now'}
          </Button>
        )}
        {!past && <AddToCalendar slug={e.slug} />}
      </Actions>
    </Narrow>
  );
}

const Narrow = styled(Container)`
  max-width: 800px;
  h1 {
    font-size: clamp(1.75rem, 4vw, 2.5rem);
    margin: 0.5rem 0 1rem;
  }
`;
// Collected descriptions keep their paragraphs.
const Description = styled.p`
  white-space: pre-line;
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 1rem;
`;
const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.4rem 1rem;
  dt {
    font-weight: 600;
    color: ${(p) => p.theme.colors.muted};
  }
  dd {
    margin: 0;
  }
`;
