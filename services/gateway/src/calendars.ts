import { Router, type Response } from 'express';
import ical, { ICalEventStatus } from 'ical-generator';
import { calendarEventSchema, type CalendarEvent } from '@neuralbeat/common/contracts';
import { badGateway, notFound, validationFailed } from '@neuralbeat/common';
import { z } from 'zod';
import type { GatewayConfig } from './config';

const DAY_MS = 86_400_000;
/** How often calendar apps should read a feed again (REFRESH-INTERVAL and X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 6 * 3600;
const answerSchema = z.object({ events: z.array(calendarEventSchema) });
const TAG = /^[\p{L}\p{N}][\p{L}\p{N} ._+-]{0,99}$/u;
/** The feed of every published upcoming event, which the Events page offers (its link and its head's alternate). */
export const EVENTS_CALENDAR = { path: '/events.ics', title: 'NeuralBeat: AI events' };

async function calendarEvents(config: GatewayConfig, query: Record<string, string>): Promise<CalendarEvent[]> {
  const res = await fetch(`${config.CONTENT_URL}/internal/events/calendar?${new URLSearchParams(query)}`, {
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) throw badGateway(`The content service answered ${res.status}`);
  return answerSchema.parse(await res.json()).events;
}

/**
 * iCalendar feeds of the published upcoming events (ical-generator): `/events.ics`,
 * `/events/tag/{tag}.ics` and one event's `/events/{slug}.ics` (its "Add to
 * calendar" link). Times are UTC, all-day events are dates; each VEVENT's UID is
 * its page URL, so a calendar app that subscribed updates events in place.
 */
export function calendarFeeds(config: GatewayConfig): Router {
  const router = Router();
  const base = config.SITE_URL.replace(/\/$/, '');

  const send = (res: Response, name: string, self: string, events: CalendarEvent[], filename: string) => {
    const calendar = ical({ name, prodId: { company: 'NeuralBeat', product: 'Events', language: 'EN' }, url: self, ttl: REFRESH_SECONDS });
    for (const e of events) {
      const page = `${base}/events/${encodeURIComponent(e.slug)}`;
      const start = new Date(e.startDate);
      // A stored all-day end is the last day; iCalendar's DTEND is the day after.
      const end = e.endDate
        ? new Date(new Date(e.endDate).getTime() + (e.allDay ? DAY_MS : 0))
        : e.allDay
          ? new Date(start.getTime() + DAY_MS)
          : null;
      calendar.createEvent({
        id: page,
        summary: e.name,
        // ORGANIZER needs an e-mail address, which sources do not give: the organizer is named in the text.
        description: [
          e.description,
          e.organizer ? `Organizer: ${e.organizer}` : '',
          e.url ? `Details: ${e.url}` : '',
          `On NeuralBeat: ${page}`,
        ]
          .filter(Boolean)
          .join('\n\n'),
        start,
        end,
        allDay: e.allDay,
        location: e.virtual && e.location === 'Online' ? (e.url ?? 'Online') : e.location,
        url: e.url ?? page,
        status: e.eventStatus === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
        lastModified: new Date(e.updatedAt),
        stamp: new Date(e.updatedAt),
      });
    }
    res
      .type('text/calendar; charset=utf-8')
      .set('content-disposition', `inline; filename="${filename}"`)
      .set('cache-control', 'public, max-age=300')
      .send(calendar.toString());
  };

  router.get(EVENTS_CALENDAR.path, async (_req, res) => {
    send(res, EVENTS_CALENDAR.title, `${base}${EVENTS_CALENDAR.path}`, await calendarEvents(config, {}), 'events.ics');
  });

  router.get(/^\/events\/tag\/([^/]+)\.ics$/, async (req, res) => {
    // The router has decoded the tag (an undecodable one never gets here: a 400).
    const tag = (req.params as Record<string, string>)[0]!.trim();
    if (!TAG.test(tag)) throw validationFailed('The tag must be 1 to 100 letters, digits, spaces or . _ + -', 'tag');
    const events = await calendarEvents(config, { tag });
    send(
      res,
      `NeuralBeat: ${tag} events`,
      `${base}/events/tag/${encodeURIComponent(tag)}.ics`,
      events,
      `${tag.replace(/[^\w-]+/g, '-')}.ics`,
    );
  });

  router.get(/^\/events\/([^/]+)\.ics$/, async (req, res) => {
    const slug = (req.params as Record<string, string>)[0]!;
    if (!/^[a-z0-9-]{1,200}$/.test(slug)) throw notFound('Event not found');
    const events = await calendarEvents(config, { slug });
    if (!events.length) throw notFound('Event not found');
    send(res, events[0]!.name, `${base}/events/${slug}.ics`, events, `${slug}.ics`);
  });
  return router;
}
