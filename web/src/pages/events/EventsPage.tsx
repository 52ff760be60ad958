import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import styled, { css } from 'styled-components';
import { Link } from 'react-router-dom';
import { Calendar, CalendarDays, CalendarSync, MapPin } from 'lucide-react';
import { FallbackImage } from '../../components/FallbackImage';
import { STATIC_PAGES, screenApi } from '@neuralbeat/common/contracts/browser';
import type { Event } from '@neuralbeat/common/contracts';
import { Seo } from '../../seo/Seo';
import { NoResults } from '../../components/NoResults';
import { Badge, Button, Card, Chip, Clamp, Container, Grid, Muted, PageHeading, Skeleton, PageTop } from '../../components/ui';
import { formatDateRange, isPastEvent } from '../../lib/format';
import { AddToCalendar } from './AddToCalendar';

type Filter = 'upcoming' | 'past' | 'all';
const FILTERS: { id: Filter; label: string }[] = [
  { id: 'upcoming', label: 'Upcoming Events' },
  { id: 'past', label: 'Past Events' },
  { id: 'all', label: 'All Events' },
];
const EMPTY_TEXT: Record<Filter, string> = {
  upcoming: 'There are no upcoming events scheduled at the moment.',
  past: 'There are no past events to display.',
  all: 'There are no events to display.',
};

export function EventCard({ event }: { event: Event }) {
  const past = isPastEvent(event);
  return (
    <Faded as={Card} $past={past} data-past={past}>
      <Media>
        <FallbackImage src={event.imageUrl} loading="lazy" fallback={<CalendarDays aria-hidden="true" size={40} strokeWidth={1.5} />} />
      </Media>
      <Body>
        <h2>
          <Link to={`/events/${event.slug}`}>{event.name}</Link>
        </h2>
        <Details>
          <li>
            <Calendar aria-hidden="true" size={16} /> {formatDateRange(event.startDate, event.endDate)}
          </li>
          <li>
            <MapPin aria-hidden="true" size={16} /> {event.location}
          </li>
          <li>
            <Badge>{event.eventType}</Badge>
          </li>
        </Details>
        <Clamp>{event.description}</Clamp>
        {(event.url || !past) && (
          <Actions>
            {event.url && (
              <Button as="a" href={event.url} target="_blank" rel="noopener noreferrer" $variant={past ? 'outline' : 'primary'}>
                {past ? 'View Details' : 'Register Now'}
              </Button>
            )}
            {!past && <AddToCalendar slug={event.slug} />}
          </Actions>
        )}
      </Body>
    </Faded>
  );
}

/** /events: upcoming by default (GET /api/events/upcoming); past and all read GET /api/events. */
export default function EventsPage() {
  const [filter, setFilter] = useState<Filter>('upcoming');
  const events = useQuery<Event[]>({ queryKey: [filter === 'upcoming' ? screenApi.upcomingEvents : screenApi.events] });
  const shown = (events.data ?? []).filter((e) => (filter === 'past' ? isPastEvent(e) : true));
  const meta = STATIC_PAGES['/events'];
  return (
    <Container>
      <Seo
        title={meta.title}
        description={meta.description}
        path="/events"
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          itemListElement: shown
            .slice(0, 10)
            .map((e, i) => ({ '@type': 'ListItem', position: i + 1, url: `/events/${e.slug}`, name: e.name })),
        }}
      />
      <PageTop>
        <div>
          <PageHeading>AI Events</PageHeading>
          <Muted>Conferences, summits and workshops from around the AI world.</Muted>
        </div>
        <TopActions>
          {/* The gateway's iCalendar feed of every published upcoming event: a calendar app subscribed to it follows the list. */}
          <Button as="a" href="/events.ics" type="text/calendar" $variant="outline">
            <CalendarSync aria-hidden="true" size={16} /> Subscribe to calendar
          </Button>
          <Button type="button" $variant="outline">
            Submit Your Event
          </Button>
        </TopActions>
      </PageTop>
      <Filters role="group" aria-label="Show">
        {FILTERS.map((f) => (
          <Chip key={f.id} type="button" $active={filter === f.id} aria-pressed={filter === f.id} onClick={() => setFilter(f.id)}>
            {f.label}
          </Chip>
        ))}
      </Filters>
      {events.isPending ? (
        <Grid aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} $height="22rem" data-testid="event-skeleton" />
          ))}
        </Grid>
      ) : shown.length === 0 ? (
        <NoResults
          title="No events found"
          hint={EMPTY_TEXT[filter]}
          error={events.error}
          action={filter !== 'all' ? 'View All Events' : undefined}
          onAction={() => setFilter('all')}
        />
      ) : (
        <Grid>
          {shown.map((e) => (
            <EventCard key={e.id} event={e} />
          ))}
        </Grid>
      )}
    </Container>
  );
}

const TopActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
`;
const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: 1.5rem 0;
`;
const Faded = styled.div<{ $past: boolean }>`
  ${(p) =>
    p.$past &&
    css`
      opacity: 0.7;
    `}
`;
const Media = styled.div`
  aspect-ratio: 16 / 9;
  background: ${(p) => p.theme.colors.surfaceAlt};
  display: grid;
  place-items: center;
  color: ${(p) => p.theme.colors.primary};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;
const Body = styled.div`
  padding: 1.25rem;
  display: flex;
  flex-direction: column;
  gap: 0.6rem;
  flex: 1;
  h2 {
    font-size: 1.15rem;
    margin: 0;
  }
  h2 a {
    color: ${(p) => p.theme.colors.text};
    text-decoration: none;
  }
  p {
    margin: 0;
    color: ${(p) => p.theme.colors.muted};
  }
  > a:last-child,
  > div:last-child {
    margin-top: auto;
  }
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
`;
const Details = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 0.25rem;
  font-size: 0.9rem;
  li {
    display: flex;
    align-items: center;
    gap: 0.4rem;
  }
  svg {
    flex: none;
    color: ${(p) => p.theme.colors.muted};
  }
`;
