/**
 * Manage news sources: `npm run sources -- <command>` (from the repository root)
 *   list                 every source: state, last collection (items seen, added, updated, folded) and last error
 *   add <name> <url>     add (or rename) a source; scheduled and collected at once
 *   enable <id>          schedule it again (collected at once)
 *   disable <id>         stop collecting it
 *   collect <id>         collect it now
 * Schedules live in Redis, so the running pipeline follows at once.
 */
import { AppError, createDb, createRedis } from '@neuralbeat/common';
import { pipelineConfig } from '../config';
import { createPipelineQueues, closeQueues } from '../queues';
import { SourcesService } from '../services/sourcesService';
import type { NewsSourceRow } from '../repositories/sourcesRepository';

const USAGE = 'Usage: sources list | add <name> <feed-url> | enable <id> | disable <id> | collect <id>';

function sourceId(command: string, raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new AppError(400, 'usage', `${command} needs a numeric source id. ${USAGE}`);
  return id;
}

async function run(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const cfg = pipelineConfig();
  const db = createDb(cfg.DATABASE_URL, { max: 1 });
  const redis = createRedis(cfg.REDIS_URL);
  const queues = createPipelineQueues(redis, cfg);
  const sources = new SourcesService(db, queues.collect, cfg.COLLECT_INTERVAL_SECONDS);
  try {
    switch (command) {
      case 'list': {
        const rows = await sources.list();
        if (!rows.length) console.log('No sources yet. Add one with: sources add <name> <feed-url>');
        for (const s of rows) console.log(describeSource(s));
        return 0;
      }
      case 'add': {
        const [name, url] = rest;
        if (!name?.trim() || !url) return fail(`add needs a name and a feed URL. ${USAGE}`);
        const row = await sources.add(name, url);
        console.log(`Source ${row.id} "${row.name}" → ${row.feed_url}${row.enabled ? ' (scheduled; collecting now)' : ' (disabled)'}`);
        return 0;
      }
      case 'enable':
      case 'disable': {
        const row = await sources.setEnabled(sourceId(command, rest[0]), command === 'enable');
        console.log(`Source ${row.id} "${row.name}" ${command}d.`);
        return 0;
      }
      case 'collect': {
        const row = await sources.collectNow(sourceId(command, rest[0]));
        console.log(`Source ${row.id} "${row.name}" queued for collection.`);
        return 0;
      }
      default:
        return fail(USAGE);
    }
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return fail(err.message);
    throw err;
  } finally {
    await closeQueues(queues);
    await db.destroy();
    redis.disconnect();
  }
}

/** Two lines per source: who it is, then what its last collection did. */
function describeSource(s: NewsSourceRow): string {
  const state = s.enabled ? 'enabled ' : 'disabled';
  let last: string;
  if (!s.last_fetched_at) last = 'never';
  else if (s.last_collection_status === 'failed' || (s.last_error && s.last_collection_status !== 'collected')) {
    last = `${s.last_fetched_at.toISOString()}, failed (${s.consecutive_failures} in a row): ${s.last_error}`;
  } else {
    const found = `${s.items_seen} items seen, ${s.items_added} added, ${s.items_updated} updated, ${s.items_folded} folded together`;
    last =
      s.last_collection_status === 'not-modified'
        ? `${s.last_fetched_at.toISOString()}, not modified since the last fetch (which found ${found})`
        : `${s.last_fetched_at.toISOString()}, collected: ${found}`;
  }
  return `${String(s.id).padStart(4)}  ${state}  ${s.name}  ${s.feed_url}\n        last collection: ${last}`;
}

function fail(message: string): number {
  console.error(message);
  return 2;
}

process.exitCode = await run(process.argv.slice(2));
