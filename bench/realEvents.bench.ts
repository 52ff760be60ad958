/**
 * The event collectors over the real calendars and pages of `../shared/data/events`
 * (or `$SHARED_DATA/events`), served locally: `npm run bench -- realEvents`.
 *
 * Part 1 collects each file as a source into a throwaway database and prints
 * what it yields: items read (recurrences expanded up to 12 months ahead),
 * events imported, published by relevance, and why the others are left out;
 * once today (every file is old, so the 30-day cutoff leaves out nearly all)
 * and once as of the day before each file's first event, as if collected fresh.
 * Part 2 calibrates the AI relevance score on every event of those files
 * whatever its date, and on the AI conferences of `ai_conferences/*.yml`:
 * the score's distribution per file and the share reaching the threshold.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { createLogger, type EventBus } from '@neuralbeat/common';
import { SourcesRepository } from '../services/pipeline/src/repositories/sourcesRepository';
import { EventCollector } from '../services/pipeline/src/events/eventCollector';
import { readIcal } from '../services/pipeline/src/events/icalReader';
import { scoreRelevance } from '../services/pipeline/src/events/relevance';
import { readEventPage } from '../services/pipeline/src/events/webReaders';
import { startFeedServer } from '../tests/support/feedServer';
import { SHARED_DATA } from './dedupeLabels/realFeeds';
import { benchDatabase } from './support';

const EVENTS = path.join(SHARED_DATA, 'events');
const THRESHOLD = Number(process.env.EVENT_RELEVANCE_THRESHOLD ?? 50);
if (!fs.existsSync(EVENTS)) {
  console.log(`No real event data at ${EVENTS}: skipped.`);
  process.exit(0);
}

const files = [
  ...fs
    .readdirSync(path.join(EVENTS, 'ics'))
    .filter((f) => f.endsWith('.ics'))
    .map((f) => ({ file: `ics/${f}`, kind: 'ical' as const, type: 'text/calendar; charset=utf-8' })),
  ...fs
    .readdirSync(path.join(EVENTS, 'other'))
    .filter((f) => f.endsWith('.html'))
    .map((f) => ({ file: `other/${f}`, kind: 'event-feed' as const, type: 'text/html; charset=utf-8' })),
];

const bands = (scores: number[]) => {
  const b = { '0': 0, '1–24': 0, '25–49': 0, '50–79': 0, '80–100': 0 };
  for (const s of scores) b[s === 0 ? '0' : s < 25 ? '1–24' : s < 50 ? '25–49' : s < 80 ? '50–79' : '80–100']++;
  return Object.entries(b)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
};
const pct = (n: number, of: number) => (of ? `${Math.round((100 * n) / of)}%` : '–');

const database = await benchDatabase();
const server = await startFeedServer();
const bus = { publish: async () => 'id' } as unknown as EventBus;
const sources = new SourcesRepository(database.db);
const everything = { from: new Date('1900-01-01'), to: new Date(Date.now() + 366 * 86_400_000) };

/** The day before a file's first event: when its calendar was fresh. */
function freshDay(file: string, kind: 'ical' | 'event-feed'): Date {
  const text = fs.readFileSync(path.join(EVENTS, file), 'utf8');
  const read = kind === 'ical' ? readIcal(text, everything) : readEventPage(text, 'https://example.invalid/');
  const first = Math.min(...read.events.map((e) => e.start.getTime()));
  return new Date(first - 86_400_000);
}

