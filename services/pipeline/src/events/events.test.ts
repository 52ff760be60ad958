import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { createLogger, type EventBus } from '@neuralbeat/common';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/testEnv';
import { startFeedServer, type FeedServer } from '../../../../tests/support/feedServer';
import {
  BERLIN_VTIMEZONE,
  WINDOWS_VTIMEZONE,
  calendar,
  dayFromNow,
  eventPage,
  eventRss,
  icsDate,
  icsLocal,
  icsUtc,
  vevent,
} from '../../../../tests/support/eventSources';
import { SourcesRepository } from '../repositories/sourcesRepository';
import { EventCollector } from './eventCollector';
import { cityOf, samePlace } from './place';
import { scoreRelevance } from './relevance';

let t: TestDatabase;
let server: FeedServer;
let collector: EventCollector;
let sources: SourcesRepository;
const announced: { name: string; payload: { eventId: number } }[] = [];
const bus = {
  publish: async (name: string, payload: { eventId: number }) => {
    announced.push({ name, payload });
    return 'id';
  },
} as unknown as EventBus;

interface EventRecord {
  id: number;
  name: string;
  slug: string;
  description: string;
  location: string;
  start_date: Date;
  end_date: Date | null;
  all_day: boolean;
  timezone: string | null;
  virtual: boolean;
  url: string | null;
  organizer: string | null;
  price: string | null;
  tags: string[];
  recurring: boolean;
  recurrence_pattern: string | null;
  published: boolean;
  event_status: string;
  ai_relevance_score: number;
  ai_relevance_reasons: string[];
  source_name: string;
  source_id: string;
  source_url: string;
  event_type: string;
}
const eventsOf = (sourceId: number) =>
  t
    .db<EventRecord>('events')
    .whereIn('id', t.db('event_source_items').where({ source_id: sourceId }).select('event_id'))
    .orderBy('start_date');
const changed = () => announced.filter((e) => e.name === 'event.changed').map((e) => e.payload.eventId);

async function source(name: string, path: string, body: string, kind: 'ical' | 'event-feed', contentType = 'text/calendar; charset=utf-8') {
  server.routes.set(path, { body, contentType });
  return sources.upsert(name, `${server.url}${path}`, kind);
}

beforeAll(async () => {
  [t, server] = await Promise.all([createTestDatabase(), startFeedServer()]);
  collector = new EventCollector(t.db, createLogger('test', 'silent'), bus, {
    timeoutMs: 2000,
    userAgent: 'NeuralBeatBot/1.0 (test)',
    relevanceThreshold: 50,
  });
  sources = new SourcesRepository(t.db);
});
afterAll(async () => {
  await server.close();
  await t.drop();
});
beforeEach(() => {
  announced.length = 0;
});

