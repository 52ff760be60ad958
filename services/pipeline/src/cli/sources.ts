/**
 * Manage news sources: `npm run sources -- <command>` (from the repository root)
 *   list                 every source with its state
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
        for (const s of rows) {
          const state = s.enabled ? 'enabled ' : 'disabled';
          const last = s.last_error ? `error: ${s.last_error}` : s.last_success_at ? `ok at ${s.last_success_at.toISOString()}` : 'never fetched';
          console.log(`${String(s.id).padStart(4)}  ${state}  ${s.name}  ${s.feed_url}  (${last})`);
        }
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

function fail(message: string): number {
  console.error(message);
  return 2;
}

process.exitCode = await run(process.argv.slice(2));
