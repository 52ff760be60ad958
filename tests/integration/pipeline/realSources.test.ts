import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, type EventBus, type RunningServer } from '@neuralbeat/common';
import { startContent } from '../../../services/content/src/server';
import { EventCollector } from '../../../services/pipeline/src/events/eventCollector';
import { JobCollector } from '../../../services/pipeline/src/jobs/jobCollector';
import { SourcesRepository } from '../../../services/pipeline/src/repositories/sourcesRepository';
import { SHARED_DATA } from '../../../bench/dedupeLabels/realFeeds';
import { startFeedServer, type FeedServer } from '../../support/feedServer';
import { createTestDatabase, testConfig, type TestDatabase } from '../../support/testEnv';

/**
 * The event and job collectors on the real files of ../shared/data/events and
 * ../shared/data/jobs (read where they lie, never copied), served by a local
 * server and collected into a real database through the collectors the collect
 * worker runs. Event sources are collected with `now` pinned to a day when the
 * file was current (its first event's day, or the day it was exported); job
 * boards with the age limit lifted where a posting's age is not the point.
 * `npm run bench -- realEvents` and `-- realJobs` print the same figures, and
 * docs/jobs-and-events.md tabulates them. Without the shared data each block
 * says so and is skipped; the fixture tests (eventSources, jobSources,
 * services/pipeline/src/{events,jobs}) still run.
 */
const EVENTS = path.join(SHARED_DATA, 'events');
const JOBS = path.join(SHARED_DATA, 'jobs');
const eventsPresent = fs.existsSync(path.join(EVENTS, 'ics'));
const jobsPresent = fs.existsSync(path.join(JOBS, 'greenhouse')) && fs.existsSync(path.join(JOBS, 'lever'));
if (!eventsPresent) console.log(`No real event data at ${EVENTS}: real event source tests skipped.`);
if (!jobsPresent) console.log(`No real job data at ${JOBS}: real job board tests skipped.`);

const DAY_MS = 86_400_000;
const read = (dir: string, file: string) => fs.readFileSync(path.join(dir, file));
const bus = { publish: async () => 'id' } as unknown as EventBus;
const logger = createLogger('realSources', 'silent');

/** Each file is served at a path of its own: a new source each time. */
let routes = 0;
/** How many items were left out for each reason. */
const reasonsOf = (skipped: { reason: string }[] = []) => {
  const counts: Record<string, number> = {};
  for (const s of skipped) counts[s.reason] = (counts[s.reason] ?? 0) + 1;
  return counts;
};

