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
/** Collects the source now through the console's API and waits until that collection has been stored. */
async function collectNow(sourceId: number): Promise<void> {
  const since = new Date();
  expect((await post(`/api/admin/sources/${sourceId}/collect`)).status).toBe(200);
  await until(async () => {
    const row = await sys.database.db('news_sources').where({ id: sourceId }).first('last_success_at');
    return row?.last_success_at >= since;
  });
}
const eventNamed = (name: string) => sys.database.db('events').where({ name }).first();
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

  it("an operator's publish decision on a collected event stands when the source changes it; a cancellation still unpublishes", async () => {
    const start = dayFromNow(25).set({ hour: 18 });
    const feed = (description: string, boardGamesStatus?: string) =>
      calendar([
        vevent({
          UID: 'llm-serving@decisions',
          SUMMARY: 'LLM Serving Meetup',
          DESCRIPTION: description,
          DTSTART: icsUtc(start),
          LOCATION: 'Dresden\\, Germany',
        }),
        vevent({
          UID: 'board-games@decisions',
          SUMMARY: 'Board games evening',
          DESCRIPTION: description,
          DTSTART: icsUtc(start.plus({ days: 1 })),
          LOCATION: 'Dresden\\, Germany',
          ...(boardGamesStatus ? { STATUS: boardGamesStatus } : {}),
        }),
      ]);
    server.routes.set('/decisions.ics', { body: feed('First talks.'), contentType: 'text/calendar' });
    const added = await post('/api/admin/sources', { name: 'Dresden Calendar', feedUrl: `${server.url}/decisions.ics`, kind: 'ical' });
    const sourceId = added.body.source.id as number;
    const relevant = await until(() => eventNamed('LLM Serving Meetup'));
    const boardGames = await until(() => eventNamed('Board games evening'));
    expect([relevant.published, boardGames.published]).toEqual([true, false]);

    // The operator takes the relevant event down (its unpublish action) and puts the low-scoring one up (an edit).
    expect((await post(`/api/admin/events/${relevant.id}/unpublish`)).body.item.published).toBe(false);
    const patched = await adminCall(sys.url, cookie, `/api/admin/events/${boardGames.id}`, { method: 'PATCH', body: { published: true } });
    expect(patched.body.item.published).toBe(true);

    // The source changes both events: their text follows, the operator's decisions stay.
    server.routes.set('/decisions.ics', { body: feed('Talks announced.'), contentType: 'text/calendar' });
    await collectNow(sourceId);
    expect(await eventNamed('LLM Serving Meetup')).toMatchObject({ description: 'Talks announced.', published: false });
    expect(await eventNamed('Board games evening')).toMatchObject({ description: 'Talks announced.', published: true });
    const names = await until(async () => {
      const list = (await upcoming()).map((e) => e.name);
      return list.includes('Board games evening') ? list : undefined;
    });
    expect(names).not.toContain('LLM Serving Meetup');

    server.routes.set('/decisions.ics', { body: feed('Talks announced.', 'CANCELLED'), contentType: 'text/calendar' });
    await collectNow(sourceId);
    expect(await eventNamed('Board games evening')).toMatchObject({ published: false, event_status: 'cancelled' });
    await until(async () => ((await upcoming()).every((e) => e.name !== 'Board games evening') ? true : undefined));
  });

  it("an operator's corrections to a collected event stand when the source changes it; the fields they did not change follow the source", async () => {
    const start = dayFromNow(35).set({ hour: 19 });
    const feed = (name: string, description: string, location: string) =>
      calendar([
        vevent({ UID: 'vision-night@corrections', SUMMARY: name, DESCRIPTION: description, DTSTART: icsUtc(start), LOCATION: location }),
      ]);
    server.routes.set('/corrections.ics', {
      body: feed('Computr Vision Nite', 'Talks on detection.', 'Bremen'),
      contentType: 'text/calendar',
    });
    const added = await post('/api/admin/sources', { name: 'Bremen AI', feedUrl: `${server.url}/corrections.ics`, kind: 'ical' });
    const collected = await until(() => eventNamed('Computr Vision Nite'));

    // The operator fixes the name; the location sent is the stored one, so it is no correction.
    const patched = await adminCall(sys.url, cookie, `/api/admin/events/${collected.id}`, {
      method: 'PATCH',
      body: { name: 'Computer Vision Night', location: collected.location },
    });
    expect(patched.status).toBe(200);
    expect(await sys.database.db('events').where({ id: collected.id }).first()).toMatchObject({ operator_edited_fields: ['name'] });

    server.routes.set('/corrections.ics', {
      body: feed('Computr Vision Nite (updated)', 'Talks on detection and tracking.', 'Bremen, Germany'),
      contentType: 'text/calendar',
    });
    await collectNow(added.body.source.id);
    expect(await sys.database.db('events').where({ id: collected.id }).first()).toMatchObject({
      name: 'Computer Vision Night',
      description: 'Talks on detection and tracking.',
      location: 'Bremen, Germany',
      slug: collected.slug,
    });
  });

  it('an event an operator deletes stays deleted: collecting its sources again does not bring it back', async () => {
    const start = dayFromNow(30).set({ hour: 9 });
    const feed = (extra: string[][] = []) =>
      calendar([
        vevent({ UID: 'rag-day@hamburg', SUMMARY: 'RAG Day Hamburg', DTSTART: icsUtc(start), LOCATION: 'Hamburg\\, Germany' }),
        ...extra,
      ]);
    server.routes.set('/hamburg.ics', { body: feed(), contentType: 'text/calendar' });
    server.routes.set('/hamburg-mirror.ics', { body: feed(), contentType: 'text/calendar' });
    const first = await post('/api/admin/sources', { name: 'Hamburg AI', feedUrl: `${server.url}/hamburg.ics`, kind: 'ical' });
    const event = await until(() => eventNamed('RAG Day Hamburg'));
    // A second calendar with the same event joins it.
    const mirror = await post('/api/admin/sources', { name: 'Hamburg Mirror', feedUrl: `${server.url}/hamburg-mirror.ics`, kind: 'ical' });
    await until(async () => ((await sys.database.db('event_source_items').where({ event_id: event.id })).length === 2 ? true : undefined));

    const deleted = await adminCall(sys.url, cookie, `/api/admin/events/${event.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(
      await sys.database.db('admin_audit_log').where({ action: 'contentDelete' }).whereRaw(`params->>'name' = ?`, ['RAG Day Hamburg']),
    ).toEqual([
      expect.objectContaining({
        affected_ids: [event.id],
        actor_username: 'operator',
        params: expect.objectContaining({ kind: 'events' }),
      }),
    ]);

    // Both calendars still list it, and one gains another event: that one comes, the deleted one does not.
    const next = vevent({ UID: 'rag-night@hamburg', SUMMARY: 'RAG Night Hamburg', DTSTART: icsUtc(start.plus({ days: 7 })) });
    server.routes.set('/hamburg.ics', { body: feed([next]), contentType: 'text/calendar' });
    await collectNow(first.body.source.id);
    await collectNow(mirror.body.source.id);
    expect(await eventNamed('RAG Night Hamburg')).toMatchObject({ source_name: 'Hamburg AI' });
    expect(await eventNamed('RAG Day Hamburg')).toBeUndefined();
    expect((await upcoming()).map((e) => e.name)).not.toContain('RAG Day Hamburg');
  });
});
