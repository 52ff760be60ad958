/**
 * Event sources in the real shapes of iCalendar producers (Google Calendar,
 * Outlook/Exchange, Apple Calendar, Thunderbird: VTIMEZONE/TZID, Windows zone
 * names, floating and all-day times, RRULE/EXDATE/RECURRENCE-ID, CANCELLED, BOM,
 * CRLF, unfolded long lines), schema.org Event JSON-LD pages and RSS event
 * feeds, with text written for the tests.
 */
import { DateTime } from 'luxon';

const DAY_MS = 86_400_000;
// Fixed once per run, so a fixture is the same answer byte for byte whenever it is served again.
const NOW = Date.now();
/** The date `days` after the run started (negative: before), at midnight UTC. */
export const dayFromNow = (days: number) => DateTime.fromMillis(NOW + days * DAY_MS, { zone: 'UTC' }).startOf('day');

/** `20271105T190000` (local wall clock) or `20271105T180000Z`. */
export const icsLocal = (dt: DateTime) => dt.toFormat("yyyyLLdd'T'HHmmss");
export const icsUtc = (dt: DateTime) => dt.toUTC().toFormat("yyyyLLdd'T'HHmmss'Z'");
export const icsDate = (dt: DateTime) => dt.toFormat('yyyyLLdd');

/** Europe/Berlin as Google Calendar and Thunderbird write it. */
export const BERLIN_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'X-LIC-LOCATION:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** The same zone under its Windows name, as Outlook/Exchange publish it (a VTIMEZONE starting in 1601). */
export const WINDOWS_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:W. Europe Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16010101T030000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010101T020000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

/** A calendar of the given VEVENT lines: CRLF, no trailing newline (as many producers send it), optionally with a BOM. */
export function calendar(parts: string[][], options: { bom?: boolean; name?: string; timezone?: string; lf?: boolean } = {}): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//NeuralBeat tests//Fixture Calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(options.name ? [`X-WR-CALNAME:${options.name}`] : []),
    ...(options.timezone ? [`X-WR-TIMEZONE:${options.timezone}`] : []),
    ...parts.flat(),
    'END:VCALENDAR',
  ];
  return (options.bom ? '\uFEFF' : '') + lines.join(options.lf ? '\n' : '\r\n');
}

export function vevent(props: Record<string, string | string[]>): string[] {
  const lines = ['BEGIN:VEVENT'];
  for (const [key, value] of Object.entries(props)) for (const v of [value].flat()) lines.push(`${key}${v.startsWith(';') ? '' : ':'}${v}`);
  lines.push('DTSTAMP:20261101T000000Z', 'END:VEVENT');
  return lines;
}

/** A saved web page with layout around one JSON-LD block (as an array, `&` escaped as \u0026 like real pages). */
export function eventPage(events: Record<string, unknown>[]): string {
  const json = JSON.stringify(events.map((e) => ({ '@context': 'http://schema.org', ...e }))).replace(/&/g, '\\u0026');
  return `<!DOCTYPE html><html><head><title>Tickets</title><script type="application/ld+json">${json}</script>
<script type="application/ld+json">{ broken json</script></head><body><nav>Menu</nav><main><h1>Upcoming</h1></main></body></html>`;
}

export interface FixtureFeedEvent {
  guid: string;
  title: string;
  link: string;
  description?: string;
  start?: string;
  end?: string;
  location?: string;
  organizer?: string;
  type?: string;
}

/** An RSS 2.0 feed with the RSS event module (xmlns:ev), as event listings publish it. */
export function eventRss(items: FixtureFeedEvent[], title = 'Fixture Events'): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const body = items
    .map(
      (i) => `<item><title>${esc(i.title)}</title><link>${esc(i.link)}</link><guid>${esc(i.guid)}</guid>
${i.description ? `<description>${esc(i.description)}</description>` : ''}
${i.start ? `<ev:startdate>${i.start}</ev:startdate>` : ''}${i.end ? `<ev:enddate>${i.end}</ev:enddate>` : ''}
${i.location ? `<ev:location>${esc(i.location)}</ev:location>` : ''}${i.organizer ? `<ev:organizer>${esc(i.organizer)}</ev:organizer>` : ''}
${i.type ? `<ev:type>${esc(i.type)}</ev:type>` : ''}</item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:ev="http://purl.org/rss/1.0/modules/event/"><channel><title>${esc(title)}</title><link>https://events.example/</link><description>Events</description>
${body}
</channel></rss>`;
}