describe.skipIf(!eventsPresent)('real event sources', () => {
  let t: TestDatabase;
  let server: FeedServer;
  let sources: SourcesRepository;
  const collectorAt = (now: Date) =>
    new EventCollector(t.db, logger, bus, {
      timeoutMs: 15_000,
      userAgent: 'NeuralBeatBot/1.0 (test)',
      relevanceThreshold: 50,
      now: () => now,
    });

  /** Serves `body` (the real file unless given) and adds it as a source. */
  async function addSource(file: string, body: string | Buffer = read(EVENTS, file)) {
    const html = file.endsWith('.html');
    const route = `/${++routes}/${path.basename(file)}`;
    server.routes.set(route, { body, contentType: html ? 'text/html; charset=utf-8' : 'text/calendar; charset=utf-8' });
    return sources.upsert(`${path.basename(file)} #${routes}`, `${server.url}${route}`, html ? 'event-feed' : 'ical');
  }
  /** The source's events (also those it joined), with the item key each came as. */
  const eventsOf = (sourceId: number) =>
    t
      .db('events')
      .join('event_source_items', 'event_source_items.event_id', 'events.id')
      .where('event_source_items.source_id', sourceId)
      .orderBy('events.start_date')
      .select('events.*', 'event_source_items.item_key');
  const PAST = "ended more than 30 days before the source's first collection";
  const NO_OCCURRENCE = 'recurring, with no occurrence in the window';
  const CANCELLED = 'cancelled (STATUS:CANCELLED) before it was ever collected';

  /**
   * Each file as of a day it was current. `items` is what the reader saw (every
   * occurrence of a series within 30 days back … 12 months ahead, each series
   * with none, each one-off event); the rest is the docs' table.
   */
  const PINNED: { file: string; asOf: string; items: number; imported: number; published: number; left?: Record<string, number> }[] = [
    // 4 VEVENTs, one STATUS:CANCELLED: never imported; plain titles, no AI signal.
    {
      file: 'ics/apple-macos_event-status-variants.ics',
      asOf: '2022-07-04',
      items: 4,
      imported: 3,
      published: 0,
      left: { [CANCELLED]: 1 },
    },
    // 969 one-off deadlines, none recurring; the 111 of its AI category reach 50, and 39 of other categories' named AI
    // venues (CIKM, ICDM, ECML-PKDD, SIGIR, WSDM, ICASSP, 3DV, MICCAI, MLSys); the other 819 wait for an operator.
    { file: 'ics/ccfddl_cs-ai-conference-deadlines.ics', asOf: '2020-01-07', items: 969, imported: 969, published: 150 },
    // 107 VEVENTs = 91 one-off blocks + 11 series + 5 RECURRENCE-ID overrides folded into their series; the series give
    // 119 occurrences up to 2021-05-09 (12 months ahead). Free/busy blocks (Busy, Away …) score 0.
    { file: 'ics/exchange2010_published-freebusy_cest.ics', asOf: '2020-05-08', items: 210, imported: 210, published: 0 },
    // Exported on 16 Feb 2019 (upstream it is machbar_16_feb_2019.ics): 7 open-ended series and 8 ending in the window
    // give 337 occurrences from 17 Jan 2019 to 17 Feb 2020, plus 5 one-off events still to come; 9 series ended before
    // and 29 one-off events more than 30 days before. German hackerspace meetings: no AI signal.
    {
      file: 'ics/google-calendar_machbar-hackerspace_public.ics',
      asOf: '2019-02-16',
      items: 380,
      imported: 342,
      published: 0,
      left: { [NO_OCCURRENCE]: 9, [PAST]: 29 },
    },
    // One series: every other Monday from 3 June 2024 until (UNTIL) 6 Jan 2025, so the last is 30 Dec: 16.
    { file: 'ics/icalmaker_scitt-community-call_biweekly.ics', asOf: '2024-06-03', items: 16, imported: 16, published: 0 },
    // 166 one-off meetups (DevOps, cloud, Java …); the 12 with AI ("IA"), LLMs or NLP in the title reach 50.
    { file: 'ics/icalnet_toulouse-tech-hub_meetups.ics', asOf: '2018-06-28', items: 166, imported: 166, published: 12 },
    // 24 tutorials; the LLM, ML-pipeline, AI crash course and JAX ones reach 50.
    { file: 'ics/icspy_pycon-us-2025_tutorials.ics', asOf: '2025-05-14', items: 24, imported: 24, published: 4 },
    // 8 conferences and the maintainers' malformed "Next Year" test event.
    {
      file: 'ics/lanyrd_nodejs-conferences.ics',
      asOf: '2011-03-12',
      items: 9,
      imported: 8,
      published: 0,
      left: { 'no readable start date': 1 },
    },
    // 291 one-off events (network-state, web3, tech); the 10 with AI in the title reach 50.
    { file: 'ics/luma_network-school_calendar.ics', asOf: '2023-05-17', items: 291, imported: 291, published: 10 },
    { file: 'ics/meetup_detroitruby_group-events.ics', asOf: '2013-01-10', items: 6, imported: 6, published: 0 },
    { file: 'ics/sabredav-nextcloud_school-holidays_allday-with-tzid.ics', asOf: '2018-07-02', items: 1, imported: 1, published: 0 },
    // A daily series of 3 whose second occurrence is overridden as CANCELLED.
    {
      file: 'ics/thunderbird_recurring-with-cancelled-occurrence.ics',
      asOf: '2020-01-28',
      items: 3,
      imported: 2,
      published: 0,
      left: { [CANCELLED]: 1 },
    },
    { file: 'other/songkick_event-page_elysian-fields_2015-10-31.html', asOf: '2015-10-31', items: 1, imported: 1, published: 0 },
  ];
  const pinned = new Map<string, { sourceId: number; asOf: Date }>();
  const report: Record<string, unknown>[] = [];

  beforeAll(async () => {
    [t, server] = await Promise.all([createTestDatabase(), startFeedServer()]);
    sources = new SourcesRepository(t.db);
    for (const { file, asOf } of PINNED) {
      const now = new Date(`${asOf}T00:00:00Z`);
      const source = await addSource(file);
      const result = await collectorAt(now).collect(source.id);
      pinned.set(file, { sourceId: source.id, asOf: now });
      const rows = await eventsOf(source.id);
      report.push({
        file,
        asOf,
        status: result.status,
        items: result.seen,
        imported: result.added.length,
        stored: rows.length,
        published: rows.filter((r) => r.published).length,
        ...(result.skipped?.length ? { left: reasonsOf(result.skipped) } : {}),
      });
    }
  });
  afterAll(async () => {
    await server?.close();
    await t?.drop();
  });

  it('each file as of a day it was current: items read, events imported, published by relevance, and why the rest are left out', () => {
    const found = [
      ...fs
        .readdirSync(path.join(EVENTS, 'ics'))
        .filter((f) => f.endsWith('.ics'))
        .map((f) => `ics/${f}`),
      ...fs
        .readdirSync(path.join(EVENTS, 'other'))
        .filter((f) => f.endsWith('.html'))
        .map((f) => `other/${f}`),
    ].sort();
    expect(PINNED.map((p) => p.file)).toEqual(found);
    expect(report).toEqual(PINNED.map((p) => ({ status: 'collected', stored: p.imported, ...p })));
  });

  it('collecting every file again (same day) adds, updates and closes nothing', async () => {
    for (const { file } of PINNED) {
      const { sourceId, asOf } = pinned.get(file)!;
      const again = await collectorAt(asOf).collect(sourceId);
      expect({ file, status: again.status, added: again.added, updated: again.updated, closed: again.closed }).toEqual({
        file,
        status: 'collected',
        added: [],
        updated: [],
        closed: [],
      });
    }
  });

  it('the deadline calendar: every deadline of its AI category published, AoE deadlines at their UTC instant', async () => {
    const rows = await eventsOf(pinned.get('ics/ccfddl_cs-ai-conference-deadlines.ics')!.sourceId);
    const ai = rows.filter((r) => (r.topics as string[]).some((topic) => topic.endsWith('(AI)')));
    expect(ai).toHaveLength(111);
    expect(ai.every((r) => r.published && r.ai_relevance_score >= 50)).toBe(true);
    expect(rows.filter((r) => !ai.includes(r) && r.published)).toHaveLength(39);
    // "Etc/GMT+12" (UTC-12, Anywhere on Earth) has no VTIMEZONE in the file: read from the IANA database.
    const aaai = rows.find((r) => r.item_key === '7f007e22-4aec-4f69-aee3-7aab48c9577c')!;
    expect(aaai).toMatchObject({ event_type: 'Deadline', timezone: 'Etc/GMT+12', all_day: false });
    expect(aaai.start_date.toISOString()).toBe('2021-08-31T11:59:59.000Z');
  });

  it('the hackerspace calendar: series expanded, an EXDATE removes its occurrence, a RECURRENCE-ID override moves one', async () => {
    const rows = await eventsOf(pinned.get('ics/google-calendar_machbar-hackerspace_public.ics')!.sourceId);
    const series = (uid: string) => rows.filter((r) => r.item_key.startsWith(`${uid}#`));
    // Thursdays from 28 Feb 2019 to 13 Feb 2020 are 51; the EXDATE takes 7 March out.
    const thursdays = series('7g6502aejkun96i5fenfu6hvc1@google.com');
    expect(thursdays).toHaveLength(50);
    expect(thursdays.map((r) => r.start_date.toISOString().slice(0, 10))).not.toContain('2019-03-07');
    expect(thursdays.map((r) => r.start_date.toISOString().slice(0, 10))).toContain('2019-03-14');
    // 08:30 in Berlin: 07:30 UTC in winter, 06:30 in summer.
    expect(thursdays[0]!.start_date.toISOString()).toBe('2019-02-28T07:30:00.000Z');
    expect(thursdays.find((r) => r.start_date.toISOString().startsWith('2019-07-04'))!.start_date.toISOString()).toBe(
      '2019-07-04T06:30:00.000Z',
    );
    expect(thursdays[0]).toMatchObject({ timezone: 'Europe/Berlin', recurring: true, recurrence_pattern: 'RRULE:FREQ=WEEKLY;BYDAY=TH' });
    // The repair café of Saturday 16 Feb was moved to Sunday 24 Feb: same item (its original start), the new time.
    const moved = rows.find((r) => r.item_key === 'ome5r9735mpdoo3n6lpf8oi0c4@google.com#2019-02-16T10:00:00.000Z')!;
    expect(moved.start_date.toISOString()).toBe('2019-02-24T10:00:00.000Z');
    expect(series('ome5r9735mpdoo3n6lpf8oi0c4@google.com').map((r) => r.start_date.toISOString())).toEqual([
      '2019-01-27T10:00:00.000Z',
      '2019-02-24T10:00:00.000Z',
    ]);
  });

  it('time zones: Windows zone names, a TZID without VTIMEZONE, floating times in the calendar zone, Meetup TZIDs, a JSON-LD offset', async () => {
    const byKey = async (file: string, key: string) => (await eventsOf(pinned.get(file)!.sourceId)).find((r) => r.item_key === key)!;
    // Exchange: 09:00 "W. Europe Standard Time" in May is 07:00 UTC.
    const exchange = await byKey(
      'ics/exchange2010_published-freebusy_cest.ics',
      '040000008200E00074C5B7101A82E00800000000B05AD42D8A27D60100000000000000001000000030BB2D39F818C747A760BA7929ED3981',
    );
    expect(exchange.start_date.toISOString()).toBe('2020-05-12T07:00:00.000Z');
    expect(exchange).toMatchObject({ name: 'Tentative', ai_relevance_score: 0, published: false });
    // Apple: TZID=America/Vancouver with no VTIMEZONE in the file; 09:00 PDT.
    const apple = await byKey('ics/apple-macos_event-status-variants.ics', 'F00F3710-BF4D-46D3-9A2C-1037AB24C6AC');
    expect(apple.start_date.toISOString()).toBe('2022-07-05T16:00:00.000Z');
    expect(apple.timezone).toBe('America/Vancouver');
    // Toulouse: floating 19:00 read in the file's one VTIMEZONE (Europe/Paris, appended at its end): 17:00 UTC in June.
    const toulouse = await byKey('ics/icalnet_toulouse-tech-hub_meetups.ics', 'meetup-251544549');
    expect(toulouse.start_date.toISOString()).toBe('2018-06-28T17:00:00.000Z');
    expect(toulouse.timezone).toBe('Europe/Paris');
    // Meetup: 18:30 in New York in January.
    const meetup = await byKey('ics/meetup_detroitruby_group-events.ics', 'event_qgkxkcyrcbnb@meetup.com');
    expect(meetup.start_date.toISOString()).toBe('2013-01-10T23:30:00.000Z');
    expect(meetup.location).toBe('Compuware Building (One Campus Martius, Detroit, MI 48226)');
    // The SCITT call, 11:00 in New York across the DST change: 15:00 UTC in June, 16:00 UTC from November.
    const scitt = await eventsOf(pinned.get('ics/icalmaker_scitt-community-call_biweekly.ics')!.sourceId);
    expect(scitt.map((r) => r.start_date.toISOString().slice(11, 16))).toEqual([...Array(11).fill('15:00'), ...Array(5).fill('16:00')]);
    expect(scitt.at(-1)!.start_date.toISOString()).toBe('2024-12-30T16:00:00.000Z');
    expect(scitt[0]).toMatchObject({ virtual: true, location: 'Online', timezone: 'America/New_York' });
    // Songkick's JSON-LD page: a MusicEvent at 19:30 -0400 (offset written without a colon).
    const [page] = await eventsOf(pinned.get('other/songkick_event-page_elysian-fields_2015-10-31.html')!.sourceId);
    expect(page).toMatchObject({ name: 'Elysian Fields', event_type: 'Concert', virtual: false, speakers: ['Elysian Fields'] });
    expect(page.start_date.toISOString()).toBe('2015-10-31T23:30:00.000Z');
    expect(page.location).toContain('Brooklyn');
  });

  it('all-day events stay dates: a TZID on a DATE value, Lanyrd conferences, and a UTC start with a DATE end', async () => {
    const [holidays] = await eventsOf(pinned.get('ics/sabredav-nextcloud_school-holidays_allday-with-tzid.ics')!.sourceId);
    // DTEND 11 Aug is exclusive: the holidays' last day is 10 Aug.
    expect(holidays).toMatchObject({ all_day: true });
    expect(holidays.start_date.toISOString()).toBe('2018-07-02T00:00:00.000Z');
    expect(holidays.end_date.toISOString()).toBe('2018-08-10T00:00:00.000Z');
    const lanyrd = await eventsOf(pinned.get('ics/lanyrd_nodejs-conferences.ics')!.sourceId);
    const jsconf = lanyrd.find((r) => r.item_key === 'ed334cc85db5ebdff5ff5a630a7a48631a677dbe')!;
    expect(jsconf).toMatchObject({ all_day: true, location: 'Portland, United States' });
    expect([jsconf.start_date.toISOString(), jsconf.end_date.toISOString()]).toEqual([
      '2011-05-02T00:00:00.000Z',
      '2011-05-03T00:00:00.000Z',
    ]);
    // Dyncon starts at a UTC time and ends on a date: a timed event.
    const dyncon = lanyrd.find((r) => r.item_key === 'd4c826dfb701f611416d69b4df81caf9ff80b03a')!;
    expect(dyncon).toMatchObject({ all_day: false });
    expect(dyncon.start_date.toISOString()).toBe('2011-03-12T20:00:00.000Z');
  });

  it('a cancelled occurrence: never imported anew, and taken down when the calendar cancels one already collected', async () => {
    const file = 'ics/thunderbird_recurring-with-cancelled-occurrence.ics';
    const real = read(EVENTS, file).toString('utf8');
    const rows = await eventsOf(pinned.get(file)!.sourceId);
    expect(rows.map((r) => r.start_date.toISOString())).toEqual(['2020-01-28T21:00:00.000Z', '2020-01-30T21:00:00.000Z']);

    // The calendar as it was before the organiser cancelled 29 January: the series alone (the override removed).
    const before = real
      .split('BEGIN:VEVENT')
      .filter((part) => !part.includes('RECURRENCE-ID'))
      .join('BEGIN:VEVENT');
    const source = await addSource(file, before);
    const now = new Date('2020-01-27T00:00:00Z');
    const first = await collectorAt(now).collect(source.id);
    expect(first.added).toHaveLength(3);
    // Nothing AI in it: an operator published the three by hand.
    await t.db('events').whereIn('id', first.added).update({ published: true, published_by: 'operator' });

    const route = new URL(source.feed_url).pathname;
    server.routes.set(route, { body: real, contentType: 'text/calendar; charset=utf-8' });
    const second = await collectorAt(now).collect(source.id);
    const after = await eventsOf(source.id);
    const cancelled = after.find((r) => r.item_key === 'b65c2b5b-b785-4edc-9560-e0379036d1f2#2020-01-29T21:00:00.000Z')!;
    expect(second.closed).toEqual([cancelled.id]);
    expect(cancelled).toMatchObject({ event_status: 'cancelled', published: false });
    expect(after.filter((r) => r.id !== cancelled.id).map((r) => [r.event_status, r.published])).toEqual([
      ['scheduled', true],
      ['scheduled', true],
    ]);
  });

  it("the same events from a second source join the first one's instead of being added twice", async () => {
    const file = 'ics/lanyrd_nodejs-conferences.ics';
    const first = pinned.get(file)!;
    // The Lanyrd feed as a second calendar carries it (same name, UTC day and city): 8 joined, none added.
    const mirror = await addSource(file);
    const result = await collectorAt(first.asOf).collect(mirror.id);
    expect(result).toMatchObject({ status: 'collected', seen: 9, added: [] });
    expect(result.joined).toHaveLength(8);
    const originals = (await eventsOf(first.sourceId)).map((r) => r.id).sort();
    expect([...result.joined!].sort()).toEqual(originals);
    // Each event keeps the source that brought it first.
    const firstUrl = (await sources.find(first.sourceId))!.feed_url;
    expect(new Set((await eventsOf(mirror.id)).map((r) => r.source_url))).toEqual(new Set([firstUrl]));
  });

  it('collected today, the old calendars yield nothing past the 30-day cutoff; only the open-ended hackerspace series go on', async () => {
    const now = new Date();
    for (const { file } of PINNED) {
      const source = await addSource(file);
      const result = await collectorAt(now).collect(source.id);
      const rows = await eventsOf(source.id);
      expect(rows.filter((r) => r.published)).toEqual([]);
      if (!file.includes('machbar')) {
        expect({ file, added: result.added }).toEqual({ file, added: [] });
        continue;
      }
      // Its 7 series with no end (5 weekly, 2 every other week): about 57 and 28 occurrences each in 13 months.
      const uids = new Set(rows.map((r) => r.item_key.split('#')[0]));
      expect(uids.size).toBe(7);
      expect(rows.length).toBeGreaterThanOrEqual(5 * 56 + 2 * 27);
      expect(rows.length).toBeLessThanOrEqual(5 * 58 + 2 * 29);
    }
  });
});

