import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSystem, type RunningSystem } from '../../support/system';
import { adminCall, insertAccounts, signIn, until } from '../../support/admin';
import { startFeedServer, type FeedServer } from '../../support/feedServer';
import { calendar, dayFromNow, icsUtc, vevent } from '../../support/eventSources';
import { shellDist } from '../../support/shellDist';

let sys: RunningSystem;
let cookie: string;
let server: FeedServer;
const shell = shellDist();

beforeAll(async () => {
  [sys, server] = await Promise.all([startSystem({ WEB_DIST: shell.dir }), startFeedServer()]);
  await insertAccounts(sys.database.db);
  cookie = await signIn(sys.url);
});
afterAll(async () => {
  await server.close();
  await sys.stop();
  shell.remove();
});

const post = (path: string, body: unknown = {}) => adminCall(sys.url, cookie, path, { body });
const upcoming = () =>
  fetch(`${sys.url}/api/events/upcoming`).then((r) => r.json() as Promise<{ id: number; slug: string; name: string }[]>);
const search = (q: string) =>
  fetch(`${sys.url}/api/events/search?q=${encodeURIComponent(q)}`).then((r) => r.json() as Promise<{ name: string }[]>);

describe('event sources end to end', () => {
  it('an iCalendar source added by an operator fills Upcoming Events, search and the calendar; cancelling takes the event down everywhere', async () => {
    const start = dayFromNow(15).set({ hour: 17 });
    const feed = (status?: string) =>
      calendar([
        vevent({
          UID: 'llm-night@fixture',
          SUMMARY: 'Quantised LLM Night',
          DESCRIPTION: 'Running language models on a laptop.',
          DTSTART: icsUtc(start),
          DTEND: icsUtc(start.plus({ hours: 3 })),
          LOCATION: 'Leipzig\\, Germany',
          ...(status ? { STATUS: status } : {}),
        }),
        vevent({
          UID: 'knitting@fixture',
          SUMMARY: 'Knitting circle',
          DTSTART: icsUtc(start.plus({ days: 1 })),
          LOCATION: 'Leipzig\\, Germany',
        }),
      ]);
    server.routes.set('/meetups.ics', { body: feed(), contentType: 'text/calendar' });
    const added = await post('/api/admin/sources', { name: 'Leipzig Meetups', feedUrl: `${server.url}/meetups.ics`, kind: 'ical' });
    expect(added.status).toBe(201);
    expect(added.body.source).toMatchObject({ kind: 'ical', enabled: true });

    // Collected at once by the running pipeline; only the AI event is published, the other waits for an operator.
    const [event] = await until(async () => {
      const list = await upcoming();
      return list.some((e) => e.name === 'Quantised LLM Night') ? list : undefined;
    });
    expect((await upcoming()).map((e) => e.name)).not.toContain('Knitting circle');
    expect(await sys.database.db('events').where({ name: 'Knitting circle' }).first()).toMatchObject({ published: false });
    await until(async () => ((await search('Quantised')).some((e) => e.name === 'Quantised LLM Night') ? true : undefined));
    expect(await (await fetch(`${sys.url}/events.ics`)).text()).toContain('SUMMARY:Quantised LLM Night');
    expect((await fetch(`${sys.url}/events/${event!.slug}`)).status).toBe(200);

    server.routes.set('/meetups.ics', { body: feed('CANCELLED'), contentType: 'text/calendar' });
    expect((await post(`/api/admin/sources/${added.body.source.id}/collect`)).status).toBe(200);
    await until(async () => ((await upcoming()).length === 0 ? true : undefined));
    await until(async () => ((await search('Quantised')).length === 0 ? true : undefined));
    expect(await (await fetch(`${sys.url}/events.ics`)).text()).not.toContain('Quantised LLM Night');
    const sources = await adminCall(sys.url, cookie, '/api/admin/sources');
    expect(sources.body.sources.find((s: { id: number }) => s.id === added.body.source.id)).toMatchObject({ kind: 'ical' });
  });
});