async function collectAll(label: string, asOf: (file: string, kind: 'ical' | 'event-feed') => Date) {
  console.log(`${label}, threshold ${THRESHOLD}\n`);
  for (const { file, kind, type } of files) {
    const now = asOf(file, kind);
    const collector = new EventCollector(database.db, createLogger('realEvents', 'silent'), bus, {
      timeoutMs: 15_000,
      userAgent: 'NeuralBeatBot/1.0 (realEvents)',
      relevanceThreshold: THRESHOLD,
      now: () => now,
    });
    const route = `/${label.length}/${path.basename(file)}`;
    server.routes.set(route, { body: fs.readFileSync(path.join(EVENTS, file)), contentType: type });
    const source = await sources.upsert(`${path.basename(file)} (${label})`, `${server.url}${route}`, kind);
    const result = await collector.collect(source.id);
    const published = await database
      .db('events')
      .where({ source_url: `${server.url}${route}`, published: true })
      .count<{ count: string }[]>('id as count');
    const reasons = new Map<string, number>();
    for (const s of result.skipped ?? []) reasons.set(s.reason, (reasons.get(s.reason) ?? 0) + 1);
    console.log(
      `${file} (as of ${now.toISOString().slice(0, 10)}): ${result.status}${result.error ? ` (${result.error})` : ''}; items ${result.seen ?? 0}, imported ${result.added.length}, joined to another source's ${result.joined?.length ?? 0}, published ${published[0]!.count}`,
    );
    for (const [reason, n] of reasons) console.log(`    left out ${n}: ${reason}`);
  }
  console.log('');
}

try {
  const today = new Date();
  await collectAll('Part 1a: collected today', () => today);
  await collectAll("Part 1b: collected the day before each file's first event (its calendar fresh)", freshDay);
} finally {
  await server.close();
  await database.drop();
}

console.log(`Part 2: AI relevance on every event whatever its date (share ≥ ${THRESHOLD})\n`);
for (const { file, kind } of files) {
  const text = fs.readFileSync(path.join(EVENTS, file), 'utf8');
  const read = kind === 'ical' ? readIcal(text, everything) : readEventPage(text, 'https://example.invalid/');
  const scores = read.events.map((e) => scoreRelevance(e).score);
  console.log(
    `${file}: ${scores.length} events, ${pct(scores.filter((s) => s >= THRESHOLD).length, scores.length)} ≥ ${THRESHOLD} (${bands(scores)})`,
  );
  if (file.includes('ccfddl')) {
    const ai = read.events.filter((e) => e.topics.some((t) => /\(AI\)/.test(t)));
    const aiScores = ai.map((e) => scoreRelevance(e).score);
    const other = read.events.filter((e) => !ai.includes(e)).map((e) => scoreRelevance(e).score);
    console.log(
      `    category AI: ${ai.length}, ${pct(aiScores.filter((s) => s >= THRESHOLD).length, ai.length)} ≥ ${THRESHOLD} (${bands(aiScores)})`,
    );
    console.log(
      `    other categories: ${other.length}, ${pct(other.filter((s) => s >= THRESHOLD).length, other.length)} ≥ ${THRESHOLD} (${bands(other)})`,
    );
  }
  if (file.includes('pycon')) {
    for (const e of read.events) {
      const r = scoreRelevance(e);
      if (r.score >= THRESHOLD) console.log(`    ≥ ${THRESHOLD}: ${e.name} (${r.score})`);
    }
  }
}

interface Conference {
  title: string;
  year: number;
  full_name?: string;
  tags?: string[];
}
const confDir = path.join(EVENTS, 'ai_conferences');
const conferences = fs
  .readdirSync(confDir)
  .filter((f) => f.endsWith('.yml'))
  .flatMap((f) => (parseYaml(fs.readFileSync(path.join(confDir, f), 'utf8')) as Conference[] | null) ?? []);
const confScores = conferences.map((c) => ({
  name: `${c.title} ${c.year}`,
  score: scoreRelevance({ name: `${c.title} ${c.year}`, description: c.full_name ?? '', topics: c.tags ?? [], tags: [] }).score,
}));
console.log(
  `ai_conferences/*.yml: ${confScores.length} conference editions, ${pct(confScores.filter((c) => c.score >= THRESHOLD).length, confScores.length)} ≥ ${THRESHOLD} (${bands(confScores.map((c) => c.score))})`,
);
const low = [...new Set(confScores.filter((c) => c.score < THRESHOLD).map((c) => c.name.replace(/ \d+$/, '')))];
if (low.length) console.log(`    below: ${low.join(', ')}`);
