import ical, { type DateWithTimeZone, type ParameterValue, type VEvent } from 'node-ical';
import { DateTime } from 'luxon';
import {
  NO_LOCATION,
  cleanDescription,
  cleanText,
  distinct,
  eventTypeOf,
  firstUrl,
  isOnlineLocation,
  type CollectedEvent,
  type EventsRead,
} from './collectedEvent';

const DAY_MS = 86_400_000;
/** Recurring events are expanded this far ahead. */
export const RECURRENCE_HORIZON_DAYS = 366;
/** Description lines that name the event's subject ("Category: …", "Topics: …"); producers such as deadline calendars put them there. */
const TOPIC_LINE = /^(?:categor(?:y|ies)|topics?|tags?)\s*:\s*(.+)$/gim;

export interface IcalWindow {
  /** Occurrences ending before this are not wanted. */
  from: Date;
  /** Recurrences are expanded up to this. */
  to: Date;
}

const textOf = (value: ParameterValue | undefined): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : String((value as { val?: unknown }).val ?? '');

/**
 * An iCalendar feed (RFC 5545, parsed by node-ical) as events: a recurring event
 * becomes one event per occurrence within the window (RRULE, EXDATE, RECURRENCE-ID
 * overrides applied), keyed `UID#occurrence`. Times keep their zone: TZID (Windows
 * names mapped to IANA, a TZID without VTIMEZONE read from the IANA database),
 * UTC, all-day dates; floating times are read in the calendar's zone
 * (X-WR-TIMEZONE, else its one VTIMEZONE, else UTC). `STATUS:CANCELLED` on the
 * event or an occurrence marks it cancelled.
 */
export function readIcal(text: string, window: IcalWindow, calendarFallbackName?: string): EventsRead {
  if (!/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(text)) throw new Error('Not an iCalendar file (no BEGIN:VCALENDAR)');
  const parsed = ical.sync.parseICS(text.replace(/^\uFEFF/, ''));
  const components = Object.values(parsed);
  const calendar = parsed.vcalendar as Record<string, unknown> | undefined;
  const zones = components.filter((c) => (c as { type?: string })?.type === 'VTIMEZONE') as { tzid?: string | string[] }[];
  const declared = (calendar?.['WR-TIMEZONE'] as string | undefined) ?? (zones.length === 1 ? [zones[0]!.tzid].flat()[0] : undefined);
  const calendarZone = declared && DateTime.local().setZone(declared).isValid ? declared : 'UTC';
  const calendarName = cleanText((calendar?.['WR-CALNAME'] as string | undefined) ?? '') || calendarFallbackName || null;

  const events: CollectedEvent[] = [];
  const skipped: EventsRead['skipped'] = [];
  for (const component of components) {
    const vevent = component as VEvent;
    if (vevent?.type !== 'VEVENT') continue;
    const uid = String(vevent.uid ?? '').trim();
    if (!uid) {
      skipped.push({ key: textOf(vevent.summary) || '(no UID)', reason: 'no UID' });
      continue;
    }
    if (!(vevent.start instanceof Date) || Number.isNaN(vevent.start.getTime())) {
      skipped.push({ key: uid, reason: 'no readable start date' });
      continue;
    }
    if (!cleanText(textOf(vevent.summary))) {
      skipped.push({ key: uid, reason: 'no name (SUMMARY)' });
      continue;
    }
    if (vevent.rrule) {
      // The rule alone (node-ical's text also carries DTSTART), as the event's recurrence pattern.
      const rule =
        vevent.rrule
          .toString()
          .split('\n')
          .find((line) => line.startsWith('RRULE:')) ?? vevent.rrule.toString();
      const occurrences = ical.expandRecurringEvent(vevent, { from: window.from, to: window.to, expandOngoing: true });
      for (const o of occurrences) {
        const original = o.event.recurrenceid ?? o.start;
        const key = `${uid}#${occurrenceKey(original as DateWithTimeZone)}`;
        events.push(toEvent(o.event, key, o.start, o.end, calendarZone, calendarName, rule));
      }
      if (!occurrences.length) skipped.push({ key: uid, reason: 'recurring, with no occurrence in the window' });
    } else {
      events.push(toEvent(vevent, uid, vevent.start, vevent.end, calendarZone, calendarName, null));
    }
  }
  return { events, skipped };
}

