import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSystem, type RunningSystem } from '../../support/system';
import { insertEvent } from '../../support/factories';

const DAY_MS = 86_400_000;
const SITE = 'https://neuralbeat.example';
let sys: RunningSystem;
let dist: string;
const day = (n: number) => new Date(Math.floor(Date.now() / DAY_MS + n) * DAY_MS);

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-calendars-'));
  fs.writeFileSync(path.join(dist, 'index.html'), fs.readFileSync('web/index.html', 'utf8'));
  sys = await startSystem({ WEB_DIST: dist, SITE_URL: SITE });
  const db = sys.database.db;
  await insertEvent(db, {
    name: 'Deep Learning Summit',
    slug: 'deep-learning-summit',
    description: 'Two days of talks.\nPosters on the second day.',
    location: 'Moscone Center, San Francisco, USA',
    start_date: new Date(day(40).getTime() + 16 * 3600_000),
    end_date: new Date(day(41).getTime() + 24 * 3600_000),
    tags: ['machine learning', 'deep-learning'],
    organizer: 'Summit Org',
    image_url: 'https://images.example/summit.png',
    price: '$299',
    url: 'https://summit.example/',
  });
  await insertEvent(db, {
    name: 'Agents Webinar',
    slug: 'agents-webinar',
    location: 'Online',
    virtual: true,
    start_date: new Date(day(10).getTime() + 15 * 3600_000),
    end_date: null,
    tags: ['ai-agents'],
    url: 'https://meet.example/agents',
    price: 'Free',
  });
  await insertEvent(db, {
    name: 'Robotics Week',
    slug: 'robotics-week',
    start_date: day(20),
    end_date: day(22),
    all_day: true,
    tags: ['robotics'],
  });
  await insertEvent(db, {
    name: 'Last Year Meetup',
    slug: 'last-year-meetup',
    start_date: day(-300),
    end_date: day(-299),
    tags: ['machine learning'],
  });
  await insertEvent(db, { name: 'Waiting For Review', slug: 'waiting-for-review', published: false, tags: ['machine learning'] });
});
afterAll(async () => {
  await sys.stop();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function calendar(p: string) {
  const res = await fetch(`${sys.url}${p}`);
  const text = await res.text();
  const parsed = res.ok ? ical.sync.parseICS(text) : {};
  const events = Object.values(parsed).filter((c) => (c as VEvent)?.type === 'VEVENT') as VEvent[];
  return { res, text, events: events.sort((a, b) => a.start.getTime() - b.start.getTime()) };
}

describe('calendars', () => {
  it('/events.ics lists the published upcoming events, refreshed every 6 hours, in UTC or as dates', async () => {
    const { res, text, events } = await calendar('/events.ics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT6H');
    expect(text).toContain('X-PUBLISHED-TTL:PT6H');
    expect(events.map((e) => e.summary)).toEqual(['Agents Webinar', 'Robotics Week', 'Deep Learning Summit']);
    const [webinar, week, summit] = events;
    expect(summit).toMatchObject({
      uid: `${SITE}/events/deep-learning-summit`,
      location: 'Moscone Center, San Francisco, USA',
      url: { val: 'https://summit.example/' },
      status: 'CONFIRMED',
    });
    expect(summit!.start.toISOString()).toBe(new Date(day(40).getTime() + 16 * 3600_000).toISOString());
    expect(summit!.start.tz).toBe('Etc/UTC');
    expect(summit!.description).toContain('Organizer: Summit Org');
    expect(summit!.description).toContain(`On NeuralBeat: ${SITE}/events/deep-learning-summit`);
    expect(webinar).toMatchObject({ location: 'https://meet.example/agents' });
    // All-day: DATE values, DTEND the day after the last day.
    expect(text).toMatch(new RegExp(`DTSTART;VALUE=DATE:${day(20).toISOString().slice(0, 10).replace(/-/g, '')}`));
    expect(text).toMatch(new RegExp(`DTEND;VALUE=DATE:${day(23).toISOString().slice(0, 10).replace(/-/g, '')}`));
    expect(week!.datetype).toBe('date');
  });

  it('/events/tag/{tag}.ics lists the events with that tag (hyphens match spaces)', async () => {
    expect((await calendar('/events/tag/machine-learning.ics')).events.map((e) => e.summary)).toEqual(['Deep Learning Summit']);
    expect((await calendar('/events/tag/deep-learning.ics')).events.map((e) => e.summary)).toEqual(['Deep Learning Summit']);
    expect((await calendar('/events/tag/ai-agents.ics')).events.map((e) => e.summary)).toEqual(['Agents Webinar']);
    const none = await calendar('/events/tag/quantum.ics');
    expect(none.res.status).toBe(200);
    expect(none.events).toEqual([]);
    const bad = await fetch(`${sys.url}/events/tag/${encodeURIComponent('<script>')}.ics`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({ status: 400, field: 'tag' });
    const undecodable = await fetch(`${sys.url}/events/tag/%ZZ.ics`);
    expect(undecodable.status).toBe(400);
    expect((await undecodable.json()).error).toMatchObject({ status: 400 });
    expect((await calendar(`/events/tag/${encodeURIComponent('machine learning')}.ics`)).events.map((e) => e.summary)).toEqual([
      'Deep Learning Summit',
    ]);
  });

  it('/events/{slug}.ics is one event (the "Add to calendar" link); an unknown or unpublished one is a 404', async () => {
    const { events, res } = await calendar('/events/agents-webinar.ics');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="agents-webinar.ics"');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ summary: 'Agents Webinar', uid: `${SITE}/events/agents-webinar` });
    expect((await fetch(`${sys.url}/events/waiting-for-review.ics`)).status).toBe(404);
    const missing = await fetch(`${sys.url}/events/no-such-event.ics`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toMatchObject({ status: 404, message: 'Event not found' });
  });
});

describe('Event JSON-LD as served', () => {
  const jsonLd = async (p: string) => {
    const html = await (await fetch(`${sys.url}${p}`)).text();
    return [...html.matchAll(/<script data-ssr type="application\/ld\+json">(.*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!))
      .find((j) => j['@type'] === 'Event');
  };

  it("carries Google's required and recommended properties: a Place with its address, organizer, image, offers", async () => {
    expect(await jsonLd('/events/deep-learning-summit')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Deep Learning Summit',
      description: 'Two days of talks.\nPosters on the second day.',
      startDate: new Date(day(40).getTime() + 16 * 3600_000).toISOString(),
      endDate: new Date(day(41).getTime() + 24 * 3600_000).toISOString(),
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      location: { '@type': 'Place', name: 'Moscone Center, San Francisco, USA', address: 'Moscone Center, San Francisco, USA' },
      image: ['https://images.example/summit.png'],
      organizer: { '@type': 'Organization', name: 'Summit Org', url: 'https://summit.example/' },
      offers: {
        '@type': 'Offer',
        price: 299,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: 'https://summit.example/',
      },
      url: `${SITE}/events/deep-learning-summit`,
    });
  });

  it('an online event is at a VirtualLocation with its URL; all-day dates have no time; a free one offers at 0', async () => {
    expect(await jsonLd('/events/agents-webinar')).toMatchObject({
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: 'https://meet.example/agents' },
      offers: { price: 0, priceCurrency: 'USD' },
    });
    expect(await jsonLd('/events/robotics-week')).toMatchObject({
      startDate: day(20).toISOString().slice(0, 10),
      endDate: day(22).toISOString().slice(0, 10),
    });
  });
});
