/// <reference lib="dom" />
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { browserSuite, openPage } from '../support/browser';
import { insertEvent } from '../support/factories';

const env = browserSuite();
const db = () => env.sys.database.db;
const DAY_MS = 86_400_000;
// iCalendar times have whole seconds.
const NOW = Math.floor(Date.now() / 1000) * 1000;

describe('events: Add to calendar and the event page', () => {
  it('each upcoming card links its .ics, which a calendar app reads as that event; past cards have none', async () => {
    const upcoming = await insertEvent(db(), {
      name: 'Vision Transformers Day',
      slug: 'vision-transformers-day',
      start_date: new Date(NOW + 12 * DAY_MS),
      end_date: new Date(NOW + 12 * DAY_MS + 6 * 3600_000),
    });
    await insertEvent(db(), {
      name: 'Old Robotics Fair',
      slug: 'old-robotics-fair',
      start_date: new Date(Date.now() - 90 * DAY_MS),
      end_date: new Date(Date.now() - 89 * DAY_MS),
    });
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/events`);
    const card = page.locator('[data-past="false"]').filter({ hasText: 'Vision Transformers Day' });
    const link = card.getByRole('link', { name: 'Add to calendar' });
    expect(await link.getAttribute('href')).toBe('/events/vision-transformers-day.ics');
    const download = page.waitForEvent('download');
    await link.click();
    const file = await (await download).path();
    const parsed = ical.sync.parseFile(file);
    const events = Object.values(parsed).filter((c) => (c as VEvent)?.type === 'VEVENT') as VEvent[];
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ summary: 'Vision Transformers Day' });
    expect(events[0]!.start.toISOString()).toBe(new Date(upcoming.start_date).toISOString());

    await page.getByRole('button', { name: 'Past Events' }).click();
    const past = page.locator('[data-past="true"]').filter({ hasText: 'Old Robotics Fair' });
    await past.waitFor();
    expect(await past.getByRole('link', { name: 'Add to calendar' }).count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('the event page shows the event with Register Now, Add to calendar and its Event data', async () => {
    await insertEvent(db(), {
      name: 'Agents in Production',
      slug: 'agents-in-production',
      location: 'Online',
      virtual: true,
      organizer: 'Agent Guild',
      description: 'Three talks.\nThen questions.',
      url: 'https://agents.example/register',
      start_date: new Date(Date.now() + 5 * DAY_MS),
    });
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/events/agents-in-production`);
    await page.getByRole('heading', { level: 1, name: 'Agents in Production' }).waitFor();
    expect(await page.getByRole('link', { name: 'Register Now' }).getAttribute('href')).toBe('https://agents.example/register');
    expect(await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe('/events/agents-in-production.ics');
    await page.getByText('Agent Guild').waitFor();
    const data = await page.evaluate(() =>
      Array.from(document.querySelectorAll('script[type="application/ld+json"]'))
        .map((s) => JSON.parse(s.textContent ?? '{}') as Record<string, unknown>)
        .filter((d) => d['@type'] === 'Event'),
    );
    expect(data.length).toBeGreaterThan(0);
    expect(data[0]).toMatchObject({
      name: 'Agents in Production',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: 'https://agents.example/register' },
      organizer: { '@type': 'Organization', name: 'Agent Guild' },
    });
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('an event whose place is not known yet carries no Event data, served or rendered; one with a place has a Place', async () => {
    await insertEvent(db(), { name: 'Diffusion Models Day', slug: 'diffusion-models-day', location: 'To be announced' });
    await insertEvent(db(), { name: 'Diffusion Models Night', slug: 'diffusion-models-night', location: 'Kongresshaus, Zürich' });
    const served = async (slug: string) =>
      [
        ...(await (await fetch(`${env.sys.url}/events/${slug}`)).text()).matchAll(
          /<script data-ssr type="application\/ld\+json">(.*?)<\/script>/g,
        ),
      ]
        .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
        .filter((d) => d['@type'] === 'Event');
    expect(await served('diffusion-models-day')).toEqual([]);
    expect(await served('diffusion-models-night')).toEqual([
      expect.objectContaining({ location: { '@type': 'Place', name: 'Kongresshaus, Zürich', address: 'Kongresshaus, Zürich' } }),
    ]);
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/events/diffusion-models-day`);
    await page.getByRole('heading', { level: 1, name: 'Diffusion Models Day' }).waitFor();
    await page.getByText('To be announced').waitFor();
    // The breadcrumbs are there, the Event is not.
    const rendered = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t) as Record<string, unknown>,
    );
    expect(rendered.map((d) => d['@type'])).toEqual(['BreadcrumbList']);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('the Events page offers the calendar of upcoming events: a visible Subscribe to calendar link and an alternate link in the served head', async () => {
    await insertEvent(db(), { name: 'Calendar Feed Summit', slug: 'calendar-feed-summit', start_date: new Date(NOW + 20 * DAY_MS) });
    const page = await openPage(env.browser);
    await page.goto(`${env.sys.url}/events`);
    const link = page.getByRole('link', { name: 'Subscribe to calendar' });
    await link.waitFor({ state: 'visible' });
    const href = (await link.getAttribute('href'))!;
    expect(href).toBe('/events.ics');
    const res = await fetch(new URL(href, env.sys.url));
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const events = Object.values(ical.sync.parseICS(await res.text())).filter((c) => (c as VEvent)?.type === 'VEVENT') as VEvent[];
    expect(events.map((e) => e.summary)).toContain('Calendar Feed Summit');

    const head = await (await fetch(`${env.sys.url}/events`)).text();
    const alternate = head.match(/<link data-ssr rel="alternate" type="text\/calendar" title="([^"]*)" href="([^"]*)" \/>/);
    expect(alternate?.[1]).toBe('NeuralBeat: AI events');
    expect(new URL(alternate![2]!).pathname).toBe('/events.ics');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
