/**
 * The job collectors over the real Greenhouse and Lever answers of
 * `../shared/data/jobs` (or `$SHARED_DATA/jobs`), served locally at their API
 * paths: `npm run bench -- realJobs`.
 *
 * Each file is collected twice into a throwaway database: today with
 * JOB_MAX_AGE_DAYS (default 45), as the pipeline would, and with the age limit
 * lifted (as if collected the day it was recorded), to show what the mapping
 * makes of every posting. Prints jobs taken, the postings left out and why, and
 * per job: remote and region, type, structured pay, whether requirements were
 * found, and that a second collection adds nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createLogger, type EventBus } from '@neuralbeat/common';
import { SourcesRepository } from '../services/pipeline/src/repositories/sourcesRepository';
import { JobCollector } from '../services/pipeline/src/jobs/jobCollector';
import { startFeedServer } from '../tests/support/feedServer';
import { SHARED_DATA } from './dedupeLabels/realFeeds';
import { benchDatabase } from './support';

const JOBS = path.join(SHARED_DATA, 'jobs');
const MAX_AGE_DAYS = Number(process.env.JOB_MAX_AGE_DAYS ?? 45);
if (!fs.existsSync(JOBS)) {
  console.log(`No real job data at ${JOBS}: skipped.`);
  process.exit(0);
}

const files = (['greenhouse', 'lever'] as const).flatMap((kind) =>
  fs
    .readdirSync(path.join(JOBS, kind))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file: `${kind}/${file}`, kind })),
);
/** The API path each board is served at, as its source URL names it. */
const apiPath = (kind: 'greenhouse' | 'lever', n: number) =>
  kind === 'greenhouse' ? `/g${n}/v1/boards/board${n}/jobs?content=true` : `/l${n}/v0/postings/site${n}?mode=json`;

const database = await benchDatabase();
const server = await startFeedServer();
const bus = { publish: async () => 'id' } as unknown as EventBus;
const logger = createLogger('realJobs', 'silent');
const collectorFor = (maxAgeDays: number) =>
  new JobCollector(database.db, logger, bus, { timeoutMs: 15_000, userAgent: 'NeuralBeatBot/1.0 (realJobs)', maxAgeDays });
const sources = new SourcesRepository(database.db);

try {
  let n = 0;
  for (const [label, maxAgeDays] of [
    [`today (${new Date().toISOString().slice(0, 10)}), JOB_MAX_AGE_DAYS=${MAX_AGE_DAYS}`, MAX_AGE_DAYS],
    ['age limit lifted (as if collected when recorded)', 36_500],
  ] as const) {
    console.log(`\nCollected ${label}\n`);
    const collector = collectorFor(maxAgeDays);
    for (const { file, kind } of files) {
      const route = apiPath(kind, ++n);
      server.routes.set(route, { body: fs.readFileSync(path.join(JOBS, file)), contentType: 'application/json; charset=utf-8' });
      const source = await sources.upsert(path.basename(file, '.json'), `${server.url}${route}`, kind);
      const result = await collector.collect(source.id);
      const again = await collector.collect(source.id);
      console.log(
        `${file}: ${result.status}${result.error ? ` (${result.error})` : ''}; postings ${result.seen ?? 0}, jobs ${result.added.length}; collected again: ${again.status}, ${again.added.length} added, ${again.updated.length} updated`,
      );
      const reasons = new Map<string, number>();
      for (const s of result.skipped ?? []) reasons.set(s.reason, (reasons.get(s.reason) ?? 0) + 1);
      for (const [reason, count] of reasons) console.log(`    left out ${count}: ${reason}`);
      if (maxAgeDays === MAX_AGE_DAYS) continue;
      const rows = await database
        .db('jobs')
        .where({ source_id: source.id })
        .orderBy('id')
        .select('external_id', 'location', 'remote', 'country', 'job_type', 'salary_range', 'description', 'requirements', 'created_at');
      for (const r of rows)
        console.log(
          `    ${r.external_id}: ${r.job_type}, ${r.remote ? `remote (${r.country ?? 'region unknown'})` : `on site: ${r.location}`}, pay ${r.salary_range ?? 'not structured'}, description ${r.description.length} chars, requirements ${r.requirements ? `${r.requirements.length} chars` : 'none found'}, posted ${r.created_at.toISOString().slice(0, 10)}`,
        );
    }
  }
} finally {
  await server.close();
  await database.drop();
}
