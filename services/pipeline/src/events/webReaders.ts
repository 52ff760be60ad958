import Parser from 'rss-parser';
import { parseHTML } from 'linkedom';
import { DateTime } from 'luxon';
import {
  NO_LOCATION,
  cleanDescription,
  cleanText,
  distinct,
  eventTypeOf,
  isOnlineLocation,
  type CollectedEvent,
  type EventsRead,
} from './collectedEvent';

type Json = Record<string, unknown>;

/** schema.org's Event subtypes whose names do not end in "Event". */
const OTHER_EVENT_TYPES = new Set(['Festival', 'Hackathon', 'CourseInstance', 'EventSeries']);
const isEventType = (type: unknown): boolean =>
  [type].flat().some((t) => typeof t === 'string' && (/(?:^|[/:])\w*Event$/.test(t) || OTHER_EVENT_TYPES.has(t.replace(/^.*[/:]/, ''))));

const asArray = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const nameOf = (v: unknown): string => (typeof v === 'string' ? v : v && typeof v === 'object' ? str((v as Json).name) : '');

/** ISO 8601 as schema.org data writes it, also with an offset without its colon (`-0400`) or a date alone. */
export function parseSchemaDate(value: unknown): { at: Date; allDay: boolean; zone: string | null } | null {
  const text = str(value).trim();
  if (!text) return null;
  const fixed = text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const dt = DateTime.fromISO(fixed, { setZone: true, zone: 'UTC' });
  if (!dt.isValid) return null;
  const allDay = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const zone = allDay ? null : /(Z|[+-]\d{2}:?\d{2})$/.test(text) ? (dt.offset === 0 ? 'UTC' : dt.zoneName) : null;
  return { at: dt.toJSDate(), allDay, zone };
}

type SchemaDate = NonNullable<ReturnType<typeof parseSchemaDate>>;

/** An event's time from its start and end dates: an end not after the start is no end; all-day and zone go by the start. */
const timeOf = (start: SchemaDate, end: SchemaDate | null) => ({
  start: start.at,
  end: end && end.at.getTime() > start.at.getTime() ? end.at : null,
  allDay: start.allDay,
  timezone: start.zone,
});

/** Every Event node in the page's JSON-LD blocks (arrays and `@graph` walked). */
function eventNodes(html: string): Json[] {
  const { document } = parseHTML(html);
  const found: Json[] = [];
  const walk = (node: unknown) => {
    for (const item of asArray(node)) {
      if (!item || typeof item !== 'object') continue;
      const obj = item as Json;
      if (isEventType(obj['@type'])) found.push(obj);
      if (obj['@graph']) walk(obj['@graph']);
      if (obj.subEvent) walk(obj.subEvent);
    }
  };
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      walk(JSON.parse(script.textContent ?? ''));
    } catch {
      // a broken block does not hide the others
    }
  }
  return found;
}

function placeOf(location: unknown): { text: string; virtual: boolean; url: string | null } {
  const parts: string[] = [];
  let virtual = false;
  let url: string | null = null;
  for (const place of asArray(location)) {
    if (typeof place === 'string') {
      parts.push(place);
      continue;
    }
    const p = place as Json;
    if ([p['@type']].flat().includes('VirtualLocation')) {
      virtual = true;
      url ??= str(p.url) || null;
      continue;
    }
    const address = p.address;
    const addressText =
      typeof address === 'string'
        ? address
        : address && typeof address === 'object'
          ? distinct(['streetAddress', 'addressLocality', 'addressRegion', 'addressCountry'].map((k) => nameOf((address as Json)[k]))).join(
              ', ',
            )
          : '';
    parts.push(distinct([str(p.name), addressText]).join(', '));
  }
  const text = cleanText(parts.filter(Boolean).join(' / '));
  return { text, virtual: virtual || (text !== '' && isOnlineLocation(text)), url };
}

function priceOf(offers: unknown): string | null {
  const list = asArray(offers) as Json[];
  const prices = list
    .map((o) => ({ price: Number(str(o.price) || str(o.lowPrice)), currency: str(o.priceCurrency) }))
    .filter((o) => Number.isFinite(o.price));
  if (!prices.length) return null;
  if (prices.every((p) => p.price === 0)) return 'Free';
  const low = Math.min(...prices.map((p) => p.price));
  const currency = prices[0]!.currency;
  return `${prices.length > 1 ? 'From ' : ''}${currency ? `${currency} ` : ''}${low}`;
}

