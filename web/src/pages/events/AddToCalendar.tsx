import styled from 'styled-components';
import { CalendarPlus } from 'lucide-react';

/** The event's own iCalendar file (served by the gateway at /events/{slug}.ics), opened by the visitor's calendar app. */
export function AddToCalendar({ slug }: { slug: string }) {
  return (
    <Link href={`/events/${encodeURIComponent(slug)}.ics`} download={`${slug}.ics`} type="text/calendar">
      <CalendarPlus aria-hidden="true" size={16} /> Add to calendar
    </Link>
  );
}

const Link = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
  font-size: 0.9rem;
  font-weight: 500;
  color: ${(p) => p.theme.colors.primary};
`;