describe('iCalendar feeds', () => {
  it('expands a weekly series within the next 12 months: EXDATE dropped, a RECURRENCE-ID override applied, a cancelled occurrence left out, Berlin time kept', async () => {
    const first = dayFromNow(10).setZone('Europe/Berlin').set({ hour: 19, minute: 0 });
    const at = (week: number) => first.plus({ weeks: week });
    const body = calendar(
      [
        BERLIN_VTIMEZONE,
        vevent({
          UID: 'ml-reading-group@fixture',
          SUMMARY: 'Machine Learning Reading Group',
          DESCRIPTION: 'We read one deep learning paper a week\\, with snacks.',
          LOCATION: 'Lab 2\\, Potsdam\\, Germany',
          DTSTART: `;TZID=Europe/Berlin:${icsLocal(at(0))}`,
          DTEND: `;TZID=Europe/Berlin:${icsLocal(at(0).plus({ hours: 2 }))}`,
          RRULE: 'FREQ=WEEKLY;COUNT=6',
          EXDATE: `;TZID=Europe/Berlin:${icsLocal(at(1))}`,
          CATEGORIES: 'Research,Reading',
        }),
        vevent({
          UID: 'ml-reading-group@fixture',
          'RECURRENCE-ID': `;TZID=Europe/Berlin:${icsLocal(at(2))}`,
          SUMMARY: 'Machine Learning Reading Group (guest talk)',
          DTSTART: `;TZID=Europe/Berlin:${icsLocal(at(2).plus({ hours: 1 }))}`,
          DTEND: `;TZID=Europe/Berlin:${icsLocal(at(2).plus({ hours: 3 }))}`,
          LOCATION: 'Lab 2\\, Potsdam\\, Germany',
        }),
        vevent({
          UID: 'ml-reading-group@fixture',
          'RECURRENCE-ID': `;TZID=Europe/Berlin:${icsLocal(at(3))}`,
          SUMMARY: 'Machine Learning Reading Group',
          STATUS: 'CANCELLED',
          DTSTART: `;TZID=Europe/Berlin:${icsLocal(at(3))}`,
          DTEND: `;TZID=Europe/Berlin:${icsLocal(at(3).plus({ hours: 2 }))}`,
        }),
      ],
      { name: 'Fixture Lab', bom: true },
    );
    const s = await source('Fixture Lab', '/lab.ics', body, 'ical');
    const result = await collector.collect(s.id);
    expect(result).toMatchObject({ status: 'collected' });
    expect(result.skipped).toContainEqual({
      key: `ml-reading-group@fixture#${at(3).toUTC().toISO({ suppressMilliseconds: false })}`,
      reason: expect.stringContaining('cancelled'),
    });
    const rows = await eventsOf(s.id);
    expect(rows.map((r) => r.start_date.toISOString())).toEqual(
      [at(0), at(2).plus({ hours: 1 }), at(4), at(5)].map((d) => d.toUTC().toJSDate().toISOString()),
    );
    expect(rows[1]!.name).toBe('Machine Learning Reading Group (guest talk)');
    expect(rows[0]).toMatchObject({
      timezone: 'Europe/Berlin',
      recurring: true,
      recurrence_pattern: 'RRULE:FREQ=WEEKLY;COUNT=6',
      location: 'Lab 2, Potsdam, Germany',
      organizer: 'Fixture Lab',
      source_name: 'Fixture Lab',
      source_id: `ml-reading-group@fixture#${at(0).toUTC().toJSDate().toISOString()}`,
      source_url: `${server.url}/lab.ics`,
      published: true,
      event_status: 'scheduled',
    });
    expect(rows[0]!.tags).toEqual(expect.arrayContaining(['research', 'reading', 'machine-learning', 'deep-learning']));
    // Occurrences of one series get distinct slugs from the name and date.
    expect(new Set(rows.map((r) => r.slug)).size).toBe(4);
    expect(rows[0]!.slug).toBe(`machine-learning-reading-group-${at(0).toUTC().toISODate()}`);
    expect(changed().sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it('keeps every kind of time: a Windows zone name, a TZID with no VTIMEZONE (IANA), UTC, floating in the calendar zone, all-day', async () => {
    const day = dayFromNow(40);
    const body = calendar(
      [
        WINDOWS_VTIMEZONE,
        vevent({ UID: 'win@fixture', SUMMARY: 'Windows zone', DTSTART: `;TZID=W. Europe Standard Time:${icsLocal(day.set({ hour: 9 }))}` }),
        vevent({ UID: 'van@fixture', SUMMARY: 'Vancouver', DTSTART: `;TZID=America/Vancouver:${icsLocal(day.set({ hour: 9 }))}` }),
        vevent({ UID: 'utc@fixture', SUMMARY: 'In UTC', DTSTART: icsUtc(day.set({ hour: 9 })) }),
        vevent({
          UID: 'allday@fixture',
          SUMMARY: 'Three days',
          'DTSTART;VALUE=DATE': icsDate(day),
          'DTEND;VALUE=DATE': icsDate(day.plus({ days: 3 })),
        }),
      ],
      { lf: true },
    );
    // Floating times with a VTIMEZONE appended after the events and never referenced (as ical.net writes them): read in that zone.
    const floating = calendar(
      [vevent({ UID: 'floating@fixture', SUMMARY: 'Floating', DTSTART: icsLocal(day.set({ hour: 9 })) }), BERLIN_VTIMEZONE],
      {
        bom: true,
      },
    );
    const s = await source('Time zones', '/zones.ics', body, 'ical');
    const f = await source('Floating', '/floating.ics', floating, 'ical');
    await collector.collect(s.id);
    await collector.collect(f.id);
    const byName = Object.fromEntries([...(await eventsOf(s.id)), ...(await eventsOf(f.id))].map((r) => [r.name, r]));
    const wall = (zone: string) => DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour: 9 }, { zone }).toJSDate();
    expect(byName['Windows zone']).toMatchObject({ timezone: 'Europe/Berlin', start_date: wall('Europe/Berlin') });
    expect(byName['Vancouver']).toMatchObject({ timezone: 'America/Vancouver', start_date: wall('America/Vancouver') });
    expect(byName['In UTC']).toMatchObject({ timezone: 'UTC', start_date: wall('UTC') });
    expect(byName['Floating']).toMatchObject({ timezone: 'Europe/Berlin', start_date: wall('Europe/Berlin') });
    // DTEND of an all-day event is exclusive: the event runs on its start day and the next two.
    expect(byName['Three days']).toMatchObject({ all_day: true, start_date: day.toJSDate(), end_date: day.plus({ days: 2 }).toJSDate() });
  });

  it('collecting again updates instead of adding; STATUS:CANCELLED unpublishes the whole event', async () => {
    const start = dayFromNow(20).set({ hour: 16 });
    const talk = (extra: Record<string, string>) =>
      calendar([
        vevent({ UID: 'talk@fixture', SUMMARY: 'LLM evaluation talk', DTSTART: icsUtc(start), LOCATION: 'Berlin\\, Germany', ...extra }),
      ]);
    const s = await source('Talks', '/talks.ics', talk({}), 'ical');
    const first = await collector.collect(s.id);
    expect(first.added).toHaveLength(1);
    const [before] = await eventsOf(s.id);

    const again = await collector.collect(s.id);
    expect(again).toMatchObject({ added: [], updated: [], closed: [] });

    server.routes.set('/talks.ics', { body: talk({ DESCRIPTION: 'Now with a panel on agents.' }), contentType: 'text/calendar' });
    announced.length = 0;
    const edited = await collector.collect(s.id);
    expect(edited).toMatchObject({ added: [], updated: [before!.id] });
    expect(changed()).toEqual([before!.id]);
    const [after] = await eventsOf(s.id);
    expect(after).toMatchObject({ id: before!.id, slug: before!.slug, description: 'Now with a panel on agents.', published: true });

    server.routes.set('/talks.ics', { body: talk({ STATUS: 'CANCELLED' }), contentType: 'text/calendar' });
    announced.length = 0;
    const cancelled = await collector.collect(s.id);
    expect(cancelled).toMatchObject({ closed: [before!.id] });
    expect(changed()).toEqual([before!.id]);
    expect(await eventsOf(s.id)).toMatchObject([{ id: before!.id, published: false, event_status: 'cancelled' }]);
    const row = await t.db('news_sources').where({ id: s.id }).first();
    expect(row).toMatchObject({ items_seen: 1, items_closed: 1, last_collection_status: 'collected' });
  });

  it('an occurrence removed by a new EXDATE, or an event the feed drops, leaves the site; one that comes back returns', async () => {
    const first = dayFromNow(5).set({ hour: 18 });
    const series = (extra: Record<string, string>) =>
      calendar([
        vevent({ UID: 'llm-clinic@fixture', SUMMARY: 'LLM Clinic', DTSTART: icsUtc(first), RRULE: 'FREQ=WEEKLY;COUNT=3', ...extra }),
        vevent({ UID: 'nlp-day@fixture', SUMMARY: 'NLP Day', DTSTART: icsUtc(first.plus({ days: 2 })) }),
      ]);
    const s = await source('Clinic', '/clinic.ics', series({}), 'ical');
    await collector.collect(s.id);
    const before = await eventsOf(s.id);
    expect(before.map((e) => [e.name, e.published])).toEqual([
      ['LLM Clinic', true],
      ['NLP Day', true],
      ['LLM Clinic', true],
      ['LLM Clinic', true],
    ]);
    server.routes.set('/clinic.ics', {
      body: calendar([
        vevent({
          UID: 'llm-clinic@fixture',
          SUMMARY: 'LLM Clinic',
          DTSTART: icsUtc(first),
          RRULE: 'FREQ=WEEKLY;COUNT=3',
          EXDATE: icsUtc(first.plus({ weeks: 1 })),
        }),
      ]),
      contentType: 'text/calendar',
    });
    announced.length = 0;
    const result = await collector.collect(s.id);
    const gone = [before[1]!.id, before[2]!.id].sort();
    expect([...result.closed].sort()).toEqual(gone);
    expect(changed().sort()).toEqual(gone);
    expect((await eventsOf(s.id)).map((e) => e.published)).toEqual([true, false, false, true]);

    server.routes.set('/clinic.ics', { body: series({}), contentType: 'text/calendar' });
    const back = await collector.collect(s.id);
    expect([...back.updated].sort()).toEqual(gone);
    expect((await eventsOf(s.id)).map((e) => e.published)).toEqual([true, true, true, true]);
  });

  it('does not import events that ended more than 30 days before the first collection', async () => {
    const body = calendar([
      vevent({ UID: 'old@fixture', SUMMARY: 'AI meetup long ago', DTSTART: icsUtc(dayFromNow(-41)), DTEND: icsUtc(dayFromNow(-40)) }),
      vevent({ UID: 'recent@fixture', SUMMARY: 'AI meetup last week', DTSTART: icsUtc(dayFromNow(-21)), DTEND: icsUtc(dayFromNow(-20)) }),
    ]);
    const s = await source('Cutoff', '/cutoff.ics', body, 'ical');
    const result = await collector.collect(s.id);
    expect((await eventsOf(s.id)).map((r) => r.name)).toEqual(['AI meetup last week']);
    expect(result.skipped).toEqual([{ key: 'old@fixture', reason: "ended more than 30 days before the source's first collection" }]);
  });

  it('scores relevance: an AI event is published with its reasons, a hackerspace evening waits for an operator', async () => {
    const body = calendar([
      vevent({
        UID: 'cv@fixture',
        SUMMARY: 'Computer Vision Summit',
        DTSTART: icsUtc(dayFromNow(60)),
        // Not folded at 75 octets, as some generators write it.
        DESCRIPTION: `Talks on diffusion models and PyTorch. ${'Segmentation\\, detection and tracking in the wild. '.repeat(4).trim()}`,
      }),
      vevent({ UID: 'solder@fixture', SUMMARY: 'Soldering evening', DTSTART: icsUtc(dayFromNow(61)), DESCRIPTION: 'Bring your own kit.' }),
    ]);
    const s = await source('Mixed', '/mixed.ics', body, 'ical');
    await collector.collect(s.id);
    const [cv, solder] = await eventsOf(s.id);
    expect(cv).toMatchObject({ published: true, event_type: 'Conference' });
    expect(cv!.description).toBe(
      `Talks on diffusion models and PyTorch. ${'Segmentation, detection and tracking in the wild. '.repeat(4).trim()}`,
    );
    expect(cv!.ai_relevance_score).toBeGreaterThanOrEqual(50);
    expect(cv!.ai_relevance_reasons).toContain('computer vision ("Computer Vision") in the name: +50');
    expect(solder).toMatchObject({ published: false, ai_relevance_score: 0 });
    expect(solder!.ai_relevance_reasons).toEqual(['nothing about AI in the name, topics, tags or description: 0']);
  });

  it('gives events of the same name unique slugs from the name', async () => {
    const body = calendar([
      vevent({ UID: 'night-1@fixture', SUMMARY: 'Data & AI Night!', DTSTART: icsUtc(dayFromNow(70)) }),
      vevent({ UID: 'night-2@fixture', SUMMARY: 'Data & AI Night!', DTSTART: icsUtc(dayFromNow(100)) }),
    ]);
    const s = await source('Nights', '/nights.ics', body, 'ical');
    await collector.collect(s.id);
    expect((await eventsOf(s.id)).map((e) => e.slug)).toEqual(['data-ai-night', 'data-ai-night-2']);
  });

  it("records a body that is not a calendar as the source's error", async () => {
    const s = await source('Not a calendar', '/not.ics', '<html><body>Moved</body></html>', 'ical', 'text/html');
    const result = await collector.collect(s.id);
    expect(result).toMatchObject({ status: 'failed', error: 'Not an iCalendar file (no BEGIN:VCALENDAR)' });
    expect(await t.db('news_sources').where({ id: s.id }).first()).toMatchObject({
      last_error: 'Not an iCalendar file (no BEGIN:VCALENDAR)',
    });
  });
});

describe('event pages and feeds', () => {
  const start = dayFromNow(90).set({ hour: 23, minute: 30 });
  it('reads schema.org Event JSON-LD of any subtype from a page (offset without colon, Place with PostalAddress, offers)', async () => {
    const page = eventPage([
      {
        '@type': 'MusicEvent',
        name: 'AI Synth Night',
        url: 'https://tickets.example/e/42?utm_medium=organic&utm_source=ld',
        startDate: start.setZone('America/New_York').toFormat("yyyy-LL-dd'T'HH:mm:ssZZZ"),
        location: {
          '@type': 'Place',
          name: 'The Loft',
          address: {
            '@type': 'PostalAddress',
            streetAddress: '1 Main St',
            addressLocality: 'Brooklyn',
            addressRegion: 'NY',
            addressCountry: 'US',
          },
        },
        performer: [{ '@type': 'MusicGroup', name: 'The Gradients' }],
        offers: [{ '@type': 'Offer', price: '15', priceCurrency: 'USD' }],
        description: 'Live music made with generative AI.',
      },
      { '@type': 'Organization', name: 'Not an event' },
    ]);
    const s = await source('Loft', '/loft', page, 'event-feed', 'text/html; charset=utf-8');
    const result = await collector.collect(s.id);
    expect(result).toMatchObject({ status: 'collected', seen: 1 });
    const [e] = await eventsOf(s.id);
    expect(e).toMatchObject({
      name: 'AI Synth Night',
      start_date: start.toJSDate(),
      location: 'The Loft, 1 Main St, Brooklyn, NY, US',
      url: 'https://tickets.example/e/42?utm_medium=organic&utm_source=ld',
      price: 'USD 15',
      virtual: false,
      event_type: 'Concert',
      published: true,
      source_id: 'https://tickets.example/e/42?utm_medium=organic&utm_source=ld',
    });
  });

  it('reads an RSS event feed (ev:startdate…) and leaves out items that are not events', async () => {
    const feed = eventRss([
      {
        guid: 'https://events.example/rag-workshop',
        title: 'RAG Workshop',
        link: 'https://events.example/rag-workshop',
        description: 'Build retrieval-augmented generation with an LLM.',
        start: dayFromNow(30).set({ hour: 17 }).toISO()!,
        end: dayFromNow(30).set({ hour: 19 }).toISO()!,
        location: 'Online (Zoom)',
      },
      { guid: 'https://events.example/news', title: 'We moved our office', link: 'https://events.example/news' },
    ]);
    const s = await source('Feed', '/events.rss', feed, 'event-feed', 'application/rss+xml');
    const result = await collector.collect(s.id);
    expect(result.skipped).toEqual([{ key: 'https://events.example/news', reason: 'no ev:startdate: not an event' }]);
    expect(await eventsOf(s.id)).toMatchObject([
      {
        name: 'RAG Workshop',
        virtual: true,
        location: 'Online (Zoom)',
        event_type: 'Workshop',
        organizer: 'Fixture Events',
        published: true,
      },
    ]);
  });

  it('the same event from two sources is one event (same name and start date, same city or both online)', async () => {
    const day = dayFromNow(120);
    const ics = calendar([
      vevent({ UID: 'summit@cal', SUMMARY: 'Applied AI Summit', DTSTART: icsUtc(day.set({ hour: 8 })), LOCATION: 'Lisbon\\, Portugal' }),
      vevent({ UID: 'webinar@cal', SUMMARY: 'Agents Webinar', DTSTART: icsUtc(day.set({ hour: 15 })), LOCATION: 'https://zoom.us/j/123' }),
      vevent({ UID: 'porto@cal', SUMMARY: 'Applied AI Summit', DTSTART: icsUtc(day.set({ hour: 9 })), LOCATION: 'Porto\\, Portugal' }),
    ]);
    const page = eventPage([
      {
        '@type': 'BusinessEvent',
        '@id': 'https://summit.example/#event',
        name: 'Applied AI Summit',
        startDate: day.set({ hour: 9 }).toISO(),
        location: { '@type': 'Place', name: 'FIL', address: 'Lisbon, Portugal' },
      },
      {
        '@type': 'EducationEvent',
        name: 'Agents Webinar',
        startDate: day.set({ hour: 15 }).toISO(),
        eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
        location: { '@type': 'VirtualLocation', url: 'https://meet.example/agents' },
      },
    ]);
    const a = await source('Calendar A', '/a.ics', ics, 'ical');
    const b = await source('Page B', '/b', page, 'event-feed', 'text/html');
    await collector.collect(a.id);
    const fromA = await eventsOf(a.id);
    expect(fromA).toHaveLength(3);
    const result = await collector.collect(b.id);
    expect(result).toMatchObject({ added: [], joined: expect.arrayContaining([fromA[0]!.id]) });
    const fromB = await eventsOf(b.id);
    expect(fromB.map((e) => e.id).sort()).toEqual(
      [fromA.find((e) => e.location === 'Lisbon, Portugal')!.id, fromA.find((e) => e.virtual)!.id].sort(),
    );
    expect(await t.db('news_sources').where({ id: b.id }).first()).toMatchObject({ items_added: 0, items_folded: 2 });

    // Same country or same venue name is not the same city; the same city written differently is.
    const events = (locations: string[]) =>
      eventRss(
        ['Robotics Learning Day', 'Vision Workshop', 'Agents Day'].map((title, n) => ({
          guid: `${title}@${locations[n]}`,
          title,
          link: `https://events.example/${n}`,
          start: day.set({ hour: 10 + n }).toISO()!,
          location: locations[n],
        })),
      );
    const c = await source(
      'Feed C',
      '/c.rss',
      events(['Porto, Portugal', 'Moscone Center, San Francisco, CA, USA', 'Main Hall, Porto']),
      'event-feed',
      'application/rss+xml',
    );
    const d = await source(
      'Feed D',
      '/d.rss',
      events(['Lisbon, Portugal', 'San Francisco, California', 'Main Hall, Lisbon']),
      'event-feed',
      'application/rss+xml',
    );
    const fromC = await collector.collect(c.id);
    expect(fromC.added).toHaveLength(3);
    const fromD = await collector.collect(d.id);
    expect(fromD).toMatchObject({ joined: [fromC.added[1]], added: [expect.any(Number), expect.any(Number)] });
  });

  it('compares the city of a location, not its country or venue', () => {
    expect(cityOf('Moscone Center, San Francisco, CA, USA')).toBe('san francisco');
    expect(cityOf('San Francisco, California')).toBe('san francisco');
    expect(cityOf('The Loft, 1 Main St, Brooklyn, NY 11201, US')).toBe('brooklyn');
    expect(cityOf('Konferenzzentrum, 10115 Berlin, Deutschland')).toBe('berlin');
    expect(cityOf('Zürich (Kongresshaus), Switzerland')).toBe('zurich');
    expect(cityOf('New York, NY')).toBe('new york');
    expect(cityOf('Marina Bay Sands, Singapore')).toBe('singapore');
    expect(cityOf('Leipzig, Germany / Online')).toBe('leipzig');
    for (const nowhere of ['Online (Zoom)', 'https://zoom.us/j/123', 'To be announced', '']) expect(cityOf(nowhere)).toBeNull();
    expect(samePlace({ location: 'Porto, Portugal', virtual: false }, { location: 'Lisbon, Portugal', virtual: false })).toBe(false);
    expect(samePlace({ location: 'Online', virtual: true }, { location: 'https://meet.example/x', virtual: true })).toBe(true);
    // A hybrid event is in its city too.
    expect(samePlace({ location: 'Leipzig, Germany / Online', virtual: true }, { location: 'Leipzig', virtual: false })).toBe(true);
    expect(samePlace({ location: 'To be announced', virtual: false }, { location: 'To be announced', virtual: false })).toBe(false);
  });
});

describe('AI relevance', () => {
  const score = (name: string, description = '', topics: string[] = []) => scoreRelevance({ name, description, topics, tags: [] }).score;
  it('scores AI conferences, their deadlines and AI tutorials high; meetups, holidays and busy blocks low', () => {
    expect(score('NeurIPS 2026 Abstract Deadline', 'Conference on Neural Information Processing Systems', ['人工智能 (AI)'])).toBe(100);
    expect(score('[tutorial] AI crash course for Python developers')).toBeGreaterThanOrEqual(50);
    expect(score('ICML 2026', 'International Conference on Machine Learning')).toBe(80);
    expect(score('Repair café')).toBe(0);
    expect(score('Sommerferien Sachsen')).toBe(0);
    expect(score('Busy')).toBe(0);
    expect(score('Ruby user group', 'Lightning talks about Rails and AI-free testing')).toBeLessThan(50);
    // Mentions in passing, however many, do not publish: only the description speaks of AI.
    expect(score('Practical web scripting', 'Examples from artificial intelligence, data science and robotics.')).toBe(45);
    expect(score('LREC 2026', 'Language Resources and Evaluation Conference')).toBe(80);
  });
});