/**
 * A web page's schema.org Event JSON-LD (any Event subtype) as events, keyed by
 * the node's `@id`, else its url, else its name and start.
 */
export function readEventPage(html: string, pageUrl: string): EventsRead {
  const events: CollectedEvent[] = [];
  const skipped: EventsRead['skipped'] = [];
  for (const node of eventNodes(html)) {
    const name = cleanText(str(node.name));
    const start = parseSchemaDate(node.startDate);
    const key = str(node['@id']) || str(node.url) || `${name}@${str(node.startDate)}`;
    if (!name || !start) {
      skipped.push({ key: key || pageUrl, reason: !name ? 'no name' : 'no readable startDate' });
      continue;
    }
    const end = parseSchemaDate(node.endDate);
    const place = placeOf(node.location);
    const online = /OnlineEventAttendanceMode/.test(str(node.eventAttendanceMode));
    const description = cleanDescription(str(node.description));
    const image = asArray(node.image).map((i) => (typeof i === 'string' ? i : str((i as Json)?.url)))[0] || null;
    const url = str(node.url) || pageUrl;
    events.push({
      key,
      name,
      description,
      ...timeOf(start, end),
      location: place.text || (online || place.virtual ? 'Online' : NO_LOCATION),
      virtual: online || place.virtual,
      url: /^https?:\/\//.test(url) ? url : pageUrl,
      imageUrl: image && /^https?:\/\//.test(image) ? image : null,
      organizer: cleanText(asArray(node.organizer).map(nameOf).filter(Boolean).join(', ')) || null,
      price: priceOf(node.offers),
      speakers: distinct(asArray(node.performer).map(nameOf)),
      topics: distinct(asArray(node.about).map(nameOf)),
      tags: distinct(asArray(node.keywords).flatMap((k) => str(k).split(','))),
      recurring: false,
      recurrencePattern: null,
      cancelled: /EventCancelled/.test(str(node.eventStatus)),
      eventType: eventTypeOf(name, description, [node['@type']].flat()[0] === 'MusicEvent' ? 'Concert' : 'Event'),
    });
  }
  return { events, skipped };
}

type FeedItem = Parser.Item & {
  startdate?: string;
  enddate?: string;
  evLocation?: string;
  organizer?: string;
  evType?: string;
  id?: string;
};
const feedParser = new Parser<Record<string, unknown>, FeedItem>({
  customFields: {
    item: [
      ['ev:startdate', 'startdate'],
      ['ev:enddate', 'enddate'],
      ['ev:location', 'evLocation'],
      ['ev:organizer', 'organizer'],
      ['ev:type', 'evType'],
    ],
  },
});

/**
 * An RSS or Atom event feed: items carrying the RSS event module
 * (`ev:startdate`, `ev:enddate`, `ev:location`, `ev:organizer`, `ev:type`), keyed
 * by guid, else link. An item with no start date is not an event and is left out.
 */
export async function readEventFeed(xml: string): Promise<EventsRead> {
  const feed = await feedParser.parseString(xml);
  const events: CollectedEvent[] = [];
  const skipped: EventsRead['skipped'] = [];
  for (const item of feed.items) {
    const key = item.guid || item.id || item.link || item.title || '';
    const name = cleanText(item.title);
    const start = parseSchemaDate(item.startdate);
    if (!key || !name || !start) {
      skipped.push({ key: key || '(no guid or link)', reason: !name ? 'no title' : 'no ev:startdate: not an event' });
      continue;
    }
    const end = parseSchemaDate(item.enddate);
    const description = cleanDescription(item.content || item.contentSnippet || item.summary || '');
    const location = cleanText(item.evLocation);
    const virtual = location !== '' && isOnlineLocation(location);
    events.push({
      key,
      name,
      description,
      ...timeOf(start, end),
      location: location || NO_LOCATION,
      virtual,
      url: item.link && /^https?:\/\//.test(item.link) ? item.link : null,
      imageUrl: item.enclosure?.type?.startsWith('image/') ? item.enclosure.url : null,
      organizer: cleanText(item.organizer) || cleanText(feed.title) || null,
      price: null,
      speakers: [],
      topics: [],
      tags: distinct(item.categories ?? []),
      recurring: false,
      recurrencePattern: null,
      // Event feeds have no status field; a cancelled event is retitled "Cancelled: …".
      cancelled: /^\W*cancel+ed\b/i.test(name),
      eventType: cleanText(item.evType) || eventTypeOf(name, description),
    });
  }
  return { events, skipped };
}