/** The occurrence's original start, as written: a date for all-day series, else UTC. */
function occurrenceKey(date: DateWithTimeZone): string {
  if (date.dateOnly) return localDate(date).toISODate()!;
  return date.toISOString();
}

/** node-ical builds dates without a time as local midnight: their calendar date, read back. */
function localDate(date: Date): DateTime {
  return DateTime.fromObject({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() }, { zone: 'UTC' });
}

/** The instant a DTSTART/DTEND means, and the zone it was given in. */
function instant(date: DateWithTimeZone, calendarZone: string): { at: Date; zone: string | null; allDay: boolean } {
  if (date.dateOnly) return { at: localDate(date).toJSDate(), zone: date.tz && date.tz !== 'Etc/UTC' ? date.tz : null, allDay: true };
  if (date.tz) return { at: date, zone: date.tz === 'Etc/UTC' ? 'UTC' : date.tz, allDay: false };
  // Floating: node-ical read the wall-clock time in this process's zone; read it again in the calendar's.
  const wall = DateTime.fromObject(
    {
      year: date.getFullYear(),
      month: date.getMonth() + 1,
      day: date.getDate(),
      hour: date.getHours(),
      minute: date.getMinutes(),
      second: date.getSeconds(),
    },
    { zone: calendarZone },
  );
  return { at: wall.toJSDate(), zone: calendarZone, allDay: false };
}

function toEvent(
  vevent: VEvent,
  key: string,
  startRaw: DateWithTimeZone,
  endRaw: DateWithTimeZone | undefined,
  calendarZone: string,
  calendarName: string | null,
  rrule: string | null,
): CollectedEvent {
  const start = instant(startRaw, calendarZone);
  let end = endRaw instanceof Date && !Number.isNaN(endRaw.getTime()) ? instant(endRaw, calendarZone).at : null;
  // An all-day DTEND is exclusive: an event on 3–5 May ends on the 6th at midnight; show the 5th.
  if (end && start.allDay && end.getTime() > start.at.getTime()) end = new Date(end.getTime() - DAY_MS);
  // A one-day all-day event, or an end that is not after the start, is shown by its start alone.
  if (end && end.getTime() <= start.at.getTime()) end = null;

  const name = cleanText(textOf(vevent.summary));
  const rawDescription = textOf(vevent.description);
  const description = cleanDescription(rawDescription);
  const rawLocation = cleanText(textOf(vevent.location));
  const locationUrl = rawLocation.match(/^https?:\/\/\S+$/) ? rawLocation : null;
  const virtual = isOnlineLocation(rawLocation);
  const location = locationUrl ? (virtual ? 'Online' : NO_LOCATION) : rawLocation || (virtual ? 'Online' : NO_LOCATION);
  const extra = vevent as unknown as Record<string, unknown>;
  const url =
    textOf(vevent.url as ParameterValue) || textOf(extra['ORIGINAL-URL'] as ParameterValue) || locationUrl || firstUrl(rawDescription);
  const organizerParams =
    typeof vevent.organizer === 'object' && vevent.organizer ? (vevent.organizer as { params?: { CN?: string } }).params : undefined;
  const organizer = cleanText(organizerParams?.CN?.replace(/^"|"$/g, '')) || calendarName;
  const topics = distinct([...description.matchAll(TOPIC_LINE)].flatMap((m) => m[1]!.split(/[,;]/)));
  const categories = distinct((vevent.categories ?? []).flatMap((c) => String(c).split(',')));
  return {
    key,
    name,
    description,
    start: start.at,
    end,
    allDay: start.allDay,
    timezone: start.zone,
    location,
    virtual,
    url: url && /^https?:\/\//i.test(url) ? url : null,
    imageUrl: textOf(extra.image as ParameterValue) || null,
    organizer,
    price: null,
    speakers: [],
    topics,
    tags: categories,
    recurring: rrule !== null,
    recurrencePattern: rrule,
    cancelled: String(vevent.status ?? '').toUpperCase() === 'CANCELLED',
    eventType: eventTypeOf(name, description),
  };
}