describe.skipIf(!jobsPresent)('real job boards', () => {
  let t: TestDatabase;
  let server: FeedServer;
  let sources: SourcesRepository;
  let content: RunningServer;
  const collectorFor = (maxAgeDays: number, db = t.db) =>
    new JobCollector(db, logger, bus, { timeoutMs: 15_000, userAgent: 'NeuralBeatBot/1.0 (test)', maxAgeDays });
  /** The age limit lifted: every real posting is taken as if collected when it was recorded. */
  const LIFTED = 36_500;

  const GITLAB = 'greenhouse/greenhouse_gitlab_jobs-content_2-of-167.json';
  const SMARTERDX = 'greenhouse/greenhouse_smarterdx_jobs-content_2-of-11.json';
  const STRIPE = 'greenhouse/greenhouse_stripe_jobs-list-no-content_12-of-572.json';
  const MATCHGROUP = 'lever/lever_matchgroup_postings_2-salary-range.json';
  const PALANTIR = 'lever/lever_palantir_postings_10.json';
  const NO_CONTENT = 'no description (asked without content=true)';
  const TOO_OLD = 'closed: posted over 45 days ago or past its deadline';

  /** Serves `body` (the real file unless given) at the board API's path and adds it as a source named `name`. */
  async function addBoard(file: string, name: string, body: string | Buffer = read(JOBS, file), repository = sources) {
    const n = ++routes;
    const kind = file.startsWith('greenhouse/') ? 'greenhouse' : 'lever';
    const route = kind === 'greenhouse' ? `/${n}/v1/boards/board${n}/jobs?content=true` : `/${n}/v0/postings/site${n}?mode=json`;
    server.routes.set(route, { body, contentType: 'application/json; charset=utf-8' });
    return repository.upsert(name, `${server.url}${route}`, kind);
  }
  /** Serves another body at a source's URL. */
  const serve = (feedUrl: string, body: string | Buffer) => {
    const url = new URL(feedUrl);
    server.routes.set(url.pathname + url.search, { body, contentType: 'application/json; charset=utf-8' });
  };
  const jobsOf = (sourceId: number) => t.db('jobs').where({ source_id: sourceId }).orderBy('external_id');

  /** Each file collected once with the age limit lifted: its source and what the collection reported. */
  const lifted = new Map<string, { sourceId: number; seen?: number; jobs: number; left: Record<string, number> }>();

  beforeAll(async () => {
    [t, server] = await Promise.all([createTestDatabase(), startFeedServer()]);
    sources = new SourcesRepository(t.db);
    content = await startContent(testConfig(t.url));
    for (const file of [GITLAB, SMARTERDX, STRIPE, MATCHGROUP, PALANTIR]) {
      const source = await addBoard(file, path.basename(file, '.json').split('_')[1]!);
      const result = await collectorFor(LIFTED).collect(source.id);
      lifted.set(file, { sourceId: source.id, seen: result.seen, jobs: result.added.length, left: reasonsOf(result.skipped) });
    }
  });
  afterAll(async () => {
    await content?.close();
    await server?.close();
    await t?.drop();
  });

  it('collected today (JOB_MAX_AGE_DAYS 45): no real posting is taken, all were posted 2024-03 … 2026-08', async () => {
    // Its own database: a collection closes every job past the age limit, whichever board it came from.
    const today = await createTestDatabase();
    try {
      const repository = new SourcesRepository(today.db);
      // The newest posting with a description was first published 2026-07-27 (SmarterDx); Stripe's list has none.
      const expected: [string, number, string][] = [
        [GITLAB, 2, TOO_OLD],
        [SMARTERDX, 2, TOO_OLD],
        [STRIPE, 12, NO_CONTENT],
        [MATCHGROUP, 2, TOO_OLD],
        [PALANTIR, 10, TOO_OLD],
      ];
      for (const [file, postings, reason] of expected) {
        const source = await addBoard(file, `today ${file}`, undefined, repository);
        const result = await collectorFor(45, today.db).collect(source.id);
        expect({ file, status: result.status, seen: result.seen, added: result.added, left: reasonsOf(result.skipped) }).toEqual({
          file,
          status: 'collected',
          seen: postings,
          added: [],
          left: { [reason]: postings },
        });
      }
      expect(await today.db('jobs').count<{ count: string }[]>('id as count')).toEqual([{ count: '0' }]);
    } finally {
      await today.drop();
    }
  });

  it("with the age limit lifted: jobs per file, Stripe's left out for want of descriptions, remote regions and structured pay", async () => {
    const figures = Object.fromEntries([...lifted].map(([file, { sourceId: _, ...f }]) => [file, f]));
    expect(figures).toEqual({
      [GITLAB]: { seen: 2, jobs: 2, left: {} },
      [SMARTERDX]: { seen: 2, jobs: 2, left: {} },
      // Recorded without content=true: twelve postings, no text a page could show.
      [STRIPE]: { seen: 12, jobs: 0, left: { [NO_CONTENT]: 12 } },
      [MATCHGROUP]: { seen: 2, jobs: 2, left: {} },
      [PALANTIR]: { seen: 10, jobs: 10, left: {} },
    });

    const gitlab = await jobsOf(lifted.get(GITLAB)!.sourceId);
    expect(gitlab.map((j) => [j.title, j.remote, j.country, j.salary_range])).toEqual([
      ['Account Executive - Italy', true, 'Italy', null],
      ['AI Engineer', true, 'United States', null],
    ]);
    // first_published, with its -04:00 offset, is the posting date; pay only in the content's prose stays prose.
    expect(gitlab[1]!.created_at.toISOString()).toBe('2026-05-29T11:49:29.000Z');
    expect(gitlab[1]!.description).toContain('$108,400');
    expect(gitlab[1]!.description).not.toMatch(/&lt;|<div/);

    const [android, seoul] = await jobsOf(lifted.get(MATCHGROUP)!.sourceId);
    expect(android).toMatchObject({
      title: 'Android Engineer III',
      location: 'New York, New York',
      salary_range: '$150,000 – $180,000 a year',
      salary_min: '150000.00',
      salary_max: '180000.00',
      salary_currency: 'USD',
      salary_unit: 'YEAR',
      remote: false,
    });
    expect(seoul).toMatchObject({ location: 'Seoul, South Korea', salary_range: null, salary_min: null });

    const palantir = await jobsOf(lifted.get(PALANTIR)!.sourceId);
    // The same title at two places stays two jobs (two board ids); the Scholarship is remote, in the US.
    expect(
      palantir
        .filter((j) => j.title === 'Backend Software Engineer - Defense')
        .map((j) => j.location)
        .sort(),
    ).toEqual(['Palo Alto, CA', 'Washington, D.C.']);
    expect(palantir.find((j) => j.title === 'American Tech Fellowship')).toMatchObject({
      remote: true,
      country: 'United States',
      job_type: 'Full-time',
    });
  });

  it('collected again (the same postings, re-serialised so the ETag differs) adds, updates and closes nothing', async () => {
    for (const [file, { sourceId }] of lifted) {
      serve((await sources.find(sourceId))!.feed_url, JSON.stringify(JSON.parse(read(JOBS, file).toString('utf8'))));
      const again = await collectorFor(LIFTED).collect(sourceId);
      expect({ file, status: again.status, added: again.added, updated: again.updated, closed: again.closed }).toEqual({
        file,
        status: 'collected',
        added: [],
        updated: [],
        closed: [],
      });
    }
  });

  it('a posting gone from the board closes at the next collection and its API answer is 410; back on the board, it opens again', async () => {
    const real = JSON.parse(read(JOBS, PALANTIR).toString('utf8')) as { id: string }[];
    const GONE = '1345438c-ebfc-4fa5-b545-30c1414f317c'; // Backend Software Engineer - Defense, Washington
    const source = await addBoard(PALANTIR, 'Palantir (closing)');
    await collectorFor(LIFTED).collect(source.id);
    const job = (await jobsOf(source.id)).find((j) => j.external_id === GONE)!;
    expect((await fetch(`${content.url}/api/jobs/${job.id}`)).status).toBe(200);

    serve(source.feed_url, JSON.stringify(real.filter((p) => p.id !== GONE)));
    const result = await collectorFor(LIFTED).collect(source.id);
    expect(result).toMatchObject({ status: 'collected', seen: 9, added: [], updated: [], closed: [job.id] });
    const rows = await jobsOf(source.id);
    expect(rows.filter((j) => j.closed_at).map((j) => j.external_id)).toEqual([GONE]);
    // Its twin in Palo Alto, same title, stays open.
    expect(rows.find((j) => j.external_id === 'a8174f9c-6f46-46b4-8e15-d1ff9e37c9eb')!.closed_at).toBeNull();
    const gone = await fetch(`${content.url}/api/jobs/${job.id}`);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toEqual({ error: { status: 410, code: 'job_closed', message: 'This job is no longer open' } });

    serve(source.feed_url, read(JOBS, PALANTIR));
    const back = await collectorFor(LIFTED).collect(source.id);
    expect(back).toMatchObject({ added: [], updated: [job.id], closed: [] });
    expect((await fetch(`${content.url}/api/jobs/${job.id}`)).status).toBe(200);
  });

  it('expiry by the real posting dates: with the age limit at 1 January 2025, the three postings of March 2024 close', async () => {
    const source = await addBoard(PALANTIR, 'Palantir (expiry)');
    await collectorFor(LIFTED).collect(source.id);
    const maxAgeDays = Math.floor((Date.now() - Date.parse('2025-01-01T00:00:00Z')) / DAY_MS);
    serve(source.feed_url, JSON.stringify(JSON.parse(read(JOBS, PALANTIR).toString('utf8'))));
    const result = await collectorFor(maxAgeDays).collect(source.id);
    expect(reasonsOf(result.skipped)).toEqual({ [`closed: posted over ${maxAgeDays} days ago or past its deadline`]: 3 });
    const rows = await jobsOf(source.id);
    const closed = rows.filter((j) => j.closed_at);
    expect(closed.map((j) => j.external_id)).toEqual([
      '10dfc8bc-99ad-4ca2-ab76-853cb90a92c2',
      'ab7e3425-81d5-4705-a7b5-cd60c8a45cdb',
      'ac978161-6f46-4f6b-ad9e-a258e642751c',
    ]);
    expect(closed.every((j) => j.created_at.getTime() < Date.parse('2024-04-01'))).toBe(true);
    // The collection closes every job past the limit, whichever board it came from: these among them.
    expect(result.closed).toEqual(expect.arrayContaining(closed.map((j) => j.id)));
  });
});
